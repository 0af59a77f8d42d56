import Foundation

/// What an encoder is told its audio is (iOS 26), with Apple's raw values.
public enum AVAudioContentSource: Int, Sendable {
    case unspecified = -1
    case reserved = 0
    case appleCapture_Traditional = 1
    case appleCapture_Spatial = 2
    case appleCapture_Spatial_Enhanced = 3
    case appleMusic_Traditional = 4
    case appleMusic_Spatial = 5
    case appleAV_Traditional_Offline = 6
    case appleAV_Spatial_Offline = 7
    case appleAV_Traditional_Live = 8
    case appleAV_Spatial_Live = 9
    case applePassthrough = 10
    case capture_Traditional = 33
    case capture_Spatial = 34
    case capture_Spatial_Enhanced = 35
    case music_Traditional = 36
    case music_Spatial = 37
    case av_Traditional_Offline = 38
    case av_Spatial_Offline = 39
    case av_Traditional_Live = 40
    case av_Spatial_Live = 41
    case passthrough = 42
}

/// The dynamic-range-control metadata an encoder writes (iOS 26), with Apple's raw values.
public enum AVAudioDynamicRangeControlConfiguration: Int, Sendable {
    case none = 0
    case music = 1
    case speech = 2
    case movie = 3
    case capture = 4
}

/// What a converter offers as an encoder. This converter converts between PCM formats only
/// (`init(from:to:)` returns nil for a compressed format), so, as Apple documents for a converter
/// that does not encode, the lists are nil; the encoder settings (in AVAudioConverter.swift) are
/// kept as set and change nothing, as there is no encoder for them to reach.
extension AVAudioConverter {
    public var availableEncodeBitRates: [NSNumber]? { nil }
    public var applicableEncodeBitRates: [NSNumber]? { nil }
    public var availableEncodeSampleRates: [NSNumber]? { nil }
    public var applicableEncodeSampleRates: [NSNumber]? { nil }
    public var availableEncodeChannelLayoutTags: [NSNumber]? { nil }
}
