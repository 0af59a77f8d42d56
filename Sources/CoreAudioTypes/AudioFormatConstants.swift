/// Format IDs and flags (CoreAudioTypes.h), with Apple's numeric values.
///
/// Four-char codes are big-endian `UInt32`s: `'lpcm'` = 0x6C70636D.
public typealias AudioFormatID = UInt32
public typealias AudioFormatFlags = UInt32
public typealias OSStatus = Int32
/// MacTypes' four-char code type, which the SDK's structs (AudioClassDescription, …) use.
public typealias OSType = UInt32

public let kAudioFormatLinearPCM: AudioFormatID = 0x6C70_636D          // 'lpcm'
public let kAudioFormatMPEG4AAC: AudioFormatID = 0x6161_6320           // 'aac '
public let kAudioFormatAppleLossless: AudioFormatID = 0x616C_6163      // 'alac'
public let kAudioFormatAppleIMA4: AudioFormatID = 0x696D_6134          // 'ima4'
public let kAudioFormatULaw: AudioFormatID = 0x756C_6177               // 'ulaw'
public let kAudioFormatALaw: AudioFormatID = 0x616C_6177               // 'alaw'
public let kAudioFormatFLAC: AudioFormatID = 0x666C_6163               // 'flac'
public let kAudioFormatOpus: AudioFormatID = 0x6F70_7573               // 'opus'
public let kAudioFormatMPEGLayer3: AudioFormatID = 0x2E6D_7033         // '.mp3'

public let kAudioFormatFlagIsFloat: AudioFormatFlags = 1 << 0
public let kAudioFormatFlagIsBigEndian: AudioFormatFlags = 1 << 1
public let kAudioFormatFlagIsSignedInteger: AudioFormatFlags = 1 << 2
public let kAudioFormatFlagIsPacked: AudioFormatFlags = 1 << 3
public let kAudioFormatFlagIsAlignedHigh: AudioFormatFlags = 1 << 4
public let kAudioFormatFlagIsNonInterleaved: AudioFormatFlags = 1 << 5
public let kAudioFormatFlagIsNonMixable: AudioFormatFlags = 1 << 6
/// Linux targets are little-endian, so the native-endian flag is 0 as on Apple silicon.
public let kAudioFormatFlagsNativeEndian: AudioFormatFlags = 0
public let kAudioFormatFlagsNativeFloatPacked: AudioFormatFlags =
    kAudioFormatFlagIsFloat | kAudioFormatFlagsNativeEndian | kAudioFormatFlagIsPacked

public let kLinearPCMFormatFlagIsFloat = kAudioFormatFlagIsFloat
public let kLinearPCMFormatFlagIsBigEndian = kAudioFormatFlagIsBigEndian
public let kLinearPCMFormatFlagIsSignedInteger = kAudioFormatFlagIsSignedInteger
public let kLinearPCMFormatFlagIsPacked = kAudioFormatFlagIsPacked
public let kLinearPCMFormatFlagIsNonInterleaved = kAudioFormatFlagIsNonInterleaved

/// `kAudio_ParamError`: the generic "bad parameter" status.
public let kAudio_ParamError: OSStatus = -50

/// `noErr` (MacTypes.h): success, for every OSStatus-returning API.
public let noErr: OSStatus = 0

/// Apple Lossless format flags: the bit depth of the source the stream was encoded from.
public let kAppleLosslessFormatFlag_16BitSourceData: AudioFormatFlags = 1
public let kAppleLosslessFormatFlag_20BitSourceData: AudioFormatFlags = 2
public let kAppleLosslessFormatFlag_24BitSourceData: AudioFormatFlags = 3
public let kAppleLosslessFormatFlag_32BitSourceData: AudioFormatFlags = 4
