import AudioToolbox
import CoreAudioTypes
import Testing

/// CoreAudioBaseTypes.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("CoreAudioBaseTypes.h raw values")
struct CoreAudioBaseTypesHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioChannelLabel_Ambisonic_W", Int64(truncatingIfNeeded: kAudioChannelLabel_Ambisonic_W), 200),
            ("kAudioChannelLabel_CenterTopRear", Int64(truncatingIfNeeded: kAudioChannelLabel_CenterTopRear), 53),
            ("kAudioChannelLabel_Discrete_6", Int64(truncatingIfNeeded: kAudioChannelLabel_Discrete_6), 65542),
            ("kAudioChannelLabel_HOA_ACN_11", Int64(truncatingIfNeeded: kAudioChannelLabel_HOA_ACN_11), 131083),
            ("kAudioChannelLabel_HOA_ACN_7", Int64(truncatingIfNeeded: kAudioChannelLabel_HOA_ACN_7), 131079),
            ("kAudioChannelLabel_LeftEdgeOfScreen", Int64(truncatingIfNeeded: kAudioChannelLabel_LeftEdgeOfScreen), 65),
            ("kAudioChannelLabel_Object", Int64(truncatingIfNeeded: kAudioChannelLabel_Object), 262144),
            ("kAudioChannelLabel_TopBackCenter", Int64(truncatingIfNeeded: kAudioChannelLabel_TopBackCenter), 17),
            ("kAudioChannelLayoutTag_AAC_4_0", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_AAC_4_0), 7602180),
            ("kAudioChannelLayoutTag_AC3_2_1_1", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_AC3_2_1_1), 10027012),
            ("kAudioChannelLayoutTag_CICP_12", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_CICP_12), 8388616),
            ("kAudioChannelLayoutTag_CICP_4", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_CICP_4), 7536644),
            ("kAudioChannelLayoutTag_DTS_6_1_B", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_DTS_6_1_B), 11403271),
            ("kAudioChannelLayoutTag_DVD_10", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_DVD_10), 8912900),
            ("kAudioChannelLayoutTag_DVD_20", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_DVD_20), 7995398),
            ("kAudioChannelLayoutTag_EAC3_7_1_A", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_EAC3_7_1_A), 10485768),
            ("kAudioChannelLayoutTag_EndReserved", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_EndReserved), 4294901759),
            ("kAudioChannelLayoutTag_Logic_5_0_D", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_Logic_5_0_D), 7864325),
            ("kAudioChannelLayoutTag_Logic_6_1_D", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_Logic_6_1_D), 13107207),
            ("kAudioChannelLayoutTag_Logic_Atmos_7_1_4_B", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_Logic_Atmos_7_1_4_B), 13238284),
            ("kAudioChannelLayoutTag_SMPTE_DTV", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_SMPTE_DTV), 8519688),
            ("kAudioChannelLayoutTag_WAVE_6_1", Int64(truncatingIfNeeded: kAudioChannelLayoutTag_WAVE_6_1), 12320775),
            ("kAudioFormatAC3", Int64(truncatingIfNeeded: kAudioFormatAC3), headerFourCC("ac-3")),
            ("kAudioFormatMPEG4AAC_ELD_SBR", Int64(truncatingIfNeeded: kAudioFormatMPEG4AAC_ELD_SBR), headerFourCC("aacf")),
            ("kAudioFormatMPEGLayer2", Int64(truncatingIfNeeded: kAudioFormatMPEGLayer2), headerFourCC(".mp2")),
            ("kAudio_MemFullError", Int64(truncatingIfNeeded: kAudio_MemFullError), -108),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AudioChannelCoordinateIndex.coordinates_BackFront", Int64(truncatingIfNeeded: AudioChannelCoordinateIndex.coordinates_BackFront.rawValue), 1),
            ("AudioChannelCoordinateIndex.coordinates_DownUp", Int64(truncatingIfNeeded: AudioChannelCoordinateIndex.coordinates_DownUp.rawValue), 2),
            ("AudioChannelCoordinateIndex.coordinates_LeftRight", Int64(truncatingIfNeeded: AudioChannelCoordinateIndex.coordinates_LeftRight.rawValue), 0),
            ("MPEG4ObjectID.AAC_LC", Int64(truncatingIfNeeded: MPEG4ObjectID.AAC_LC.rawValue), 2),
            ("MPEG4ObjectID.AAC_LTP", Int64(truncatingIfNeeded: MPEG4ObjectID.AAC_LTP.rawValue), 4),
            ("MPEG4ObjectID.aac_Main", Int64(truncatingIfNeeded: MPEG4ObjectID.aac_Main.rawValue), 1),
            ("MPEG4ObjectID.AAC_SBR", Int64(truncatingIfNeeded: MPEG4ObjectID.AAC_SBR.rawValue), 5),
            ("MPEG4ObjectID.AAC_SSR", Int64(truncatingIfNeeded: MPEG4ObjectID.AAC_SSR.rawValue), 3),
            ("MPEG4ObjectID.aac_Scalable", Int64(truncatingIfNeeded: MPEG4ObjectID.aac_Scalable.rawValue), 6),
            ("MPEG4ObjectID.CELP", Int64(truncatingIfNeeded: MPEG4ObjectID.CELP.rawValue), 8),
            ("MPEG4ObjectID.HVXC", Int64(truncatingIfNeeded: MPEG4ObjectID.HVXC.rawValue), 9),
            ("MPEG4ObjectID.twinVQ", Int64(truncatingIfNeeded: MPEG4ObjectID.twinVQ.rawValue), 7),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
