import MediaServer

/// Core MIDI calls reach the MIDI server of the device whose app is running them.
enum MIDIContext {
    static var binding: AppBinding? { AppContext.current }

    /// Runs `body` against the server of the calling app; Core MIDI's result codes become OSStatus.
    static func call(_ body: (MIDIServer, AppBinding) throws(MIDIStatus) -> Void) -> OSStatus {
        guard let binding else { return kMIDIServerStartErr }
        do {
            try body(binding.server.midi, binding)
            return noErr
        } catch {
            return error.rawValue
        }
    }

    /// A block called later by the server runs inside the app that registered it.
    static func inApp<each A>(_ binding: AppBinding, _ body: @escaping (repeat each A) -> Void) -> (repeat each A) -> Void {
        { (value: repeat each A) in AppContext.run(as: binding) { body(repeat each value) } }
    }
}
