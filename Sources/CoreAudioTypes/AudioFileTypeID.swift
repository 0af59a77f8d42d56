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
public let kAudioFileSoundDesigner2Type: AudioFileTypeID = 0x5364_3266   // 'Sd2f'
public let kAudioFileWave64Type: AudioFileTypeID = 0x5736_3466    // 'W64f'
public let kAudioFileBW64Type: AudioFileTypeID = 0x4257_3634      // 'BW64'
public let kAudioFileMP2Type: AudioFileTypeID = 0x4D50_4732       // 'MPG2'
public let kAudioFileMP1Type: AudioFileTypeID = 0x4D50_4731       // 'MPG1'
public let kAudioFileAC3Type: AudioFileTypeID = 0x6163_2D33       // 'ac-3'
public let kAudioFileAAC_ADTSType: AudioFileTypeID = 0x6164_7473  // 'adts'
public let kAudioFileM4BType: AudioFileTypeID = 0x6D34_6266       // 'm4bf'
public let kAudioFile3GPType: AudioFileTypeID = 0x3367_7070       // '3gpp'
public let kAudioFile3GP2Type: AudioFileTypeID = 0x3367_7032      // '3gp2'
public let kAudioFileAMRType: AudioFileTypeID = 0x616D_7266       // 'amrf'
public let kAudioFileLATMInLOASType: AudioFileTypeID = 0x6C6F_6173 // 'loas'

/// AudioFile.h result codes (OSStatus), as AVAudioFile reports them.
public let kAudioFileUnspecifiedError: OSStatus = 0x7768_743F          // 'wht?' 2003334207
public let kAudioFileUnsupportedFileTypeError: OSStatus = 0x7479_703F  // 'typ?' 1954115647
public let kAudioFileUnsupportedDataFormatError: OSStatus = 0x666D_743F // 'fmt?' 1718449215
public let kAudioFileInvalidFileError: OSStatus = 0x6474_613F          // 'dta?' 1685348671
public let kAudioFileUnsupportedPropertyError: OSStatus = 0x7074_793F  // 'pty?' 1886681407
public let kAudioFileBadPropertySizeError: OSStatus = 0x2173_697A      // '!siz' 561211770
public let kAudioFilePermissionsError: OSStatus = 0x7072_6D3F          // 'prm?' 1886547263
public let kAudioFileNotOptimizedError: OSStatus = 0x6F70_746D         // 'optm' 1869640813
public let kAudioFileInvalidChunkError: OSStatus = 0x6368_6B3F         // 'chk?' 1667787583
public let kAudioFileDoesNotAllow64BitDataSizeError: OSStatus = 0x6F66_663F // 'off?' 1868981823
public let kAudioFileInvalidPacketOffsetError: OSStatus = 0x7063_6B3F  // 'pck?' 1885563711
public let kAudioFileInvalidPacketDependencyError: OSStatus = 0x6465_703F // 'dep?' 1684369471
public let kAudioFileOperationNotSupportedError: OSStatus = 0x6F70_3F3F // 'op??' 1869627199
public let kAudioFileNotOpenError: OSStatus = -38
public let kAudioFileEndOfFileError: OSStatus = -39
public let kAudioFilePositionError: OSStatus = -40
public let kAudioFileFileNotFoundError: OSStatus = -43
