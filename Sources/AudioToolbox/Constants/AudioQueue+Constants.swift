import CoreAudioTypes

// AudioQueue.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kAudioQueueErr_BufferEnqueuedTwice: OSStatus = -66666
public let kAudioQueueErr_CannotStartYet: OSStatus = -66665
public let kAudioQueueErr_InvalidOfflineMode: OSStatus = -66626
public let kAudioQueueErr_InvalidTapContext: OSStatus = -66669
public let kAudioQueueErr_InvalidTapType: OSStatus = -66667
public let kAudioQueueErr_RecordUnderrun: OSStatus = -66668
public let kAudioQueueErr_TooManyTaps: OSStatus = -66670
public let kAudioQueueProperty_ChannelLayout: AudioQueuePropertyID = 0x6171636c  // 'aqcl'
public let kAudioQueueProperty_ConverterError: AudioQueuePropertyID = 0x71637665  // 'qcve'
public let kAudioQueueProperty_CurrentLevelMeter: AudioQueuePropertyID = 0x61716d76  // 'aqmv'
public let kAudioQueueProperty_CurrentLevelMeterDB: AudioQueuePropertyID = 0x61716d64  // 'aqmd'
public let kAudioQueueProperty_DecodeBufferSizeFrames: AudioQueuePropertyID = 0x64636266  // 'dcbf'
public let kAudioQueueProperty_EnableLevelMetering: AudioQueuePropertyID = 0x61716d65  // 'aqme'
public let kAudioQueueProperty_MaximumOutputPacketSize: AudioQueuePropertyID = 0x786f7073  // 'xops'
