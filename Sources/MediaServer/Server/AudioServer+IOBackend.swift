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
