import CoreAudioTypes

// AudioFile.h's constants as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public let kAudioFileGlobalInfo_AllExtensions: AudioFilePropertyID = 0x616c7874  // 'alxt'
public let kAudioFileGlobalInfo_AllHFSTypeCodes: AudioFilePropertyID = 0x61686673  // 'ahfs'
public let kAudioFileGlobalInfo_AllMIMETypes: AudioFilePropertyID = 0x616d696d  // 'amim'
public let kAudioFileGlobalInfo_AllUTIs: AudioFilePropertyID = 0x61757469  // 'auti'
public let kAudioFileGlobalInfo_AvailableFormatIDs: AudioFilePropertyID = 0x666d6964  // 'fmid'
public let kAudioFileGlobalInfo_AvailableStreamDescriptionsForFormat: AudioFilePropertyID = 0x73646964  // 'sdid'
public let kAudioFileGlobalInfo_ExtensionsForType: AudioFilePropertyID = 0x66657874  // 'fext'
public let kAudioFileGlobalInfo_FileTypeName: AudioFilePropertyID = 0x66746e6d  // 'ftnm'
public let kAudioFileGlobalInfo_HFSTypeCodesForType: AudioFilePropertyID = 0x66686673  // 'fhfs'
public let kAudioFileGlobalInfo_MIMETypesForType: AudioFilePropertyID = 0x666d696d  // 'fmim'
public let kAudioFileGlobalInfo_ReadableTypes: AudioFilePropertyID = 0x61667266  // 'afrf'
public let kAudioFileGlobalInfo_TypesForExtension: AudioFilePropertyID = 0x74657874  // 'text'
public let kAudioFileGlobalInfo_TypesForHFSTypeCode: AudioFilePropertyID = 0x74686673  // 'thfs'
public let kAudioFileGlobalInfo_TypesForMIMEType: AudioFilePropertyID = 0x746d696d  // 'tmim'
public let kAudioFileGlobalInfo_TypesForUTI: AudioFilePropertyID = 0x74757469  // 'tuti'
public let kAudioFileGlobalInfo_UTIsForType: AudioFilePropertyID = 0x66757469  // 'futi'
public let kAudioFileGlobalInfo_WritableTypes: AudioFilePropertyID = 0x61667766  // 'afwf'
public let kAudioFileLoopDirection_Backward: UInt32 = 3
public let kAudioFileLoopDirection_Forward: UInt32 = 1
public let kAudioFileLoopDirection_ForwardAndBackward: UInt32 = 2
public let kAudioFileLoopDirection_NoLooping: UInt32 = 0
public let kAudioFileMarkerType_Generic: UInt32 = 0
public let kAFInfoDictionary_Album: String = "album"
public let kAFInfoDictionary_ApproximateDurationInSeconds: String = "approximate duration in seconds"
public let kAFInfoDictionary_Artist: String = "artist"
public let kAFInfoDictionary_ChannelLayout: String = "channel layout"
public let kAFInfoDictionary_Comments: String = "comments"
public let kAFInfoDictionary_Composer: String = "composer"
public let kAFInfoDictionary_Copyright: String = "copyright"
public let kAFInfoDictionary_EncodingApplication: String = "encoding application"
public let kAFInfoDictionary_Genre: String = "genre"
public let kAFInfoDictionary_ISRC: String = "ISRC"
public let kAFInfoDictionary_KeySignature: String = "key signature"
public let kAFInfoDictionary_Lyricist: String = "lyricist"
public let kAFInfoDictionary_NominalBitRate: String = "nominal bit rate"
public let kAFInfoDictionary_RecordedDate: String = "recorded date"
public let kAFInfoDictionary_SourceBitDepth: String = "source bit depth"
public let kAFInfoDictionary_SourceEncoder: String = "source encoder"
public let kAFInfoDictionary_SubTitle: String = "subtitle"
public let kAFInfoDictionary_Tempo: String = "tempo"
public let kAFInfoDictionary_TimeSignature: String = "time signature"
public let kAFInfoDictionary_Title: String = "title"
public let kAFInfoDictionary_TrackNumber: String = "track number"
public let kAFInfoDictionary_Year: String = "year"
