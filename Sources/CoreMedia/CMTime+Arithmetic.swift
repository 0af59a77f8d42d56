/// CMTime arithmetic and comparison, with CMTime.h's rules for timescales, rounding and the
/// special values.

public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

public func CMTimeMakeWithEpoch(value: Int64, timescale: Int32, epoch: Int64) -> CMTime {
    var time = CMTime(value: value, timescale: timescale)
    if time.isValid { time.epoch = epoch }
    return time
}

public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }

public func CMTIME_IS_VALID(_ time: CMTime) -> Bool { time.isValid }
public func CMTIME_IS_INVALID(_ time: CMTime) -> Bool { !time.isValid }
public func CMTIME_IS_NUMERIC(_ time: CMTime) -> Bool { time.isNumeric }
public func CMTIME_IS_INDEFINITE(_ time: CMTime) -> Bool { time.isIndefinite }
public func CMTIME_IS_POSITIVE_INFINITY(_ time: CMTime) -> Bool { time.isPositiveInfinity }
public func CMTIME_IS_NEGATIVE_INFINITY(_ time: CMTime) -> Bool { time.isNegativeInfinity }
public func CMTIME_HAS_BEEN_ROUNDED(_ time: CMTime) -> Bool { time.hasBeenRounded }

/// `CMTimeConvertScale`: the same instant at `timescale`, rounded by `method` when it does not
/// fit exactly. Non-numeric times come back unchanged; a timescale of zero or less is invalid.
public func CMTimeConvertScale(_ time: CMTime, timescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    guard time.isNumeric else { return time }
    guard timescale > 0 else { return .invalid }
    if timescale == time.timescale { return time }
    let (quotient, exact) = Rational.divide(Int128(time.value) * Int128(timescale), by: Int128(time.timescale), method)
    return Rational.fit(quotient, timescale: timescale, epoch: time.epoch,
                        rounded: !exact || time.flags.contains(.hasBeenRounded), method: method)
}

/// `CMTimeAdd`: exact when both timescales are equal, else at their least common multiple (or
/// `kCMTimeMaxTimescale` if that is larger, rounded by default).
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { Rational.sum(lhs, rhs, negateRight: false) }

/// `CMTimeSubtract`: as `CMTimeAdd`, with +∞ − +∞ (and −∞ − −∞) invalid.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { Rational.sum(lhs, rhs, negateRight: true) }

/// `CMTimeMultiply`: the timescale is kept; on overflow it is halved until the value fits (rounded).
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime {
    CMTimeMultiplyByRatio(time, multiplier: multiplier, divisor: 1)
}

/// `CMTimeMultiplyByRatio`: `time × multiplier / divisor` exactly, rounded once if needed; a zero
/// divisor is invalid.
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
    guard divisor != 0 else { return .invalid }
    if !time.isNumeric {
        guard time.isPositiveInfinity || time.isNegativeInfinity else { return time }
        if multiplier == 0 { return .invalid }
        return (multiplier < 0) != (divisor < 0) ? (time.isPositiveInfinity ? .negativeInfinity : .positiveInfinity) : time
    }
    let (quotient, exact) = Rational.divide(Int128(time.value) * Int128(multiplier), by: Int128(divisor), .default)
    return Rational.fit(quotient, timescale: time.timescale, epoch: time.epoch,
                        rounded: !exact || time.flags.contains(.hasBeenRounded), method: .default)
}

/// `CMTimeMultiplyByFloat64`: computed in floating point and expressed at the time's timescale.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
    guard time.isNumeric else { return CMTimeMultiply(time, multiplier: multiplier < 0 ? -1 : 1) }
    var result = CMTime(seconds: time.seconds * multiplier, preferredTimescale: time.timescale)
    result.epoch = time.epoch
    return result
}

/// `CMTimeCompare`: −1, 0 or 1. Epochs compare first; then numeric times exactly; invalid times
/// are greater than anything else, then +∞ … indefinite above every numeric time, −∞ below.
public func CMTimeCompare(_ lhs: CMTime, _ rhs: CMTime) -> Int32 {
    let (a, b) = (Rational.rank(lhs), Rational.rank(rhs))
    if a != b { return a < b ? -1 : 1 }
    guard lhs.isNumeric else { return 0 }
    if lhs.epoch != rhs.epoch { return lhs.epoch < rhs.epoch ? -1 : 1 }
    let left = Int128(lhs.value) * Int128(rhs.timescale), right = Int128(rhs.value) * Int128(lhs.timescale)
    return left == right ? 0 : (left < right ? -1 : 1)
}

public func CMTimeMinimum(_ a: CMTime, _ b: CMTime) -> CMTime { CMTimeCompare(a, b) <= 0 ? a : b }
public func CMTimeMaximum(_ a: CMTime, _ b: CMTime) -> CMTime { CMTimeCompare(a, b) >= 0 ? a : b }

public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime {
    if time.isNegativeInfinity { return .positiveInfinity }
    guard time.isNumeric, time.value < 0 else { return time }
    return CMTimeMultiply(time, multiplier: -1)
}

extension CMTime: Comparable {
    /// Equal as instants (1/2 == 2/4), as the Swift overlay compares with `CMTimeCompare`.
    public static func == (lhs: CMTime, rhs: CMTime) -> Bool { CMTimeCompare(lhs, rhs) == 0 }
    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { CMTimeCompare(lhs, rhs) < 0 }

