import SimCore

/// The IO frame clock: one frame count from time zero that goes on across IO restarts, each
/// stretch (`Segment`) at the rate the IO ran at then.
///
/// Frame numbers never jump or repeat when the hardware rate changes: the IO stops at the end of
/// a cycle (frame `F`, at the instant that frame starts), and restarts with frame `F` at the new
/// rate. Everything placed on the IO timeline (voice starts and stops, a player's end, a
/// recorder's stretches, sink positions) therefore stays valid across the restart.
public struct IOClock: Sendable {
    public struct Segment: Sendable, Equatable {
        /// The first IO frame played at `rate`.
        public let firstFrame: Int64
        /// The instant `firstFrame` starts.
        public let firstTime: HostTime
        public let rate: SampleRate

        /// The frame playing at `time` (or the first boundary at or after it, rounding up).
        public func frame(at time: HostTime, rounding: TimeRounding = .down) -> Int64 {
            firstFrame + rate.sampleTime(at: HostTime(nanoseconds: (time - firstTime).nanoseconds), rounding: rounding).frames
        }

        /// The instant frame `frame` starts.
        public func hostTime(ofFrame frame: Int64, rounding: TimeRounding = .up) -> HostTime {
            firstTime + HostDuration(nanoseconds: rate.hostTime(at: SampleTime(frames: frame - firstFrame),
                                                                rounding: rounding).nanoseconds)
        }
    }

    /// Oldest first; one more per rate change (a handful in a run).
    public private(set) var segments: [Segment]

    /// A clock at `rate` from time zero (frame 0 at host time 0).
    public init(rate: SampleRate) {
        segments = [Segment(firstFrame: 0, firstTime: .zero, rate: rate)]
    }

    public var rate: SampleRate { segments[segments.count - 1].rate }

    /// Continues at `rate` from frame `frame`, which starts at `time`.
    public mutating func changeRate(to rate: SampleRate, atFrame frame: Int64, time: HostTime) {
        segments.append(Segment(firstFrame: frame, firstTime: time, rate: rate))
    }

    /// The segment covering `time`.
    public func segment(at time: HostTime) -> Segment {
        segments.last { $0.firstTime <= time } ?? segments[0]
    }

    /// The segment covering frame `frame` (a future frame: the current segment).
    public func segment(ofFrame frame: Int64) -> Segment {
        segments.last { $0.firstFrame <= frame } ?? segments[0]
    }

    /// The first frame after the segment covering `frame` (`.max` for the current one).
    public func segmentEnd(ofFrame frame: Int64) -> Int64 {
        segments.first { $0.firstFrame > frame }?.firstFrame ?? .max
    }

    public func frame(at time: HostTime, rounding: TimeRounding = .down) -> Int64 {
        segment(at: time).frame(at: time, rounding: rounding)
    }

    public func hostTime(ofFrame frame: Int64, rounding: TimeRounding = .up) -> HostTime {
        segment(ofFrame: frame).hostTime(ofFrame: frame, rounding: rounding)
    }

    /// The span of IO frames `[from, to)` as a count of frames at `hertz`, segment by segment (so
    /// a player at 44.1 kHz knows how much of its file played while the IO ran at 48 then 16 kHz).
    public func frames(from: Int64, to: Int64, atRate hertz: Int64) -> Int64 {
        guard to > from else { return 0 }
        var total: Int64 = 0
        for (index, segment) in segments.enumerated() {
            let end = index + 1 < segments.count ? segments[index + 1].firstFrame : .max
            let first = max(from, segment.firstFrame), last = min(to, end)
            guard last > first else { continue }
            // Frames at the segment's rate, scaled to `hertz` (the rate is integral on hardware).
            let count = (last - first).multipliedFullWidth(by: hertz * segment.rate.framesPerSecondDenominator)
            total += Int64(truncatingIfNeeded: segment.rate.framesPerSecondNumerator.dividingFullWidth(count).quotient)
        }
        return total
    }
}
