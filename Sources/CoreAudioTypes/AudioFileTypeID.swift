/// Audio file type IDs (AudioToolbox's AudioFile.h), the values of `AVAudioFileTypeKey`.
///
/// They live here, below every facade, so AVFAudio's and AudioToolbox's facades share one
/// definition, as AVFAudio re-exports AudioToolbox's names on Apple platforms.
public typealias AudioFileTypeID = UInt32

public let kAudioFileAIFFType: AudioFileTypeID = 0x4149_4646      // 'AIFF'
public let kAudioFileAIFCType: AudioFileTypeID = 0x4149_4643      // 'AIFC'
public let kAudioFileWAVEType: AudioFileTypeID = 0x5741_5645      // 'WAVE'
public let kAudioFileRF64Type: AudioFileTypeID = 0x5246_3634      // 'RF64'
public let kAudioFileCAFType: AudioFileTypeID = 0x6361_6666       // 'caff'
public let kAudioFileNextType: AudioFileTypeID = 0x4E65_5854      // 'NeXT'
public let kAudioFileFLACType: AudioFileTypeID = 0x666C_6163      // 'flac'
public let kAudioFileMP3Type: AudioFileTypeID = 0x4D50_4733       // 'MPG3'
public let kAudioFileM4AType: AudioFileTypeID = 0x6D34_6166       // 'm4af'
public let kAudioFileMPEG4Type: AudioFileTypeID = 0x6D70_3466     // 'mp4f'

/// AudioFile.h result codes (OSStatus), as AVAudioFile reports them.
public let kAudioFileUnspecifiedError: OSStatus = 0x7768_743F          // 'wht?' 2003334207
public let kAudioFileUnsupportedFileTypeError: OSStatus = 0x7479_703F  // 'typ?' 1954115647
public let kAudioFileUnsupportedDataFormatError: OSStatus = 0x666D_743F // 'fmt?' 1718449215
public let kAudioFileInvalidFileError: OSStatus = 0x6474_613F          // 'dta?' 1685348671
public let kAudioFilePermissionsError: OSStatus = -54
public let kAudioFileNotOpenError: OSStatus = -38
public let kAudioFileEndOfFileError: OSStatus = -39
public let kAudioFileFileNotFoundError: OSStatus = -43