    public func hash(into hasher: inout Hasher) {
        // Equal instants must hash alike: hash the reduced fraction.
        hasher.combine(Rational.rank(self))
        guard isNumeric else { return }
        let divisor = Rational.gcd(abs(Int128(value)), Int128(timescale))
        hasher.combine(epoch)
        hasher.combine(Int128(value) / divisor)
        hasher.combine(Int128(timescale) / divisor)
    }

    public static func + (lhs: CMTime, rhs: CMTime) -> CMTime { CMTimeAdd(lhs, rhs) }
    public static func - (lhs: CMTime, rhs: CMTime) -> CMTime { CMTimeSubtract(lhs, rhs) }
    public static func += (lhs: inout CMTime, rhs: CMTime) { lhs = CMTimeAdd(lhs, rhs) }
    public static func -= (lhs: inout CMTime, rhs: CMTime) { lhs = CMTimeSubtract(lhs, rhs) }
    public static func * (time: CMTime, multiplier: Int32) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
    public static func * (time: CMTime, multiplier: Float64) -> CMTime { CMTimeMultiplyByFloat64(time, multiplier: multiplier) }
    public static prefix func - (time: CMTime) -> CMTime { CMTimeMultiply(time, multiplier: -1) }
}

/// The 128-bit exact arithmetic behind CMTime.
enum Rational {
    /// Sort rank of a time's kind: −∞, numeric, indefinite, +∞, invalid.
    static func rank(_ time: CMTime) -> Int {
        if !time.isValid { return 4 }
        if time.isPositiveInfinity { return 3 }
        if time.isIndefinite { return 2 }
        if time.isNegativeInfinity { return 0 }
        return 1
    }

    static func gcd(_ a: Int128, _ b: Int128) -> Int128 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : x
    }

    static func sum(_ lhs: CMTime, _ rhsIn: CMTime, negateRight: Bool) -> CMTime {
        guard lhs.isValid, rhsIn.isValid else { return .invalid }
        var rhs = rhsIn
        if negateRight {
            if rhs.isPositiveInfinity { rhs = .negativeInfinity } else if rhs.isNegativeInfinity { rhs = .positiveInfinity }
        }
        if lhs.isIndefinite || rhs.isIndefinite { return .indefinite }
        let infinities = (lhs.isPositiveInfinity || rhs.isPositiveInfinity, lhs.isNegativeInfinity || rhs.isNegativeInfinity)
        if infinities.0 && infinities.1 { return .invalid }
        if infinities.0 { return .positiveInfinity }
        if infinities.1 { return .negativeInfinity }
        guard lhs.epoch == rhs.epoch else { return .invalid }
        let right = negateRight ? -Int128(rhs.value) : Int128(rhs.value)
        let rounded = lhs.flags.contains(.hasBeenRounded) || rhs.flags.contains(.hasBeenRounded)
        if lhs.timescale == rhs.timescale {
            return fit(Int128(lhs.value) + right, timescale: lhs.timescale, epoch: lhs.epoch, rounded: rounded, method: .default)
        }
        let (a, b) = (Int128(lhs.timescale), Int128(rhs.timescale))
        let lcm = a / gcd(a, b) * b
        let target = lcm <= Int128(kCMTimeMaxTimescale) ? Int32(lcm) : kCMTimeMaxTimescale
        // value at `target` = (l.v × b + r.v × a) × target / (a × b), exact unless target < lcm.
        let (quotient, exact) = divide((Int128(lhs.value) * b + right * a) * Int128(target), by: a * b, .default)
        return fit(quotient, timescale: target, epoch: lhs.epoch, rounded: rounded || !exact, method: .default)
    }

    /// The quotient rounded by `method`, and whether it was exact.
    static func divide(_ numerator: Int128, by denominatorIn: Int128, _ method: CMTimeRoundingMethod) -> (Int128, Bool) {
        var (n, d) = (numerator, denominatorIn)
        if d < 0 { (n, d) = (-n, -d) }
        let q = n / d, r = n % d   // truncates toward zero
        if r == 0 { return (q, true) }
        let away = n < 0 ? q - 1 : q + 1
        switch method {
        case .roundTowardZero: return (q, false)
        case .roundAwayFromZero: return (away, false)
        case .roundTowardNegativeInfinity: return (n < 0 ? away : q, false)
        case .roundTowardPositiveInfinity: return (n < 0 ? q : away, false)
        case .roundHalfAwayFromZero, .quickTime:
            return (abs(r) * 2 >= d ? away : q, false)
        }
    }

    /// A time of `value` at `timescale`; if the value does not fit 64 bits the timescale is
    /// halved until it does (CMTime.h's overflow rule), and the result marked rounded.
    static func fit(_ value: Int128, timescale: Int32, epoch: Int64, rounded: Bool, method: CMTimeRoundingMethod) -> CMTime {
        var (v, scale, wasRounded) = (value, timescale, rounded)
        while v > Int128(Int64.max) || v < Int128(Int64.min) {
            guard scale > 1 else { return value < 0 ? .negativeInfinity : .positiveInfinity }
            // CMTime.h: whenever the timescale is halved "the hasBeenRounded flag will be set".
            v = divide(v, by: 2, method).0
            wasRounded = true
            scale /= 2
        }
        var time = CMTime(value: Int64(v), timescale: scale, flags: .valid, epoch: epoch)
        if wasRounded { time.flags.insert(.hasBeenRounded) }
        return time
    }
}
