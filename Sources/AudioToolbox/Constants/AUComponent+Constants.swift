import CoreAudioTypes

// AUComponent.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kAudioUnitErr_IllegalInstrument: OSStatus = -10873
public let kAudioUnitErr_InstrumentTypeNotFound: OSStatus = -10872
public let kAudioComponentErr_InstanceTimedOut: OSStatus = -66754
public let kAudioUnitErr_ComponentManagerNotSupported: OSStatus = -66740
public let kAudioUnitErr_ExtensionNotFound: OSStatus = -66744
public let kAudioUnitErr_InvalidFilePath: OSStatus = -66742
public let kAudioUnitErr_InvalidParameterValue: OSStatus = -66743
public let kAudioUnitErr_MIDIOutputBufferFull: OSStatus = -66753
public let kAudioUnitErr_MissingKey: OSStatus = -66741
public let kAudioUnitErr_RenderTimeout: OSStatus = -66745
public let kAudioUnitAddPropertyListenerSelect: Int = 10
public let kAudioUnitAddRenderNotifySelect: Int = 15
public let kAudioUnitComplexRenderSelect: Int = 19
public let kAudioUnitGetParameterSelect: Int = 6
public let kAudioUnitGetPropertyInfoSelect: Int = 3
public let kAudioUnitGetPropertySelect: Int = 4
public let kAudioUnitInitializeSelect: Int = 1
public let kAudioUnitProcessMultipleSelect: Int = 21
public let kAudioUnitProcessSelect: Int = 20
public let kAudioUnitRange: Int = 0
public let kAudioUnitRemovePropertyListenerSelect: Int = 11
public let kAudioUnitRemovePropertyListenerWithUserDataSelect: Int = 18
public let kAudioUnitRemoveRenderNotifySelect: Int = 16
public let kAudioUnitRenderSelect: Int = 14
public let kAudioUnitResetSelect: Int = 9
public let kAudioUnitScheduleParametersSelect: Int = 17
public let kAudioUnitSetParameterSelect: Int = 7
public let kAudioUnitSetPropertySelect: Int = 5
public let kAudioUnitUninitializeSelect: Int = 2
public let kAudioUnitSubType_DeferredRenderer: UInt32 = 0x64656672  // 'defr'
public let kAudioUnitSubType_Merger: UInt32 = 0x6d657267  // 'merg'
public let kAudioUnitSubType_MultiSplitter: UInt32 = 0x6d73706c  // 'mspl'
public let kAudioUnitSubType_RoundTripAAC: UInt32 = 0x72616163  // 'raac'
public let kAudioUnitSubType_Splitter: UInt32 = 0x73706c74  // 'splt'
public let kAudioUnitSubType_MatrixMixer: UInt32 = 0x6d786d78  // 'mxmx'
public let kAudioUnitSubType_SpatialMixer: UInt32 = 0x3364656d  // '3dem'
public let kAudioUnitSubType_AUSoundIsolation: UInt32 = 0x766f6973  // 'vois'
public let kAudioUnitSubType_AudioFilePlayer: UInt32 = 0x6166706c  // 'afpl'
public let kAudioUnitSubType_ScheduledSoundPlayer: UInt32 = 0x7373706c  // 'sspl'
public let kAudioUnitSubType_TimePitch: UInt32 = 0x746d7074  // 'tmpt'
public let kAudioUnitType_Generator: UInt32 = 0x6175676e  // 'augn'
public let kAudioUnitType_MIDIProcessor: UInt32 = 0x61756d69  // 'aumi'
public let kAudioUnitType_OfflineEffect: UInt32 = 0x61756f6c  // 'auol'
public let kAudioUnitType_Panner: UInt32 = 0x6175706e  // 'aupn'
public let kAudioUnitType_SpeechSynthesizer: UInt32 = 0x61757370  // 'ausp'
