import Foundation

/// Echo return loss enhancement: how much quieter the echo is after processing than before it,
/// 10·log10(P_before / P_after), over a stretch where only the far end talks (so everything in
/// the capture there is echo) and after the canceller has converged.
public enum EchoMeasurement {
    /// Mean power of `samples[range]`.
    public static func power(_ samples: [Float], _ range: Range<Int>) -> Double {
        guard !range.isEmpty else { return 0 }
        var sum = 0.0
        for index in range { sum += Double(samples[index]) * Double(samples[index]) }
        return sum / Double(range.count)
    }

    /// ERLE in dB of `after` against `before` over `range`; `after` lags `before` by `latency`
    /// frames (a processor's buffering), so its window is shifted by that much.
    public static func erle(before: [Float], after: [Float], range: Range<Int>, latency: Int = 0) -> Double {
        let residual = power(after, (range.lowerBound + latency)..<(range.upperBound + latency))
        return decibels(power(before, range) / max(residual, 1e-20))
    }

    public static func decibels(_ ratio: Double) -> Double { 10 * log10(ratio) }
}
