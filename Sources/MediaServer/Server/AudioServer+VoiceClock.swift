import SimCore

/// The IO clock as audio objects (AVAudioPlayer, AVAudioRecorder) need it to place their own
/// events — a player's end, a recorder's timed stop — on the exact frame.
extension AudioServer {
    /// The rate voices are rendered at, once IO has started (it starts with the first voice or reader).
    public var ioSampleRate: SampleRate? { io.engine?.sampleRate }

    /// The IO frame playing at this instant (the frame a voice added now starts on); 0 before IO starts.
    public var ioFrameNow: Int64 { controlFrame }

    /// The host time at which IO frame `frame` starts, rounded up, so that an action scheduled then
    /// sees `ioFrameNow == frame`.
    public func hostTime(ofIOFrame frame: Int64) -> HostTime? {
        io.engine.map { $0.sampleRate.hostTime(at: SampleTime(frames: frame), rounding: .up) }
    }

    /// `app` stops reading input (a recorder stopped): its tap keeps what it captured.
    public func stopInput(app: AppID) {
        io.inputReaders.removeAll { $0.app == app }
        refreshProgram(resample: true)
    }
}
