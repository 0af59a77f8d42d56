import AudioToolbox
import CoreAudioTypes
import Testing

/// CAFFile.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("CAFFile.h raw values")
struct CAFFileHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kCAFMarkerType_EditDestinationBegin", Int64(truncatingIfNeeded: kCAFMarkerType_EditDestinationBegin), headerFourCC("dbeg")),
            ("kCAFMarkerType_EditSourceBegin", Int64(truncatingIfNeeded: kCAFMarkerType_EditSourceBegin), headerFourCC("cbeg")),
            ("kCAFMarkerType_Generic", Int64(truncatingIfNeeded: kCAFMarkerType_Generic), 0),
            ("kCAFMarkerType_KeySignature", Int64(truncatingIfNeeded: kCAFMarkerType_KeySignature), headerFourCC("ksig")),
            ("kCAFMarkerType_ProgramStart", Int64(truncatingIfNeeded: kCAFMarkerType_ProgramStart), headerFourCC("pbeg")),
            ("kCAFMarkerType_RegionStart", Int64(truncatingIfNeeded: kCAFMarkerType_RegionStart), headerFourCC("rbeg")),
            ("kCAFMarkerType_ReleaseLoopEnd", Int64(truncatingIfNeeded: kCAFMarkerType_ReleaseLoopEnd), headerFourCC("rlen")),
            ("kCAFMarkerType_SavedPlayPosition", Int64(truncatingIfNeeded: kCAFMarkerType_SavedPlayPosition), headerFourCC("sply")),
            ("kCAFMarkerType_SelectionStart", Int64(truncatingIfNeeded: kCAFMarkerType_SelectionStart), headerFourCC("sbeg")),
            ("kCAFMarkerType_SustainLoopStart", Int64(truncatingIfNeeded: kCAFMarkerType_SustainLoopStart), headerFourCC("slbg")),
            ("kCAFMarkerType_TimeSignature", Int64(truncatingIfNeeded: kCAFMarkerType_TimeSignature), headerFourCC("tsig")),
            ("kCAFMarkerType_TrackStart", Int64(truncatingIfNeeded: kCAFMarkerType_TrackStart), headerFourCC("tbeg")),
            ("kCAF_FileVersion_Initial", Int64(truncatingIfNeeded: kCAF_FileVersion_Initial), 1),
            ("kCAF_SMPTE_TimeType24", Int64(truncatingIfNeeded: kCAF_SMPTE_TimeType24), 1),
            ("kCAF_SMPTE_TimeType2997", Int64(truncatingIfNeeded: kCAF_SMPTE_TimeType2997), 5),
            ("kCAF_SMPTE_TimeType30", Int64(truncatingIfNeeded: kCAF_SMPTE_TimeType30), 4),
            ("kCAF_SMPTE_TimeType50", Int64(truncatingIfNeeded: kCAF_SMPTE_TimeType50), 11),
            ("kCAF_SMPTE_TimeType5994Drop", Int64(truncatingIfNeeded: kCAF_SMPTE_TimeType5994Drop), 10),
            ("kCAF_SMPTE_TimeType60Drop", Int64(truncatingIfNeeded: kCAF_SMPTE_TimeType60Drop), 9),
            ("kCAF_AudioDataChunkID", Int64(truncatingIfNeeded: kCAF_AudioDataChunkID), headerFourCC("data")),
            ("kCAF_EditCommentsChunkID", Int64(truncatingIfNeeded: kCAF_EditCommentsChunkID), headerFourCC("edct")),
            ("kCAF_FormatListID", Int64(truncatingIfNeeded: kCAF_FormatListID), headerFourCC("ldsc")),
            ("kCAF_InstrumentChunkID", Int64(truncatingIfNeeded: kCAF_InstrumentChunkID), headerFourCC("inst")),
            ("kCAF_MagicCookieID", Int64(truncatingIfNeeded: kCAF_MagicCookieID), headerFourCC("kuki")),
            ("kCAF_OverviewChunkID", Int64(truncatingIfNeeded: kCAF_OverviewChunkID), headerFourCC("ovvw")),
            ("kCAF_PeakChunkID", Int64(truncatingIfNeeded: kCAF_PeakChunkID), headerFourCC("peak")),
            ("kCAF_StreamDescriptionChunkID", Int64(truncatingIfNeeded: kCAF_StreamDescriptionChunkID), headerFourCC("desc")),
            ("kCAF_UMIDChunkID", Int64(truncatingIfNeeded: kCAF_UMIDChunkID), headerFourCC("umid")),
            ("kCAF_iXMLChunkID", Int64(truncatingIfNeeded: kCAF_iXMLChunkID), headerFourCC("iXML")),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("CAFFormatFlags.linearPCMFormatFlagIsFloat", Int64(truncatingIfNeeded: CAFFormatFlags.linearPCMFormatFlagIsFloat.rawValue), 1),
            ("CAFFormatFlags.linearPCMFormatFlagIsLittleEndian", Int64(truncatingIfNeeded: CAFFormatFlags.linearPCMFormatFlagIsLittleEndian.rawValue), 2),
            ("CAFRegionFlags.loopEnable", Int64(truncatingIfNeeded: CAFRegionFlags.loopEnable.rawValue), 1),
            ("CAFRegionFlags.playBackward", Int64(truncatingIfNeeded: CAFRegionFlags.playBackward.rawValue), 4),
            ("CAFRegionFlags.playForward", Int64(truncatingIfNeeded: CAFRegionFlags.playForward.rawValue), 2),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
