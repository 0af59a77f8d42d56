/// `AVAudioTimePitchAlgorithm` (AVFoundation's AVAudioProcessingSettings.h): how a renderer
/// plays at a rate other than 1. A string-backed type, as Swift imports the header's typed enum.
///
/// - `.timeDomain`: modest quality, keeps the pitch; rates 1/32 to 32 (the renderer's default
///   for apps linked on or after iOS 15 / macOS 12).
/// - `.spectral`: highest quality, keeps the pitch; rates 1/32 to 32.
/// - `.varispeed`: no pitch correction — the pitch follows the rate, like tape; rates 1/32 to 32.
/// - `.lowQualityZeroLatency`: keeps the pitch, rates snapped to 0.5, 0.666667, 0.8, 1.0, 1.25,
///   1.5 and 2.0 (iOS only; the earlier iOS default).
///
/// "If the timebase's rate is not supported by the audioTimePitchAlgorithm, audio will be muted."
public struct AVAudioTimePitchAlgorithm: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let lowQualityZeroLatency = AVAudioTimePitchAlgorithm("LowQualityZeroLatency")
    public static let timeDomain = AVAudioTimePitchAlgorithm("TimeDomain")
    public static let spectral = AVAudioTimePitchAlgorithm("Spectral")
    public static let varispeed = AVAudioTimePitchAlgorithm("Varispeed")

    /// Whether audio plays at `rate` (> 0) with this algorithm, or is muted.
    func supports(rate: Double) -> Bool {
        if self == .lowQualityZeroLatency {
            return [0.5, 2.0 / 3, 0.8, 1, 1.25, 1.5, 2].contains { abs($0 - rate) < 1e-4 }
        }
        return rate >= 1.0 / 32 && rate <= 32
    }

    /// Whether the pitch stays where it is at rates other than 1.
    var keepsPitch: Bool { self != .varispeed }
}
