import CoreAudioTypes

// Audio Queue Services' types and constants as Swift imports them from AudioQueue.h (raw values
// are the header's; four-character codes noted beside them).

public typealias AudioQueueRef = OpaquePointer
public typealias AudioQueueBufferRef = UnsafeMutablePointer<AudioQueueBuffer>
public typealias AudioQueuePropertyID = UInt32
public typealias AudioQueueParameterID = UInt32
public typealias AudioQueueParameterValue = Float32


/// A buffer the queue allocated (`AudioQueueAllocateBuffer`): the app fills `mAudioData` and
/// sets `mAudioDataByteSize` (and packet descriptions for variable-bit-rate data) before
/// enqueueing it.
public struct AudioQueueBuffer {
    public let mAudioDataBytesCapacity: UInt32
    public let mAudioData: UnsafeMutableRawPointer
    public var mAudioDataByteSize: UInt32
    public var mUserData: UnsafeMutableRawPointer?
    public let mPacketDescriptionCapacity: UInt32
    public let mPacketDescriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?
    public var mPacketDescriptionCount: UInt32
}

/// Apple's callbacks are C function pointers; these are Swift function types (the struct types
/// here are not C-representable). Closures without captures, as apps write them, fit both.
public typealias AudioQueueOutputCallback = (UnsafeMutableRawPointer?, AudioQueueRef, AudioQueueBufferRef) -> Void
public typealias AudioQueueInputCallback = (
    UnsafeMutableRawPointer?, AudioQueueRef, AudioQueueBufferRef, UnsafePointer<AudioTimeStamp>, UInt32,
    UnsafePointer<AudioStreamPacketDescription>?) -> Void
public typealias AudioQueuePropertyListenerProc = (UnsafeMutableRawPointer?, AudioQueueRef, AudioQueuePropertyID) -> Void

// MARK: Properties

public let kAudioQueueProperty_IsRunning: AudioQueuePropertyID = 1_634_824_814               // 'aqrn'
public let kAudioQueueDeviceProperty_SampleRate: AudioQueuePropertyID = 1_634_825_074        // 'aqsr'
public let kAudioQueueDeviceProperty_NumberChannels: AudioQueuePropertyID = 1_634_821_219    // 'aqdc'
public let kAudioQueueProperty_CurrentDevice: AudioQueuePropertyID = 1_634_820_964           // 'aqcd'
public let kAudioQueueProperty_StreamDescription: AudioQueuePropertyID = 1_634_821_748       // 'aqft'
public let kAudioQueueProperty_EnableTimePitch: AudioQueuePropertyID = 1_902_081_136         // 'q_tp'
public let kAudioQueueProperty_TimePitchAlgorithm: AudioQueuePropertyID = 1_903_456_353      // 'qtpa'
public let kAudioQueueProperty_TimePitchBypass: AudioQueuePropertyID = 1_903_456_354         // 'qtpb'
public let kAudioQueueProperty_HardwareCodecPolicy: AudioQueuePropertyID = 1_634_820_976     // 'aqcp'
public let kAudioQueueProperty_MagicCookie: AudioQueuePropertyID = 1_634_823_523             // 'aqmc'
public let kAudioQueueProperty_ChannelAssignments: AudioQueuePropertyID = 1_634_820_961      // 'aqca'

public let kAudioQueueTimePitchAlgorithm_Spectral: UInt32 = 1_936_745_827                    // 'spec'
public let kAudioQueueTimePitchAlgorithm_TimeDomain: UInt32 = 1_953_064_047                  // 'tido'
public let kAudioQueueTimePitchAlgorithm_Varispeed: UInt32 = 1_987_276_900                   // 'vspd'
public let kAudioQueueTimePitchAlgorithm_LowQualityZeroLatency: UInt32 = 1_819_376_236       // 'lqzl'

public let kAudioQueueHardwareCodecPolicy_Default: UInt32 = 0
public let kAudioQueueHardwareCodecPolicy_UseSoftwareOnly: UInt32 = 1
public let kAudioQueueHardwareCodecPolicy_UseHardwareOnly: UInt32 = 2
public let kAudioQueueHardwareCodecPolicy_PreferSoftware: UInt32 = 3
public let kAudioQueueHardwareCodecPolicy_PreferHardware: UInt32 = 4

// MARK: Parameters

public let kAudioQueueParam_Volume: AudioQueueParameterID = 1
public let kAudioQueueParam_PlayRate: AudioQueueParameterID = 2
public let kAudioQueueParam_Pitch: AudioQueueParameterID = 3
public let kAudioQueueParam_VolumeRampTime: AudioQueueParameterID = 4
public let kAudioQueueParam_Pan: AudioQueueParameterID = 13

// MARK: Errors

public let kAudioQueueErr_InvalidBuffer: OSStatus = -66687
public let kAudioQueueErr_BufferEmpty: OSStatus = -66686
public let kAudioQueueErr_DisposalPending: OSStatus = -66685
public let kAudioQueueErr_InvalidProperty: OSStatus = -66684
public let kAudioQueueErr_InvalidPropertySize: OSStatus = -66683
public let kAudioQueueErr_InvalidParameter: OSStatus = -66682
public let kAudioQueueErr_CannotStart: OSStatus = -66681
public let kAudioQueueErr_InvalidDevice: OSStatus = -66680
public let kAudioQueueErr_BufferInQueue: OSStatus = -66679
public let kAudioQueueErr_InvalidRunState: OSStatus = -66678
public let kAudioQueueErr_InvalidQueueType: OSStatus = -66677
public let kAudioQueueErr_Permissions: OSStatus = -66676
public let kAudioQueueErr_InvalidPropertyValue: OSStatus = -66675
public let kAudioQueueErr_PrimeTimedOut: OSStatus = -66674
public let kAudioQueueErr_CodecNotFound: OSStatus = -66673
public let kAudioQueueErr_InvalidCodecAccess: OSStatus = -66672
public let kAudioQueueErr_QueueInvalidated: OSStatus = -66671
public let kAudioQueueErr_EnqueueDuringReset: OSStatus = -66632
/// `kAudioFormatUnsupportedDataFormatError` ('fmt?'): a format the queue cannot play.
public let kAudioFormatUnsupportedDataFormatError: OSStatus = 1_718_449_215

