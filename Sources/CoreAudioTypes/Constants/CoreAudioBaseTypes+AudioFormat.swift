// CoreAudioBaseTypes.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kAudioFormatFlagsCanonical: AudioFormatFlags = 12
public let kAudioFormat60958AC3: AudioFormatID = 0x63616333  // 'cac3'
public let kAudioFormatAC3: AudioFormatID = 0x61632d33  // 'ac-3'
public let kAudioFormatAES3: AudioFormatID = 0x61657333  // 'aes3'
public let kAudioFormatAMR: AudioFormatID = 0x73616d72  // 'samr'
public let kAudioFormatAMR_WB: AudioFormatID = 0x73617762  // 'sawb'
public let kAudioFormatAudible: AudioFormatID = 0x41554442  // 'AUDB'
public let kAudioFormatDVIIntelIMA: AudioFormatID = 0x6d730011
public let kAudioFormatEnhancedAC3: AudioFormatID = 0x65632d33  // 'ec-3'
public let kAudioFormatMACE3: AudioFormatID = 0x4d414333  // 'MAC3'
public let kAudioFormatMACE6: AudioFormatID = 0x4d414336  // 'MAC6'
public let kAudioFormatMIDIStream: AudioFormatID = 0x6d696469  // 'midi'
public let kAudioFormatMPEG4AAC_ELD: AudioFormatID = 0x61616365  // 'aace'
public let kAudioFormatMPEG4AAC_ELD_SBR: AudioFormatID = 0x61616366  // 'aacf'
public let kAudioFormatMPEG4AAC_ELD_V2: AudioFormatID = 0x61616367  // 'aacg'
public let kAudioFormatMPEG4AAC_HE: AudioFormatID = 0x61616368  // 'aach'
public let kAudioFormatMPEG4AAC_HE_V2: AudioFormatID = 0x61616370  // 'aacp'
public let kAudioFormatMPEG4AAC_LD: AudioFormatID = 0x6161636c  // 'aacl'
public let kAudioFormatMPEG4AAC_Spatial: AudioFormatID = 0x61616373  // 'aacs'
public let kAudioFormatMPEG4CELP: AudioFormatID = 0x63656c70  // 'celp'
public let kAudioFormatMPEG4HVXC: AudioFormatID = 0x68767863  // 'hvxc'
public let kAudioFormatMPEG4TwinVQ: AudioFormatID = 0x74777671  // 'twvq'
public let kAudioFormatMPEGD_USAC: AudioFormatID = 0x75736163  // 'usac'
public let kAudioFormatMPEGLayer1: AudioFormatID = 0x2e6d7031  // '.mp1'
public let kAudioFormatMPEGLayer2: AudioFormatID = 0x2e6d7032  // '.mp2'
public let kAudioFormatMicrosoftGSM: AudioFormatID = 0x6d730031
public let kAudioFormatParameterValueStream: AudioFormatID = 0x61707673  // 'apvs'
public let kAudioFormatQDesign: AudioFormatID = 0x51444d43  // 'QDMC'
public let kAudioFormatQDesign2: AudioFormatID = 0x51444d32  // 'QDM2'
public let kAudioFormatQUALCOMM: AudioFormatID = 0x51636c70  // 'Qclp'
public let kAudioFormatTimeCode: AudioFormatID = 0x74696d65  // 'time'
public let kAudioFormatiLBC: AudioFormatID = 0x696c6263  // 'ilbc'
public let kAudio_BadFilePathError: OSStatus = 0x21707468  // '!pth'
public let kAudio_FileNotFoundError: OSStatus = -43
public let kAudio_FilePermissionError: OSStatus = -54
public let kAudio_MemFullError: OSStatus = -108
public let kAudio_NoError: OSStatus = 0
public let kAudio_TooManyFilesOpenError: OSStatus = -42
public let kAudioUnitSampleFractionBits: Int32 = 24
extension AudioChannelBitmap {
    public static var bit_CenterSurround: AudioChannelBitmap { AudioChannelBitmap(rawValue: 256) }
}
extension AudioChannelBitmap {
    public static var bit_CenterTopFront: AudioChannelBitmap { AudioChannelBitmap(rawValue: 8192) }
}
extension AudioChannelBitmap {
    public static var bit_CenterTopMiddle: AudioChannelBitmap { AudioChannelBitmap(rawValue: 2048) }
}
extension AudioChannelBitmap {
    public static var bit_CenterTopRear: AudioChannelBitmap { AudioChannelBitmap(rawValue: 0x2000000) }
}
extension AudioChannelBitmap {
    public static var bit_LeftCenter: AudioChannelBitmap { AudioChannelBitmap(rawValue: 64) }
}
extension AudioChannelBitmap {
    public static var bit_LeftSurroundDirect: AudioChannelBitmap { AudioChannelBitmap(rawValue: 512) }
}
extension AudioChannelBitmap {
    public static var bit_LeftTopFront: AudioChannelBitmap { AudioChannelBitmap(rawValue: 4096) }
}
extension AudioChannelBitmap {
    public static var bit_LeftTopMiddle: AudioChannelBitmap { AudioChannelBitmap(rawValue: 0x200000) }
}
extension AudioChannelBitmap {
    public static var bit_LeftTopRear: AudioChannelBitmap { AudioChannelBitmap(rawValue: 0x1000000) }
}
extension AudioChannelBitmap {
    public static var bit_RightCenter: AudioChannelBitmap { AudioChannelBitmap(rawValue: 128) }
}
extension AudioChannelBitmap {
    public static var bit_RightSurroundDirect: AudioChannelBitmap { AudioChannelBitmap(rawValue: 1024) }
}
extension AudioChannelBitmap {
    public static var bit_RightTopFront: AudioChannelBitmap { AudioChannelBitmap(rawValue: 16384) }
}
extension AudioChannelBitmap {
    public static var bit_RightTopMiddle: AudioChannelBitmap { AudioChannelBitmap(rawValue: 0x800000) }
}
extension AudioChannelBitmap {
    public static var bit_RightTopRear: AudioChannelBitmap { AudioChannelBitmap(rawValue: 0x4000000) }
}
extension AudioChannelBitmap {
    public static var bit_TopBackCenter: AudioChannelBitmap { AudioChannelBitmap(rawValue: 0x10000) }
}
extension AudioChannelBitmap {
    public static var bit_TopBackLeft: AudioChannelBitmap { AudioChannelBitmap(rawValue: 32768) }
}
extension AudioChannelBitmap {
    public static var bit_TopBackRight: AudioChannelBitmap { AudioChannelBitmap(rawValue: 0x20000) }
}
extension AudioChannelBitmap {
    public static var bit_TopCenterSurround: AudioChannelBitmap { AudioChannelBitmap(rawValue: 2048) }
}
extension AudioChannelBitmap {
    public static var bit_VerticalHeightCenter: AudioChannelBitmap { AudioChannelBitmap(rawValue: 8192) }
}
extension AudioChannelBitmap {
    public static var bit_VerticalHeightLeft: AudioChannelBitmap { AudioChannelBitmap(rawValue: 4096) }
}
extension AudioChannelBitmap {
    public static var bit_VerticalHeightRight: AudioChannelBitmap { AudioChannelBitmap(rawValue: 16384) }
}
