/// A position or length in audio frames at some sample rate.
public struct SampleTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var frames: Int64

    public init(frames: Int64) { self.frames = frames }

    public static let zero = SampleTime(frames: 0)

    public static func < (lhs: SampleTime, rhs: SampleTime) -> Bool { lhs.frames < rhs.frames }
    public static func + (lhs: SampleTime, rhs: SampleTime) -> SampleTime { SampleTime(frames: lhs.frames + rhs.frames) }
    public static func - (lhs: SampleTime, rhs: SampleTime) -> SampleTime { SampleTime(frames: lhs.frames - rhs.frames) }

    public var description: String { "\(frames) frames" }
}

/// How a conversion that does not land on a whole frame or nanosecond is rounded.
public enum TimeRounding: Sendable {
    /// Towards negative infinity: the frame that is playing at that instant.
    case down
    /// Towards positive infinity: the first frame boundary at or after that instant.
    case up
}

extension SampleRate {
    /// The frame position at `time`: `time * rate`, exact in 128-bit intermediate arithmetic.
    public func sampleTime(at time: HostTime, rounding: TimeRounding = .down) -> SampleTime {
        SampleTime(frames: scaled(time.nanoseconds, by: framesPerSecondNumerator,
                                  over: framesPerSecondDenominator * 1_000_000_000, rounding: rounding))
    }

    /// The instant at which frame `position` starts.
    public func hostTime(at position: SampleTime, rounding: TimeRounding = .down) -> HostTime {
        HostTime(nanoseconds: scaled(position.frames, by: framesPerSecondDenominator * 1_000_000_000,
                                     over: framesPerSecondNumerator, rounding: rounding))
    }

    /// The length of `duration` in frames.
    public func frames(in duration: HostDuration, rounding: TimeRounding = .down) -> Int64 {
        sampleTime(at: HostTime(nanoseconds: duration.nanoseconds), rounding: rounding).frames
    }

    /// The length of `frames` frames on the host clock.
    public func duration(ofFrames frames: Int64, rounding: TimeRounding = .down) -> HostDuration {
        HostDuration(nanoseconds: hostTime(at: SampleTime(frames: frames), rounding: rounding).nanoseconds)
    }
}

/// `value * multiplier / divisor` without intermediate overflow, rounded as asked.
private func scaled(_ value: Int64, by multiplier: Int64, over divisor: Int64, rounding: TimeRounding) -> Int64 {
    let product = value.multipliedFullWidth(by: multiplier)
    let (quotient, remainder) = divisor.dividingFullWidth(product)
    guard remainder != 0 else { return quotient }
    // dividingFullWidth truncates towards zero; fix up to the requested direction.
    let negative = (value < 0) != (multiplier < 0)
    switch rounding {
    case .down: return negative ? quotient - 1 : quotient
    case .up: return negative ? quotient : quotient + 1
    }
}
