import SimCore

/// MIDI devices outside the simulated device, reached through a real audio server (a JACK MIDI
/// port): an ordinary MIDI device with one source and one destination, whose source emits what
/// the outside sends, each message at its own time.
extension MIDIServer {
    /// Adds the device (clients hear `msgObjectAdded` and `msgSetupChanged`) and returns its source.
    public func addExternalDevice(name: String, manufacturer: String) -> UInt32 {
        let device = addDevice(name: name, manufacturer: manufacturer, peer: nil)
        return entities(of: device).first.flatMap { sources(of: $0).first } ?? 0
    }

    /// `source` emits `bytes` (one MIDI 1.0 message) timestamped `time`, at that time (at once if
    /// it has passed).
    public func emitExternal(from source: UInt32, _ bytes: [UInt8], at time: HostTime) {
        let message = MIDITimedMessage(timeStamp: UInt64(max(0, time.nanoseconds)), bytes: bytes)
        if time <= now {
            try? emit(from: source, [message])
        } else {
            schedule("midi.external", at: time) { [weak self] in try? self?.emit(from: source, [message]) }
        }
    }
}
