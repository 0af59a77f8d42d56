import AudioGraph
import SimCore
import VirtualDevices

/// The device's acoustic paths (speaker and receiver into the built-in microphone). The echo is
/// an engine voice feeding the microphone's listeners (recorders' taps and audio units' inputs
/// alike); what the coupled outputs played is also kept as the far end voice-processing units
/// cancel (`echoReference`).
extension AudioServer {
    /// What the device played through its outputs that reach the built-in microphone, by IO
    /// frame: the far end a voice-processing I/O unit cancels (`EchoReference`). One object for
    /// the server's life; a unit takes it when it starts.
    public var echoReference: EchoReference { io.acousticEcho.played }

    /// Starts the echo voice with the IO (see `AcousticEcho`): an engine voice of no app, with
    /// no voice ID from the counter, so it changes neither the trace nor the apps' voice IDs. It
    /// comes first among client voices, so the echo is in every input before any app reads it.
    func startAcousticPath() {
        guard let engine = io.engine, !io.voices.contains(where: { $0.role == .acousticEcho }) else { return }
        let voice = engine.addClientVoice(io.acousticEcho, channels: 1, at: io.cycleStart)
        io.voices.append(AudioVoice(id: VoiceID(rawValue: 0), app: nil, engineVoice: voice, channels: 1, role: .acousticEcho))
    }

    /// The echo voice's routes: every input tap and client input hearing a built-in microphone,
    /// at its reader's gain (silence without record permission, as for the microphone itself),
    /// except readers whose echo-cancelled input is on.
    func acousticEchoRoutes() -> [ChannelRoute] {
        let microphones = device.profile.builtInPorts.filter { $0.direction == .input && $0.portType == .builtInMic }.map(\.uid)
        return io.readerTaps.filter { tap in
            tap.echoGain != 0 && microphones.contains { tap.portUID == $0 || tap.portUID.hasPrefix($0 + "#") }
        }.map { ChannelRoute(sourceChannel: 0, outputChannel: $0.tapChannel, gain: $0.echoGain) }
    }

    /// Control side, with the mix snapshot: which engine channels the coupled outputs are and
    /// their delays at the current rate and IO buffer; processors follow the rate.
    func configureAcousticPath() {
        guard let engine = io.engine else { return }
        let rate = Int(engine.sampleRate.integralHertz ?? 0)
        var sources: [AcousticEcho.Source] = []
        for path in device.profile.acousticPaths {
            guard let slot = io.layout.first(where: { $0.uid == path.outputUID && !$0.isInputTap }) else { continue }
            sources.append(.init(firstChannel: slot.firstChannel, channels: slot.channels,
                                 delayFrames: io.cycleFrames + path.delayFrames(sampleRate: rate), gain: path.gain))
        }
        io.acousticEcho.configure(sources: sources, maxFrames: engine.maxFrames)
    }

    /// Render side, after each engine render (one per IO cycle): feeds what the coupled outputs
    /// played to the echo's delay line and to the echo reference. Allocates nothing.
    func applyAcousticPath(frames: Int, engine: RenderEngine) {
        let acoustic = io.acousticEcho
        guard acoustic.isActive else { return }
        acoustic.capture(frames: frames, start: engine.position - Int64(frames)) {
            engine.isSilent(channel: $0) ? nil : engine.output(channel: $0, frames: frames)
        }
    }
}
