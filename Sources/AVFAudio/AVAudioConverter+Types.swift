import Foundation

/// What an `AVAudioConverterInputBlock` reports, with Apple's raw values.
public enum AVAudioConverterInputStatus: Int, Sendable {
    /// The block returned a buffer of input.
    case haveData = 0
    /// No input for now: the converter returns what it could convert (`.inputRanDry`).
    case noDataNow = 1
    /// No more input ever: the converter flushes its filter and then reports `.endOfStream`.
    case endOfStream = 2
}

/// What `convert(to:error:withInputFrom:)` returns, with Apple's raw values.
public enum AVAudioConverterOutputStatus: Int, Sendable {
    /// The output buffer holds data (full, or the last frames of the stream).
    case haveData = 0
    /// Input ran out for now; the output holds as much as could be converted (maybe nothing).
    case inputRanDry = 1
    /// The stream has ended and no data was returned.
    case endOfStream = 2
    /// The conversion failed; the error pointer says why.
    case error = 3
}

/// How a sample-rate converter is primed, with Apple's raw values.
public enum AVAudioConverterPrimeMethod: Int, Sendable {
    /// Leading and trailing input frames are supplied (pre-roll).
    case pre = 0
    /// Only trailing frames are supplied; the leading ones are taken as silence. The default.
    case normal = 1
    /// No priming ("latency mode").
    case none = 2
}

/// The frames of priming a converter needs, in input frames.
public struct AVAudioConverterPrimeInfo: Sendable, Equatable {
    public var leadingFrames: AVAudioFrameCount
    public var trailingFrames: AVAudioFrameCount

    public init() { self.init(leadingFrames: 0, trailingFrames: 0) }

    public init(leadingFrames: AVAudioFrameCount, trailingFrames: AVAudioFrameCount) {
        self.leadingFrames = leadingFrames
        self.trailingFrames = trailingFrames
    }
}

/// The block a converter calls for input: given the packets it needs, it sets the status and
/// returns a buffer (or nil with `.noDataNow` / `.endOfStream`).
public typealias AVAudioConverterInputBlock =
    (AVAudioPacketCount, UnsafeMutablePointer<AVAudioConverterInputStatus>) -> AVAudioBuffer?

/// `sampleRateConverterAlgorithm` values (NSString constants in AVAudioSettings.h, AVAudioSettings.h settings keys).
public let AVSampleRateConverterAlgorithm_Normal = "AVSampleRateConverterAlgorithm_Normal"
public let AVSampleRateConverterAlgorithm_Mastering = "AVSampleRateConverterAlgorithm_Mastering"
public let AVSampleRateConverterAlgorithm_MinimumPhase = "AVSampleRateConverterAlgorithm_MinimumPhase"

#if !canImport(ObjectiveC)
/// Foundation on Linux has no `NSErrorPointer`; this one takes `&error` (a `NSError?` variable)
/// or `nil` at call sites, as Apple's `AutoreleasingUnsafeMutablePointer<NSError?>?` does.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
#endif
