import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioFileStream.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioFileStream.h raw values")
struct AudioFileStreamHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioFileStreamError_BadPropertySize", Int64(truncatingIfNeeded: kAudioFileStreamError_BadPropertySize), headerFourCC("!siz")),
            ("kAudioFileStreamError_DataUnavailable", Int64(truncatingIfNeeded: kAudioFileStreamError_DataUnavailable), headerFourCC("more")),
            ("kAudioFileStreamError_DiscontinuityCantRecover", Int64(truncatingIfNeeded: kAudioFileStreamError_DiscontinuityCantRecover), headerFourCC("dsc!")),
            ("kAudioFileStreamError_IllegalOperation", Int64(truncatingIfNeeded: kAudioFileStreamError_IllegalOperation), headerFourCC("nope")),
            ("kAudioFileStreamError_InvalidFile", Int64(truncatingIfNeeded: kAudioFileStreamError_InvalidFile), headerFourCC("dta?")),
            ("kAudioFileStreamError_InvalidPacketOffset", Int64(truncatingIfNeeded: kAudioFileStreamError_InvalidPacketOffset), headerFourCC("pck?")),
            ("kAudioFileStreamError_NotOptimized", Int64(truncatingIfNeeded: kAudioFileStreamError_NotOptimized), headerFourCC("optm")),
            ("kAudioFileStreamError_UnspecifiedError", Int64(truncatingIfNeeded: kAudioFileStreamError_UnspecifiedError), headerFourCC("wht?")),
            ("kAudioFileStreamError_UnsupportedDataFormat", Int64(truncatingIfNeeded: kAudioFileStreamError_UnsupportedDataFormat), headerFourCC("fmt?")),
            ("kAudioFileStreamError_UnsupportedFileType", Int64(truncatingIfNeeded: kAudioFileStreamError_UnsupportedFileType), headerFourCC("typ?")),
            ("kAudioFileStreamError_UnsupportedProperty", Int64(truncatingIfNeeded: kAudioFileStreamError_UnsupportedProperty), headerFourCC("pty?")),
            ("kAudioFileStreamError_ValueUnknown", Int64(truncatingIfNeeded: kAudioFileStreamError_ValueUnknown), headerFourCC("unk?")),
            ("kAudioFileStreamProperty_AudioDataByteCount", Int64(truncatingIfNeeded: kAudioFileStreamProperty_AudioDataByteCount), headerFourCC("bcnt")),
            ("kAudioFileStreamProperty_AudioDataPacketCount", Int64(truncatingIfNeeded: kAudioFileStreamProperty_AudioDataPacketCount), headerFourCC("pcnt")),
            ("kAudioFileStreamProperty_AverageBytesPerPacket", Int64(truncatingIfNeeded: kAudioFileStreamProperty_AverageBytesPerPacket), headerFourCC("abpp")),
            ("kAudioFileStreamProperty_BitRate", Int64(truncatingIfNeeded: kAudioFileStreamProperty_BitRate), headerFourCC("brat")),
            ("kAudioFileStreamProperty_ByteToPacket", Int64(truncatingIfNeeded: kAudioFileStreamProperty_ByteToPacket), headerFourCC("bypk")),
            ("kAudioFileStreamProperty_ChannelLayout", Int64(truncatingIfNeeded: kAudioFileStreamProperty_ChannelLayout), headerFourCC("cmap")),
            ("kAudioFileStreamProperty_DataFormat", Int64(truncatingIfNeeded: kAudioFileStreamProperty_DataFormat), headerFourCC("dfmt")),
            ("kAudioFileStreamProperty_DataOffset", Int64(truncatingIfNeeded: kAudioFileStreamProperty_DataOffset), headerFourCC("doff")),
            ("kAudioFileStreamProperty_FileFormat", Int64(truncatingIfNeeded: kAudioFileStreamProperty_FileFormat), headerFourCC("ffmt")),
            ("kAudioFileStreamProperty_FormatList", Int64(truncatingIfNeeded: kAudioFileStreamProperty_FormatList), headerFourCC("flst")),
            ("kAudioFileStreamProperty_FrameToPacket", Int64(truncatingIfNeeded: kAudioFileStreamProperty_FrameToPacket), headerFourCC("frpk")),
            ("kAudioFileStreamProperty_InfoDictionary", Int64(truncatingIfNeeded: kAudioFileStreamProperty_InfoDictionary), headerFourCC("info")),
            ("kAudioFileStreamProperty_MagicCookieData", Int64(truncatingIfNeeded: kAudioFileStreamProperty_MagicCookieData), headerFourCC("mgic")),
            ("kAudioFileStreamProperty_MaximumPacketSize", Int64(truncatingIfNeeded: kAudioFileStreamProperty_MaximumPacketSize), headerFourCC("psze")),
            ("kAudioFileStreamProperty_NextIndependentPacket", Int64(truncatingIfNeeded: kAudioFileStreamProperty_NextIndependentPacket), headerFourCC("nind")),
            ("kAudioFileStreamProperty_PacketSizeUpperBound", Int64(truncatingIfNeeded: kAudioFileStreamProperty_PacketSizeUpperBound), headerFourCC("pkub")),
            ("kAudioFileStreamProperty_PacketTableInfo", Int64(truncatingIfNeeded: kAudioFileStreamProperty_PacketTableInfo), headerFourCC("pnfo")),
            ("kAudioFileStreamProperty_PacketToByte", Int64(truncatingIfNeeded: kAudioFileStreamProperty_PacketToByte), headerFourCC("pkby")),
            ("kAudioFileStreamProperty_PacketToDependencyInfo", Int64(truncatingIfNeeded: kAudioFileStreamProperty_PacketToDependencyInfo), headerFourCC("pkdp")),
            ("kAudioFileStreamProperty_PacketToFrame", Int64(truncatingIfNeeded: kAudioFileStreamProperty_PacketToFrame), headerFourCC("pkfr")),
            ("kAudioFileStreamProperty_PacketToRollDistance", Int64(truncatingIfNeeded: kAudioFileStreamProperty_PacketToRollDistance), headerFourCC("pkrl")),
            ("kAudioFileStreamProperty_PreviousIndependentPacket", Int64(truncatingIfNeeded: kAudioFileStreamProperty_PreviousIndependentPacket), headerFourCC("pind")),
            ("kAudioFileStreamProperty_ReadyToProducePackets", Int64(truncatingIfNeeded: kAudioFileStreamProperty_ReadyToProducePackets), headerFourCC("redy")),
            ("kAudioFileStreamProperty_RestrictsRandomAccess", Int64(truncatingIfNeeded: kAudioFileStreamProperty_RestrictsRandomAccess), headerFourCC("rrap")),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AudioFileStreamParseFlags.discontinuity", Int64(truncatingIfNeeded: AudioFileStreamParseFlags.discontinuity.rawValue), 1),
            ("AudioFileStreamPropertyFlags.cacheProperty", Int64(truncatingIfNeeded: AudioFileStreamPropertyFlags.cacheProperty.rawValue), 2),
            ("AudioFileStreamPropertyFlags.propertyIsCached", Int64(truncatingIfNeeded: AudioFileStreamPropertyFlags.propertyIsCached.rawValue), 1),
            ("AudioFileStreamSeekFlags.offsetIsEstimated", Int64(truncatingIfNeeded: AudioFileStreamSeekFlags.offsetIsEstimated.rawValue), 1),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
