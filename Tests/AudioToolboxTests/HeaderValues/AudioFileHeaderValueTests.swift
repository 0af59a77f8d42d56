import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioFile.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioFile.h raw values")
struct AudioFileHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioFileGlobalInfo_AllExtensions", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_AllExtensions), headerFourCC("alxt")),
            ("kAudioFileGlobalInfo_AllHFSTypeCodes", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_AllHFSTypeCodes), headerFourCC("ahfs")),
            ("kAudioFileGlobalInfo_AllMIMETypes", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_AllMIMETypes), headerFourCC("amim")),
            ("kAudioFileGlobalInfo_AllUTIs", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_AllUTIs), headerFourCC("auti")),
            ("kAudioFileGlobalInfo_AvailableFormatIDs", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_AvailableFormatIDs), headerFourCC("fmid")),
            ("kAudioFileGlobalInfo_AvailableStreamDescriptionsForFormat", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_AvailableStreamDescriptionsForFormat), headerFourCC("sdid")),
            ("kAudioFileGlobalInfo_ExtensionsForType", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_ExtensionsForType), headerFourCC("fext")),
            ("kAudioFileGlobalInfo_FileTypeName", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_FileTypeName), headerFourCC("ftnm")),
            ("kAudioFileGlobalInfo_HFSTypeCodesForType", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_HFSTypeCodesForType), headerFourCC("fhfs")),
            ("kAudioFileGlobalInfo_MIMETypesForType", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_MIMETypesForType), headerFourCC("fmim")),
            ("kAudioFileGlobalInfo_ReadableTypes", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_ReadableTypes), headerFourCC("afrf")),
            ("kAudioFileGlobalInfo_TypesForExtension", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_TypesForExtension), headerFourCC("text")),
            ("kAudioFileGlobalInfo_TypesForHFSTypeCode", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_TypesForHFSTypeCode), headerFourCC("thfs")),
            ("kAudioFileGlobalInfo_TypesForMIMEType", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_TypesForMIMEType), headerFourCC("tmim")),
            ("kAudioFileGlobalInfo_TypesForUTI", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_TypesForUTI), headerFourCC("tuti")),
            ("kAudioFileGlobalInfo_UTIsForType", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_UTIsForType), headerFourCC("futi")),
            ("kAudioFileGlobalInfo_WritableTypes", Int64(truncatingIfNeeded: kAudioFileGlobalInfo_WritableTypes), headerFourCC("afwf")),
            ("kAudioFileLoopDirection_Backward", Int64(truncatingIfNeeded: kAudioFileLoopDirection_Backward), 3),
            ("kAudioFileLoopDirection_Forward", Int64(truncatingIfNeeded: kAudioFileLoopDirection_Forward), 1),
            ("kAudioFileLoopDirection_ForwardAndBackward", Int64(truncatingIfNeeded: kAudioFileLoopDirection_ForwardAndBackward), 2),
            ("kAudioFileLoopDirection_NoLooping", Int64(truncatingIfNeeded: kAudioFileLoopDirection_NoLooping), 0),
            ("kAudioFileMarkerType_Generic", Int64(truncatingIfNeeded: kAudioFileMarkerType_Generic), 0),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AudioBytePacketTranslationFlags.bytePacketTranslationFlag_IsEstimate", Int64(truncatingIfNeeded: AudioBytePacketTranslationFlags.bytePacketTranslationFlag_IsEstimate.rawValue), 1),
            ("AudioFileRegionFlags.loopEnable", Int64(truncatingIfNeeded: AudioFileRegionFlags.loopEnable.rawValue), 1),
            ("AudioFileRegionFlags.playBackward", Int64(truncatingIfNeeded: AudioFileRegionFlags.playBackward.rawValue), 4),
            ("AudioFileRegionFlags.playForward", Int64(truncatingIfNeeded: AudioFileRegionFlags.playForward.rawValue), 2),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("string constants")
    func strings() {
        let table: [(name: String, value: String, header: String)] = [
            ("kAFInfoDictionary_Album", kAFInfoDictionary_Album, "album"),
            ("kAFInfoDictionary_ApproximateDurationInSeconds", kAFInfoDictionary_ApproximateDurationInSeconds, "approximate duration in seconds"),
            ("kAFInfoDictionary_Artist", kAFInfoDictionary_Artist, "artist"),
            ("kAFInfoDictionary_ChannelLayout", kAFInfoDictionary_ChannelLayout, "channel layout"),
            ("kAFInfoDictionary_Comments", kAFInfoDictionary_Comments, "comments"),
            ("kAFInfoDictionary_Composer", kAFInfoDictionary_Composer, "composer"),
            ("kAFInfoDictionary_Copyright", kAFInfoDictionary_Copyright, "copyright"),
            ("kAFInfoDictionary_EncodingApplication", kAFInfoDictionary_EncodingApplication, "encoding application"),
            ("kAFInfoDictionary_Genre", kAFInfoDictionary_Genre, "genre"),
            ("kAFInfoDictionary_ISRC", kAFInfoDictionary_ISRC, "ISRC"),
            ("kAFInfoDictionary_KeySignature", kAFInfoDictionary_KeySignature, "key signature"),
            ("kAFInfoDictionary_Lyricist", kAFInfoDictionary_Lyricist, "lyricist"),
            ("kAFInfoDictionary_NominalBitRate", kAFInfoDictionary_NominalBitRate, "nominal bit rate"),
            ("kAFInfoDictionary_RecordedDate", kAFInfoDictionary_RecordedDate, "recorded date"),
            ("kAFInfoDictionary_SourceBitDepth", kAFInfoDictionary_SourceBitDepth, "source bit depth"),
            ("kAFInfoDictionary_SourceEncoder", kAFInfoDictionary_SourceEncoder, "source encoder"),
            ("kAFInfoDictionary_SubTitle", kAFInfoDictionary_SubTitle, "subtitle"),
            ("kAFInfoDictionary_Tempo", kAFInfoDictionary_Tempo, "tempo"),
            ("kAFInfoDictionary_TimeSignature", kAFInfoDictionary_TimeSignature, "time signature"),
            ("kAFInfoDictionary_Title", kAFInfoDictionary_Title, "title"),
            ("kAFInfoDictionary_TrackNumber", kAFInfoDictionary_TrackNumber, "track number"),
            ("kAFInfoDictionary_Year", kAFInfoDictionary_Year, "year"),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
