import SimCore
import VirtualDevices

/// The IO clock as audio objects (AVAudioPlayer, AVAudioRecorder) need it to place their own
/// events — a player's end, a recorder's timed stop — on the exact frame.
extension AudioServer {
    /// The rate voices are rendered at now, once IO has started (it starts with the first voice
    /// or reader); it follows the hardware when the IO restarts at another rate.
    public var ioSampleRate: SampleRate? { io.clock?.rate }

    /// The IO frame clock, segment by segment: frames keep counting across restarts at a new
    /// rate, so frames taken before a restart still place events correctly after it.
    public var ioClock: IOClock? { io.clock }

    /// The IO frame playing at this instant (the frame a voice added now starts on); 0 before IO starts.
    public var ioFrameNow: Int64 { controlFrame }

    /// The host time at which IO frame `frame` starts, rounded up, so that an action scheduled then
    /// sees `ioFrameNow == frame`.
    public func hostTime(ofIOFrame frame: Int64) -> HostTime? {
        io.clock?.hostTime(ofFrame: frame, rounding: .up)
    }

    /// `app` stops reading input (a recorder stopped): its tap keeps what it captured.
    public func stopInput(app: AppID) {
        io.inputReaders.removeAll { $0.app == app }
        refreshProgram(resample: true)
    }
}

extension AudioServer {
    /// IO frames `[from, to)` counted at `hertz` (a player's file rate), segment by segment: the
    /// same as `(to - from) · hertz / ioRate` while the IO rate holds, and still right after the
    /// IO restarted at another rate.
    public func ioFrames(from: Int64, to: Int64, atRate hertz: Int64) -> Int64 {
        io.clock?.frames(from: from, to: to, atRate: hertz) ?? 0
    }
}
