import AudioGraph
import VirtualDevices

/// Hands the IO cycle to a real audio server (`IOBackend`).
extension AudioServer {
    /// Plays the device's ports through `backend` too, at its server's period. Call before any
    /// audio starts; the device's default rate is the backend's (set on the profile the server
    /// was made with: `AudioHardware.pinned(toRate:)`).
    public func use(_ backend: any IOBackend) {
        io.backend = backend
        io.settings.ioBufferFramesOverride = backend.periodFrames
        backend.attach(to: self)
    }

    func forwardToBackend(frames: Int, engine: RenderEngine) {
        guard let backend = io.backend else { return }
        backend.ioRendered(IOCycleOutput(firstFrame: engine.position - Int64(frames), frameCount: frames,
                                         sampleRate: engine.sampleRate, engine: engine, slots: io.layout))
    }
}

extension AudioHardware {
    /// The same hardware defaulting to `rate` (a real server's rate), which it must support.
    /// Nil when the codec has no such rate.
    public func pinned(toRate rate: Int) -> AudioHardware? {
        guard sampleRates.contains(rate) else { return nil }
        var pinned = self
        pinned.defaultSampleRate = rate
        return pinned
    }
}

/// A real audio server's inputs (JACK capture ports) as the device's input port channels.
extension AudioServer {
    /// Makes `client` the sound arriving at channel `channel` (1-based) of input port `portUID`
    /// from a real audio server: apps reading that port hear it (gated by record permission and
    /// their session, as any input), mixed with the port's simulated sources. `client` renders one
    /// channel per IO cycle on the render side and must not allocate, lock or log there. It is an
    /// engine voice of no app, with no voice ID, so the trace is the same as without it.
    public func feedInput(portUID: String, channel: Int, from client: RenderClient) {
        io.hardwareInputs.append((portUID, channel, client))
        guard io.engine != nil else { return }
        startHardwareInputs()
        refreshProgram(resample: false)
    }

    /// Starts an engine voice for each fed input not playing yet (when IO starts, or at once).
    func startHardwareInputs() {
        guard let engine = io.engine else { return }
        for input in io.hardwareInputs {
            let role = AudioVoice.Role.hardwareInput(portUID: input.portUID, channel: input.channel)
            guard !io.voices.contains(where: { $0.role == role }) else { continue }
            let voice = engine.addClientVoice(input.client, channels: 1, at: io.cycleStart)
            io.voices.append(AudioVoice(id: VoiceID(rawValue: 0), app: nil, engineVoice: voice, channels: 1, role: role))
        }
    }
}
