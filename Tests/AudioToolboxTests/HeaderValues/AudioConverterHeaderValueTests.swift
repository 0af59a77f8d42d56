import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioConverter.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioConverter.h raw values")
struct AudioConverterHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioConverterErr_BadPropertySizeError", Int64(truncatingIfNeeded: kAudioConverterErr_BadPropertySizeError), headerFourCC("!siz")),
            ("kAudioConverterErr_InputSampleRateOutOfRange", Int64(truncatingIfNeeded: kAudioConverterErr_InputSampleRateOutOfRange), headerFourCC("!isr")),
            ("kAudioConverterErr_InvalidOutputSize", Int64(truncatingIfNeeded: kAudioConverterErr_InvalidOutputSize), headerFourCC("otsz")),
            ("kAudioConverterErr_OutputSampleRateOutOfRange", Int64(truncatingIfNeeded: kAudioConverterErr_OutputSampleRateOutOfRange), headerFourCC("!osr")),
            ("kAudioConverterErr_RequiresPacketDescriptionsError", Int64(truncatingIfNeeded: kAudioConverterErr_RequiresPacketDescriptionsError), headerFourCC("!pkd")),
            ("kAudioConverterErr_HardwareInUse", Int64(truncatingIfNeeded: kAudioConverterErr_HardwareInUse), headerFourCC("hwiu")),
            ("kAudioConverterPropertyCanResumeFromInterruption", Int64(truncatingIfNeeded: kAudioConverterPropertyCanResumeFromInterruption), headerFourCC("crfi")),
            ("kAudioConverterSampleRateConverterAlgorithm", Int64(truncatingIfNeeded: kAudioConverterSampleRateConverterAlgorithm), headerFourCC("srci")),
            ("kAudioConverterApplicableEncodeSampleRates", Int64(truncatingIfNeeded: kAudioConverterApplicableEncodeSampleRates), headerFourCC("aesr")),
            ("kAudioConverterAvailableEncodeChannelLayoutTags", Int64(truncatingIfNeeded: kAudioConverterAvailableEncodeChannelLayoutTags), headerFourCC("aecl")),
            ("kAudioConverterChannelMap", Int64(truncatingIfNeeded: kAudioConverterChannelMap), headerFourCC("chmp")),
            ("kAudioConverterCompressionMagicCookie", Int64(truncatingIfNeeded: kAudioConverterCompressionMagicCookie), headerFourCC("cmgc")),
            ("kAudioConverterCurrentOutputStreamDescription", Int64(truncatingIfNeeded: kAudioConverterCurrentOutputStreamDescription), headerFourCC("acod")),
            ("kAudioConverterEncodeAdjustableSampleRate", Int64(truncatingIfNeeded: kAudioConverterEncodeAdjustableSampleRate), headerFourCC("ajsr")),
            ("kAudioConverterInputChannelLayout", Int64(truncatingIfNeeded: kAudioConverterInputChannelLayout), headerFourCC("icl ")),
            ("kAudioConverterPrimeInfo", Int64(truncatingIfNeeded: kAudioConverterPrimeInfo), headerFourCC("prim")),
            ("kAudioConverterPropertyBitDepthHint", Int64(truncatingIfNeeded: kAudioConverterPropertyBitDepthHint), headerFourCC("acbd")),
            ("kAudioConverterPropertyCalculateOutputBufferSize", Int64(truncatingIfNeeded: kAudioConverterPropertyCalculateOutputBufferSize), headerFourCC("cobs")),
            ("kAudioConverterPropertyInputCodecParameters", Int64(truncatingIfNeeded: kAudioConverterPropertyInputCodecParameters), headerFourCC("icdp")),
            ("kAudioConverterPropertyMaximumOutputPacketSize", Int64(truncatingIfNeeded: kAudioConverterPropertyMaximumOutputPacketSize), headerFourCC("xops")),
            ("kAudioConverterPropertyMinimumOutputBufferSize", Int64(truncatingIfNeeded: kAudioConverterPropertyMinimumOutputBufferSize), headerFourCC("mobs")),
            ("kAudioConverterPropertySettings", Int64(truncatingIfNeeded: kAudioConverterPropertySettings), headerFourCC("acps")),
            ("kAudioConverterSampleRateConverterInitialPhase", Int64(truncatingIfNeeded: kAudioConverterSampleRateConverterInitialPhase), headerFourCC("srcp")),
            ("kAudioConverterQuality_High", Int64(truncatingIfNeeded: kAudioConverterQuality_High), 96),
            ("kAudioConverterQuality_Max", Int64(truncatingIfNeeded: kAudioConverterQuality_Max), 127),
            ("kAudioConverterQuality_Min", Int64(truncatingIfNeeded: kAudioConverterQuality_Min), 0),
            ("kAudioConverterSampleRateConverterComplexity_Mastering", Int64(truncatingIfNeeded: kAudioConverterSampleRateConverterComplexity_Mastering), headerFourCC("bats")),
            ("kAudioConverterSampleRateConverterComplexity_Normal", Int64(truncatingIfNeeded: kAudioConverterSampleRateConverterComplexity_Normal), headerFourCC("norm")),
            ("kConverterPrimeMethod_Normal", Int64(truncatingIfNeeded: kConverterPrimeMethod_Normal), 1),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
