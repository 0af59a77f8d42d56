import CoreAudioTypes

// ExtAudioFile.h's types, property IDs and result codes as Swift imports them.

public typealias ExtAudioFileRef = OpaquePointer
public typealias ExtAudioFilePropertyID = UInt32
public typealias ExtAudioFilePacketTableInfoOverride = Int32

public let kExtAudioFilePacketTableInfoOverride_UseFileValue: ExtAudioFilePacketTableInfoOverride = -1
public let kExtAudioFilePacketTableInfoOverride_UseFileValueIfValid: ExtAudioFilePacketTableInfoOverride = -2

public let kExtAudioFileProperty_FileDataFormat: ExtAudioFilePropertyID = 0x6666_6D74      // 'ffmt'
public let kExtAudioFileProperty_FileChannelLayout: ExtAudioFilePropertyID = 0x6663_6C6F   // 'fclo'
public let kExtAudioFileProperty_ClientDataFormat: ExtAudioFilePropertyID = 0x6366_6D74    // 'cfmt'
public let kExtAudioFileProperty_ClientChannelLayout: ExtAudioFilePropertyID = 0x6363_6C6F // 'cclo'
public let kExtAudioFileProperty_CodecManufacturer: ExtAudioFilePropertyID = 0x636D_616E   // 'cman'
public let kExtAudioFileProperty_AudioConverter: ExtAudioFilePropertyID = 0x6163_6E76      // 'acnv'
public let kExtAudioFileProperty_AudioFile: ExtAudioFilePropertyID = 0x6166_696C           // 'afil'
public let kExtAudioFileProperty_FileMaxPacketSize: ExtAudioFilePropertyID = 0x666D_7073   // 'fmps'
public let kExtAudioFileProperty_ClientMaxPacketSize: ExtAudioFilePropertyID = 0x636D_7073 // 'cmps'
public let kExtAudioFileProperty_FileLengthFrames: ExtAudioFilePropertyID = 0x2366_726D    // '#frm'
public let kExtAudioFileProperty_ConverterConfig: ExtAudioFilePropertyID = 0x6163_6366     // 'accf'
public let kExtAudioFileProperty_IOBufferSizeBytes: ExtAudioFilePropertyID = 0x696F_6273   // 'iobs'
public let kExtAudioFileProperty_IOBuffer: ExtAudioFilePropertyID = 0x696F_6266            // 'iobf'
public let kExtAudioFileProperty_PacketTable: ExtAudioFilePropertyID = 0x7870_7469         // 'xpti'

public let kExtAudioFileError_CodecUnavailableInputConsumed: OSStatus = -66559
public let kExtAudioFileError_CodecUnavailableInputNotConsumed: OSStatus = -66560
public let kExtAudioFileError_InvalidProperty: OSStatus = -66561
public let kExtAudioFileError_InvalidPropertySize: OSStatus = -66562
public let kExtAudioFileError_NonPCMClientFormat: OSStatus = -66563
public let kExtAudioFileError_InvalidChannelMap: OSStatus = -66564
public let kExtAudioFileError_InvalidOperationOrder: OSStatus = -66565
public let kExtAudioFileError_InvalidDataFormat: OSStatus = -66566
public let kExtAudioFileError_MaxPacketSizeUnknown: OSStatus = -66567
public let kExtAudioFileError_InvalidSeek: OSStatus = -66568
public let kExtAudioFileError_AsyncWriteTooLarge: OSStatus = -66569
public let kExtAudioFileError_AsyncWriteBufferOverflow: OSStatus = -66570

/// `kAudioConverterErr_FormatNotSupported` ('fmt?'): a client format the file's converter cannot reach.
let converterFormatNotSupported: OSStatus = 0x666D_743F
