import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioFormat.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioFormat.h raw values")
struct AudioFormatHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAppleHardwareAudioCodecManufacturer", Int64(truncatingIfNeeded: kAppleHardwareAudioCodecManufacturer), headerFourCC("aphw")),
            ("kAudioDecoderComponentType", Int64(truncatingIfNeeded: kAudioDecoderComponentType), headerFourCC("adec")),
            ("kAudioFormatProperty_ASBDFromESDS", Int64(truncatingIfNeeded: kAudioFormatProperty_ASBDFromESDS), headerFourCC("essd")),
            ("kAudioFormatProperty_AreChannelLayoutsEquivalent", Int64(truncatingIfNeeded: kAudioFormatProperty_AreChannelLayoutsEquivalent), headerFourCC("cheq")),
            ("kAudioFormatProperty_AvailableEncodeBitRates", Int64(truncatingIfNeeded: kAudioFormatProperty_AvailableEncodeBitRates), headerFourCC("aebr")),
            ("kAudioFormatProperty_AvailableEncodeNumberChannels", Int64(truncatingIfNeeded: kAudioFormatProperty_AvailableEncodeNumberChannels), headerFourCC("avnc")),
            ("kAudioFormatProperty_BalanceFade", Int64(truncatingIfNeeded: kAudioFormatProperty_BalanceFade), headerFourCC("balf")),
            ("kAudioFormatProperty_ChannelLayoutForBitmap", Int64(truncatingIfNeeded: kAudioFormatProperty_ChannelLayoutForBitmap), headerFourCC("cmpb")),
            ("kAudioFormatProperty_ChannelLayoutFromESDS", Int64(truncatingIfNeeded: kAudioFormatProperty_ChannelLayoutFromESDS), headerFourCC("escl")),
            ("kAudioFormatProperty_ChannelLayoutName", Int64(truncatingIfNeeded: kAudioFormatProperty_ChannelLayoutName), headerFourCC("lonm")),
            ("kAudioFormatProperty_ChannelMap", Int64(truncatingIfNeeded: kAudioFormatProperty_ChannelMap), headerFourCC("chmp")),
            ("kAudioFormatProperty_ChannelShortName", Int64(truncatingIfNeeded: kAudioFormatProperty_ChannelShortName), headerFourCC("csnm")),
            ("kAudioFormatProperty_Decoders", Int64(truncatingIfNeeded: kAudioFormatProperty_Decoders), headerFourCC("avde")),
            ("kAudioFormatProperty_Encoders", Int64(truncatingIfNeeded: kAudioFormatProperty_Encoders), headerFourCC("aven")),
            ("kAudioFormatProperty_FormatEmploysDependentPackets", Int64(truncatingIfNeeded: kAudioFormatProperty_FormatEmploysDependentPackets), headerFourCC("fdep")),
            ("kAudioFormatProperty_FormatIsEncrypted", Int64(truncatingIfNeeded: kAudioFormatProperty_FormatIsEncrypted), headerFourCC("cryp")),
            ("kAudioFormatProperty_FormatIsVBR", Int64(truncatingIfNeeded: kAudioFormatProperty_FormatIsVBR), headerFourCC("fvbr")),
            ("kAudioFormatProperty_FormatName", Int64(truncatingIfNeeded: kAudioFormatProperty_FormatName), headerFourCC("fnam")),
            ("kAudioFormatProperty_ID3TagToDictionary", Int64(truncatingIfNeeded: kAudioFormatProperty_ID3TagToDictionary), headerFourCC("id3d")),
            ("kAudioFormatProperty_NumberOfChannelsForLayout", Int64(truncatingIfNeeded: kAudioFormatProperty_NumberOfChannelsForLayout), headerFourCC("nchm")),
            ("kAudioFormatProperty_PanningMatrix", Int64(truncatingIfNeeded: kAudioFormatProperty_PanningMatrix), headerFourCC("panm")),
            ("kAudioFormatProperty_TagsForNumberOfChannels", Int64(truncatingIfNeeded: kAudioFormatProperty_TagsForNumberOfChannels), headerFourCC("tagc")),
            ("kAudioFormatProperty_HardwareCodecCapabilities", Int64(truncatingIfNeeded: kAudioFormatProperty_HardwareCodecCapabilities), headerFourCC("hwcc")),
            ("kAudioFormatBadSpecifierSizeError", Int64(truncatingIfNeeded: kAudioFormatBadSpecifierSizeError), headerFourCC("!spc")),
            ("kAudioFormatUnspecifiedError", Int64(truncatingIfNeeded: kAudioFormatUnspecifiedError), headerFourCC("what")),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AudioBalanceFadeType.equalPower", Int64(truncatingIfNeeded: AudioBalanceFadeType.equalPower.rawValue), 1),
            ("AudioBalanceFadeType.maxUnityGain", Int64(truncatingIfNeeded: AudioBalanceFadeType.maxUnityGain.rawValue), 0),
            ("AudioPanningMode.panningMode_SoundField", Int64(truncatingIfNeeded: AudioPanningMode.panningMode_SoundField.rawValue), 3),
            ("AudioPanningMode.panningMode_VectorBasedPanning", Int64(truncatingIfNeeded: AudioPanningMode.panningMode_VectorBasedPanning.rawValue), 4),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
