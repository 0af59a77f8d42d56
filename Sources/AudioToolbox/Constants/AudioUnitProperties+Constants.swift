import CoreAudioTypes
import CoreMIDI

// AudioUnitProperties.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kAUMIDISynthProperty_EnablePreload: AudioUnitPropertyID = 4119
public let kAUNBandEQProperty_BiquadCoefficients: AudioUnitPropertyID = 2203
public let kAUSamplerProperty_LoadAudioFiles: AudioUnitPropertyID = 4101
public let kAUSamplerProperty_LoadInstrument: AudioUnitPropertyID = 4102
public let kAUSamplerProperty_BankAndPreset: AudioUnitPropertyID = 4100
public let kAUSamplerProperty_LoadPresetFromBank: AudioUnitPropertyID = 4100
public let kAUSampler_DefaultBankLSB: Int = 0
public let kAUSampler_DefaultMelodicBankMSB: Int = 121
public let kAUSampler_DefaultPercussionBankMSB: Int = 120
public let kAUVoiceIOProperty_MutedSpeechActivityEventListener: AudioUnitPropertyID = 2106
public let kAUVoiceIOProperty_OtherAudioDuckingConfiguration: AudioUnitPropertyID = 2108
public let kAudioUnitClumpID_System: Int = 0
public let kAudioUnitParameterName_Full: Int = -1
public let kAudioUnitProperty_3DMixerAttenuationCurve: AudioUnitPropertyID = 3013
public let kAudioUnitProperty_3DMixerDistanceAtten: AudioUnitPropertyID = 3004
public let kAudioUnitProperty_3DMixerDistanceParams: AudioUnitPropertyID = 3010
public let kAudioUnitProperty_3DMixerRenderingFlags: AudioUnitPropertyID = 3003
public let kAudioUnitProperty_DopplerShift: AudioUnitPropertyID = 3002
public let kAudioUnitProperty_ReverbPreset: AudioUnitPropertyID = 3012
public let kAudioUnitProperty_AudioUnitMIDIProtocol: AudioUnitPropertyID = 64
public let kAudioUnitProperty_CPULoad: AudioUnitPropertyID = 6
public let kAudioUnitProperty_ClassInfoFromDocument: AudioUnitPropertyID = 50
public let kAudioUnitProperty_ContextName: AudioUnitPropertyID = 25
public let kAudioUnitProperty_DependentParameters: AudioUnitPropertyID = 45
public let kAudioUnitProperty_FactoryPresets: AudioUnitPropertyID = 24
public let kAudioUnitProperty_FrequencyResponse: AudioUnitPropertyID = 52
public let kAudioUnitProperty_HostMIDIProtocol: AudioUnitPropertyID = 65
public let kAudioUnitProperty_InPlaceProcessing: AudioUnitPropertyID = 29
public let kAudioUnitProperty_InputSamplesInOutput: AudioUnitPropertyID = 49
public let kAudioUnitProperty_LastRenderSampleTime: AudioUnitPropertyID = 61
public let kAudioUnitProperty_LoadedOutOfProcess: AudioUnitPropertyID = 62
public let kAudioUnitProperty_MIDIOutputBufferSizeHint: AudioUnitPropertyID = 66
public let kAudioUnitProperty_MIDIOutputCallback: AudioUnitPropertyID = 48
public let kAudioUnitProperty_MIDIOutputCallbackInfo: AudioUnitPropertyID = 47
public let kAudioUnitProperty_MIDIOutputEventListCallback: AudioUnitPropertyID = 63
public let kAudioUnitProperty_NickName: AudioUnitPropertyID = 54
public let kAudioUnitProperty_OfflineRender: AudioUnitPropertyID = 37
public let kAudioUnitProperty_ParameterClumpName: AudioUnitPropertyID = 35
public let kAudioUnitProperty_ParameterHistoryInfo: AudioUnitPropertyID = 53
public let kAudioUnitProperty_ParameterIDName: AudioUnitPropertyID = 34
public let kAudioUnitProperty_ParameterStringFromValue: AudioUnitPropertyID = 33
public let kAudioUnitProperty_ParameterValueFromString: AudioUnitPropertyID = 38
public let kAudioUnitProperty_ParameterValueStrings: AudioUnitPropertyID = 16
public let kAudioUnitProperty_ParametersForOverview: AudioUnitPropertyID = 57
public let kAudioUnitProperty_PresentationLatency: AudioUnitPropertyID = 40
public let kAudioUnitProperty_RenderQuality: AudioUnitPropertyID = 26
public let kAudioUnitProperty_RequestViewController: AudioUnitPropertyID = 56
public let kAudioUnitProperty_ShouldAllocateBuffer: AudioUnitPropertyID = 51
public let kAudioUnitProperty_SupportedChannelLayoutTags: AudioUnitPropertyID = 32
public let kAudioUnitProperty_SupportsMPE: AudioUnitPropertyID = 58
public let kAudioUnitProperty_DeferredRendererExtraLatency: AudioUnitPropertyID = 3321
public let kAudioUnitProperty_DeferredRendererPullSize: AudioUnitPropertyID = 3320
public let kAudioUnitProperty_DeferredRendererWaitFrames: AudioUnitPropertyID = 3322
public let kAudioUnitProperty_InputAnchorTimeStamp: AudioUnitPropertyID = 3016
public let kAudioUnitProperty_MatrixDimensions: AudioUnitPropertyID = 3009
public let kAudioUnitProperty_MatrixLevels: AudioUnitPropertyID = 3006
public let kAudioUnitProperty_MeterClipping: AudioUnitPropertyID = 3011
public let kAudioUnitProperty_ReverbRoomType: AudioUnitPropertyID = 10
public let kAudioUnitProperty_SpatialMixerAnyInputIsUsingPersonalizedHRTF: AudioUnitPropertyID = 3116
public let kAudioUnitProperty_SpatialMixerAttenuationCurve: AudioUnitPropertyID = 3013
public let kAudioUnitProperty_SpatialMixerDistanceParams: AudioUnitPropertyID = 3010
public let kAudioUnitProperty_SpatialMixerEnableHeadTracking: AudioUnitPropertyID = 3111
public let kAudioUnitProperty_SpatialMixerOutputType: AudioUnitPropertyID = 3100
public let kAudioUnitProperty_SpatialMixerPersonalizedHRTFMode: AudioUnitPropertyID = 3113
public let kAudioUnitProperty_SpatialMixerPointSourceInHeadMode: AudioUnitPropertyID = 3103
public let kAudioUnitProperty_SpatialMixerRenderingFlags: AudioUnitPropertyID = 3003
public let kAudioUnitProperty_SpatialMixerSourceMode: AudioUnitPropertyID = 3005
public let kAudioUnitProperty_SpatializationAlgorithm: AudioUnitPropertyID = 3000
public let kAudioUnitProperty_UsesInternalReverb: AudioUnitPropertyID = 1005
public let kAudioUnitProperty_SampleRateConverterComplexity: AudioUnitPropertyID = 3014
public let kAudioUnitProperty_CurrentPlayTime: AudioUnitPropertyID = 3302
public let kAudioUnitProperty_ScheduleAudioSlice: AudioUnitPropertyID = 3300
public let kAudioUnitProperty_ScheduleStartTimeStamp: AudioUnitPropertyID = 3301
public let kAudioUnitProperty_ScheduledFileBufferSizeFrames: AudioUnitPropertyID = 3313
public let kAudioUnitProperty_ScheduledFileIDs: AudioUnitPropertyID = 3310
public let kAudioUnitProperty_ScheduledFileNumberBuffers: AudioUnitPropertyID = 3314
public let kAudioUnitProperty_ScheduledFilePrime: AudioUnitPropertyID = 3312
public let kAudioUnitProperty_ScheduledFileRegion: AudioUnitPropertyID = 3311
public let kAudioUnitSampleRateConverterComplexity_Linear: UInt32 = 0x6c696e65  // 'line'
public let kAudioUnitSampleRateConverterComplexity_Mastering: UInt32 = 0x62617473  // 'bats'
public let kAudioUnitSampleRateConverterComplexity_Normal: UInt32 = 0x6e6f726d  // 'norm'
public let kInstrumentType_AUPreset: Int = 2
public let kInstrumentType_Audiofile: Int = 3
public let kInstrumentType_DLSPreset: Int = 1
public let kInstrumentType_EXS24: Int = 4
public let kInstrumentType_SF2Preset: Int = 1
public let kMusicDeviceProperty_BankName: AudioUnitPropertyID = 1007
public let kMusicDeviceProperty_InstrumentCount: AudioUnitPropertyID = 1000
public let kMusicDeviceProperty_SoundBankURL: AudioUnitPropertyID = 1100
public let kMusicDeviceProperty_InstrumentName: AudioUnitPropertyID = 1001
public let kMusicDeviceProperty_InstrumentNumber: AudioUnitPropertyID = 1004
public let kNumberOfResponseFrequencies: Int = 1024
public let kRenderQuality_High: Int = 96
public let kRenderQuality_Low: Int = 32
public let kRenderQuality_Max: Int = 127
public let kRenderQuality_Medium: Int = 64
public let kRenderQuality_Min: Int = 0
public let kAUPresetCPULoadKey: String = "cpu-load"
public let kAUPresetDataKey: String = "data"
public let kAUPresetElementNameKey: String = "element-name"
public let kAUPresetExternalFileRefs: String = "file-references"
public let kAUPresetManufacturerKey: String = "manufacturer"
public let kAUPresetNameKey: String = "name"
public let kAUPresetNumberKey: String = "preset-number"
public let kAUPresetPartKey: String = "part"
public let kAUPresetRenderQualityKey: String = "render-quality"
public let kAUPresetSubtypeKey: String = "subtype"
public let kAUPresetTypeKey: String = "type"
public let kAUPresetVersionKey: String = "version"
public let kAudioUnitConfigurationInfo_BusCountWritable: String = "BusCountWritable"
public let kAudioUnitConfigurationInfo_ChannelConfigurations: String = "ChannelConfigurations"
public let kAudioUnitConfigurationInfo_HasCustomView: String = "HasCustomView"
public let kAudioUnitConfigurationInfo_IconURL: String = "IconURL"
public let kAudioUnitConfigurationInfo_InitialInputs: String = "InitialInputs"
public let kAudioUnitConfigurationInfo_InitialOutputs: String = "InitialOutputs"
public let kAudioUnitConfigurationInfo_MIDIProtocol: String = "MIDIProtocol"
public let kAudioUnitConfigurationInfo_MigrateFromPlugin: String = "MigrateFromPlugin"
public let kAudioUnitConfigurationInfo_SupportedChannelLayoutTags: String = "SupportedChannelLayoutTags"
extension AudioUnitParameterOptions {
    public static var flag_CanRamp: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x2000000) }
}
extension AudioUnitParameterOptions {
    public static var flag_DisplayCubeRoot: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x40000) }
}
extension AudioUnitParameterOptions {
    public static var flag_DisplayCubed: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x30000) }
}
extension AudioUnitParameterOptions {
    public static var flag_DisplayExponential: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x50000) }
}
extension AudioUnitParameterOptions {
    public static var flag_DisplayLogarithmic: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x400000) }
}
extension AudioUnitParameterOptions {
    public static var flag_DisplayMask: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x470000) }
}
extension AudioUnitParameterOptions {
    public static var flag_DisplaySquareRoot: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x10000) }
}
extension AudioUnitParameterOptions {
    public static var flag_DisplaySquared: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x20000) }
}
extension AudioUnitParameterOptions {
    public static var flag_ExpertMode: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x4000000) }
}
extension AudioUnitParameterOptions {
    public static var flag_HasClump: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x100000) }
}
extension AudioUnitParameterOptions {
    public static var flag_IsElementMeta: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x20000000) }
}
extension AudioUnitParameterOptions {
    public static var flag_IsGlobalMeta: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x10000000) }
}
extension AudioUnitParameterOptions {
    public static var flag_IsHighResolution: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x800000) }
}
extension AudioUnitParameterOptions {
    public static var flag_MeterReadOnly: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 32768) }
}
extension AudioUnitParameterOptions {
    public static var flag_NonRealTime: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x1000000) }
}
extension AudioUnitParameterOptions {
    public static var flag_OmitFromPresets: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 8192) }
}
extension AudioUnitParameterOptions {
    public static var flag_PlotHistory: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 16384) }
}
extension AudioUnitParameterOptions {
    public static var flag_ValuesHaveStrings: AudioUnitParameterOptions { AudioUnitParameterOptions(rawValue: 0x200000) }
}
