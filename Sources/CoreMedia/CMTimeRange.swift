/// `CMTimeRange`: a start and a duration.
public struct CMTimeRange: Hashable, Sendable {
    public var start: CMTime
    public var duration: CMTime

    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    /// `CMTimeRangeFromTimeToTime`.
    public init(start: CMTime, end: CMTime) {
        self.init(start: start, duration: CMTimeSubtract(end, start))
    }

    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)

    /// Start and duration valid, duration not negative and not indefinite (CMTIMERANGE_IS_VALID).
    public var isValid: Bool {
        start.isValid && duration.isValid && duration.epoch == 0 && !duration.isIndefinite && !(duration.isNumeric && duration.value < 0)
            && !duration.isNegativeInfinity
    }
    public var isEmpty: Bool { isValid && duration == .zero }
    /// `CMTimeRangeGetEnd`: start + duration.
    public var end: CMTime { CMTimeAdd(start, duration) }

    /// `CMTimeRangeContainsTime`: start ≤ time < end.
    public func containsTime(_ time: CMTime) -> Bool {
        isValid && time >= start && time < end
    }

    public func containsTimeRange(_ other: CMTimeRange) -> Bool {
        isValid && other.isValid && other.start >= start && other.end <= end
    }
}

public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange { CMTimeRange(start: start, duration: duration) }
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange { CMTimeRange(start: start, end: end) }
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime { range.end }
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool { range.containsTime(time) }
