/// AVAudioSettings.h keys. Their string values are not documented by Apple (only the
/// constants are), so app code must use the constants, never the literals.
public let AVFormatIDKey = "AVFormatIDKey"
public let AVSampleRateKey = "AVSampleRateKey"
public let AVNumberOfChannelsKey = "AVNumberOfChannelsKey"
public let AVLinearPCMBitDepthKey = "AVLinearPCMBitDepthKey"
public let AVLinearPCMIsBigEndianKey = "AVLinearPCMIsBigEndianKey"
public let AVLinearPCMIsFloatKey = "AVLinearPCMIsFloatKey"
public let AVLinearPCMIsNonInterleaved = "AVLinearPCMIsNonInterleaved"
public let AVAudioFileTypeKey = "AVAudioFileTypeKey"
public let AVEncoderAudioQualityKey = "AVEncoderAudioQualityKey"
public let AVEncoderAudioQualityForVBRKey = "AVEncoderAudioQualityForVBRKey"
public let AVEncoderBitRateKey = "AVEncoderBitRateKey"
public let AVEncoderBitRatePerChannelKey = "AVEncoderBitRatePerChannelKey"
public let AVEncoderBitRateStrategyKey = "AVEncoderBitRateStrategyKey"
public let AVEncoderBitDepthHintKey = "AVEncoderBitDepthHintKey"
public let AVSampleRateConverterAlgorithmKey = "AVSampleRateConverterAlgorithmKey"
public let AVSampleRateConverterAudioQualityKey = "AVSampleRateConverterAudioQualityKey"
public let AVChannelLayoutKey = "AVChannelLayoutKey"

/// Encoder and converter quality, with Apple's raw values.
public enum AVAudioQuality: Int, Sendable {
    case min = 0
    case low = 0x20
    case medium = 0x40
    case high = 0x60
    case max = 0x7F
}

/// iOS 26's encoder keys: the content an encoder is told it carries (an `AVAudioContentSource` raw
/// value), its dynamic-range-control configuration (an `AVAudioDynamicRangeControlConfiguration`
/// raw value) and the frequency of audio sync packets (ASP).
public let AVEncoderContentSourceKey = "AVEncoderContentSourceKey"
public let AVEncoderDynamicRangeControlConfigurationKey = "AVEncoderDynamicRangeControlConfigurationKey"
public let AVEncoderASPFrequencyKey = "AVEncoderASPFrequencyKey"

/// `AVEncoderBitRateStrategyKey` values.
public let AVAudioBitRateStrategy_Constant = "AVAudioBitRateStrategy_Constant"
public let AVAudioBitRateStrategy_LongTermAverage = "AVAudioBitRateStrategy_LongTermAverage"
public let AVAudioBitRateStrategy_VariableConstrained = "AVAudioBitRateStrategy_VariableConstrained"
public let AVAudioBitRateStrategy_Variable = "AVAudioBitRateStrategy_Variable"
