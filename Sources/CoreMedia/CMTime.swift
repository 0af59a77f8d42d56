/// `CMTime`: a rational time, `value / timescale` seconds, with flags for the special values.
///
/// The arithmetic is exact: sums, differences and products are computed on 128-bit integers and
/// rounded once, only when the result does not fit its timescale (then `hasBeenRounded` is set),
/// as CMTime.h describes. Special values follow CMTime.h: anything with an invalid operand is
/// invalid; indefinite wins over the infinities; +∞ and −∞ added together are invalid.
public typealias CMTimeValue = Int64
public typealias CMTimeScale = Int32
public typealias CMTimeEpoch = Int64

/// `kCMTimeMaxTimescale`.
public let kCMTimeMaxTimescale: Int32 = 0x7fff_ffff

public struct CMTimeFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}

public struct CMTime: Hashable, Sendable {
    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public var flags: CMTimeFlags
    public var epoch: CMTimeEpoch

    /// All zero: an invalid time, as a calloc'ed CMTime is.
    public init() { self.init(value: 0, timescale: 0, flags: [], epoch: 0) }

    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// A valid time in epoch 0; a timescale of zero or less gives `.invalid` (CMTimeMake).
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self = timescale > 0 ? CMTime(value: value, timescale: timescale, flags: .valid, epoch: 0) : .invalid
    }

    /// The nearest time at `preferredTimescale`, rounded half away from zero (CMTimeMakeWithSeconds);
    /// NaN is invalid, ±∞ and out-of-range values are the infinities.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard preferredTimescale > 0, !seconds.isNaN else { self = .invalid; return }
        let scaled = (seconds * Double(preferredTimescale)).rounded(.toNearestOrAwayFromZero)
        guard scaled.isFinite, abs(scaled) < 9.2e18 else { self = seconds < 0 ? .negativeInfinity : .positiveInfinity; return }
        self.init(value: Int64(scaled), timescale: preferredTimescale)
        if Double(value) != seconds * Double(preferredTimescale) { flags.insert(.hasBeenRounded) }
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime()
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    public var isValid: Bool { flags.contains(.valid) }
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// Valid, and neither indefinite nor infinite.
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: .impliedValueFlagsMask) }
    public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

    /// `CMTimeGetSeconds`: NaN for invalid and indefinite times, ±∞ for the infinities.
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// `CMTimeConvertScale`.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        CMTimeConvertScale(self, timescale: newTimescale, method: method)
    }
}

/// How a time that does not fit its timescale is rounded (`CMTimeRoundingMethod`).
public enum CMTimeRoundingMethod: UInt32, Sendable {
    case roundHalfAwayFromZero = 1
    case roundTowardZero = 2
    case roundAwayFromZero = 3
    case quickTime = 4
    case roundTowardNegativeInfinity = 5
    case roundTowardPositiveInfinity = 6

    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}

extension CMTime: CustomStringConvertible {
    public var description: String {
        if !isValid { return "CMTime(invalid)" }
        if isIndefinite { return "CMTime(indefinite)" }
        if isPositiveInfinity { return "CMTime(+inf)" }
        if isNegativeInfinity { return "CMTime(-inf)" }
        return "CMTime(\(value)/\(timescale)\(hasBeenRounded ? ", rounded" : ""))"
    }
}
