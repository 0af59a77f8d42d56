/// A sample rate as an exact ratio of frames per second (`48000/1`, or `44100000/1001` for
/// pull-down rates), so that frame and nanosecond positions convert without rounding drift.
public struct SampleRate: Hashable, Sendable, CustomStringConvertible {
    public let framesPerSecondNumerator: Int64
    public let framesPerSecondDenominator: Int64

    public init(framesPerSecond: Int64) {
        precondition(framesPerSecond > 0, "a sample rate must be positive")
        self.framesPerSecondNumerator = framesPerSecond
        self.framesPerSecondDenominator = 1
    }

    public init(numerator: Int64, denominator: Int64) {
        precondition(numerator > 0 && denominator > 0, "a sample rate must be positive")
        let divisor = gcd(numerator, denominator)
        self.framesPerSecondNumerator = numerator / divisor
        self.framesPerSecondDenominator = denominator / divisor
    }

    /// Whole frames per second when the rate is an integer, which every hardware rate is.
    public var integralHertz: Int64? {
        framesPerSecondDenominator == 1 ? framesPerSecondNumerator : nil
    }

    /// The rate in hertz for display and for facades that speak `Double` (AVAudioSession.sampleRate).
    public var hertz: Double { Double(framesPerSecondNumerator) / Double(framesPerSecondDenominator) }

    public var description: String {
        integralHertz.map { "\($0) Hz" } ?? "\(framesPerSecondNumerator)/\(framesPerSecondDenominator) Hz"
    }

    public static let hz44100 = SampleRate(framesPerSecond: 44_100)
    public static let hz48000 = SampleRate(framesPerSecond: 48_000)
}

func gcd(_ a: Int64, _ b: Int64) -> Int64 {
    var (x, y) = (a.magnitude, b.magnitude)
    while y != 0 { (x, y) = (y, x % y) }
    return Int64(x)
}
