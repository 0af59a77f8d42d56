import CSoxr

/// How hard libsoxr works when it converts a sample rate; the names are sox's (`rate -h`, `rate -v`).
///
/// The bench's default is `.veryHigh`: on this project's machine kind it still runs at about 850×
/// real time per stereo stream (our libsoxr measurements: VHQ runs far faster than real time per stereo stream at about −150 dB THD+N) while keeping THD+N near −150 dB, so the
/// converter never shows up in a conformance verdict about levels or tones.
public enum ConversionQuality: Sendable, CaseIterable, CustomStringConvertible {
    /// soxr HQ (20-bit, `rate -h`): about −134 dB THD+N, 1.3× faster than VHQ.
    case high
    /// soxr VHQ (28-bit, `rate -v`): about −150 dB THD+N.
    case veryHigh

    /// The quality every converter uses unless told otherwise.
    public static let standard = ConversionQuality.veryHigh

    /// The libsoxr recipe (`SOXR_HQ` = `SOXR_20_BITQ` = 4, `SOXR_VHQ` = `SOXR_28_BITQ` = 6), linear phase.
    var soxrRecipe: UInt {
        switch self {
        case .high: 4
        case .veryHigh: 6
        }
    }

    /// The sox effect option with the same filter, for comparisons with the sox command line.
    public var soxRateOption: String {
        switch self {
        case .high: "-h"
        case .veryHigh: "-v"
        }
    }

    public var description: String {
        switch self {
        case .high: "soxr HQ (20-bit, linear phase)"
        case .veryHigh: "soxr VHQ (28-bit, linear phase)"
        }
    }
}
