import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioCodec.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioCodec.h raw values")
struct AudioCodecHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioCodecBitRateControlMode_Constant", Int64(truncatingIfNeeded: kAudioCodecBitRateControlMode_Constant), 0),
            ("kAudioCodecBitRateFormat_VBR", Int64(truncatingIfNeeded: kAudioCodecBitRateFormat_VBR), 2),
            ("kAudioCodecGetPropertyInfoSelect", Int64(truncatingIfNeeded: kAudioCodecGetPropertyInfoSelect), 1),
            ("kAudioCodecSetPropertySelect", Int64(truncatingIfNeeded: kAudioCodecSetPropertySelect), 3),
            ("kAudioCodecNotEnoughBufferSpaceError", Int64(truncatingIfNeeded: kAudioCodecNotEnoughBufferSpaceError), headerFourCC("!buf")),
            ("kAudioCodecOutputPrecedenceNone", Int64(truncatingIfNeeded: kAudioCodecOutputPrecedenceNone), 0),
            ("kAudioCodecProduceOutputPacketFailure", Int64(truncatingIfNeeded: kAudioCodecProduceOutputPacketFailure), 1),
            ("kAudioCodecPropertyAdjustLocalQuality", Int64(truncatingIfNeeded: kAudioCodecPropertyAdjustLocalQuality), headerFourCC("^qal")),
            ("kAudioCodecPropertyBitRateControlMode", Int64(truncatingIfNeeded: kAudioCodecPropertyBitRateControlMode), headerFourCC("acbf")),
            ("kAudioCodecPropertyCurrentOutputFormat", Int64(truncatingIfNeeded: kAudioCodecPropertyCurrentOutputFormat), headerFourCC("ofmt")),
            ("kAudioCodecPropertyFormatList", Int64(truncatingIfNeeded: kAudioCodecPropertyFormatList), headerFourCC("acfl")),
            ("kAudioCodecPropertyPacketFrameSize", Int64(truncatingIfNeeded: kAudioCodecPropertyPacketFrameSize), headerFourCC("pakf")),
            ("kAudioCodecPropertyProgramTargetLevelConstant", Int64(truncatingIfNeeded: kAudioCodecPropertyProgramTargetLevelConstant), headerFourCC("ptlc")),
            ("kAudioCodecPropertyMinimumDelayMode", Int64(truncatingIfNeeded: kAudioCodecPropertyMinimumDelayMode), headerFourCC("mdel")),
            ("kAudioCodecExtendFrequencies", Int64(truncatingIfNeeded: kAudioCodecExtendFrequencies), headerFourCC("acef")),
            ("kAudioCodecPropertyAvailableOutputChannelLayouts", Int64(truncatingIfNeeded: kAudioCodecPropertyAvailableOutputChannelLayouts), headerFourCC("aocl")),
            ("kAudioCodecPropertyAvailableBitRateRange", Int64(truncatingIfNeeded: kAudioCodecPropertyAvailableBitRateRange), headerFourCC("abrt")),
            ("kAudioCodecPropertyDoesSampleRateConversion", Int64(truncatingIfNeeded: kAudioCodecPropertyDoesSampleRateConversion), headerFourCC("lmrc")),
            ("kAudioCodecPropertySupportedInputFormats", Int64(truncatingIfNeeded: kAudioCodecPropertySupportedInputFormats), headerFourCC("ifm#")),
            ("kAudioCodecQuality_Min", Int64(truncatingIfNeeded: kAudioCodecQuality_Min), 0),
            ("kDynamicRangeControlMode_Heavy", Int64(truncatingIfNeeded: kDynamicRangeControlMode_Heavy), 2),
            ("kProgramTargetLevel_Minus20dB", Int64(truncatingIfNeeded: kProgramTargetLevel_Minus20dB), 3),
            ("kAudioCodecContentSource_AV_Traditional_Live", Int64(truncatingIfNeeded: kAudioCodecContentSource_AV_Traditional_Live), 40),
            ("kAudioCodecContentSource_AppleCapture_Spatial", Int64(truncatingIfNeeded: kAudioCodecContentSource_AppleCapture_Spatial), 2),
            ("kAudioCodecContentSource_Capture_Spatial", Int64(truncatingIfNeeded: kAudioCodecContentSource_Capture_Spatial), 34),
            ("kAudioCodecContentSource_Reserved", Int64(truncatingIfNeeded: kAudioCodecContentSource_Reserved), 0),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AudioSettingsFlags.expertParameter", Int64(truncatingIfNeeded: AudioSettingsFlags.expertParameter.rawValue), 1),
            ("AudioSettingsFlags.invisibleParameter", Int64(truncatingIfNeeded: AudioSettingsFlags.invisibleParameter.rawValue), 2),
            ("AudioSettingsFlags.metaParameter", Int64(truncatingIfNeeded: AudioSettingsFlags.metaParameter.rawValue), 4),
            ("AudioSettingsFlags.userInterfaceParameter", Int64(truncatingIfNeeded: AudioSettingsFlags.userInterfaceParameter.rawValue), 8),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("string constants")
    func strings() {
        let table: [(name: String, value: String, header: String)] = [
            ("kAudioSettings_Hint", kAudioSettings_Hint, "hint"),
            ("kAudioSettings_TopLevelKey", kAudioSettings_TopLevelKey, "name"),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
