import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioQueue.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioQueue.h raw values")
struct AudioQueueHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioQueueErr_BufferEnqueuedTwice", Int64(truncatingIfNeeded: kAudioQueueErr_BufferEnqueuedTwice), -66666),
            ("kAudioQueueErr_CannotStartYet", Int64(truncatingIfNeeded: kAudioQueueErr_CannotStartYet), -66665),
            ("kAudioQueueErr_InvalidOfflineMode", Int64(truncatingIfNeeded: kAudioQueueErr_InvalidOfflineMode), -66626),
            ("kAudioQueueErr_InvalidTapContext", Int64(truncatingIfNeeded: kAudioQueueErr_InvalidTapContext), -66669),
            ("kAudioQueueErr_InvalidTapType", Int64(truncatingIfNeeded: kAudioQueueErr_InvalidTapType), -66667),
            ("kAudioQueueErr_RecordUnderrun", Int64(truncatingIfNeeded: kAudioQueueErr_RecordUnderrun), -66668),
            ("kAudioQueueErr_TooManyTaps", Int64(truncatingIfNeeded: kAudioQueueErr_TooManyTaps), -66670),
            ("kAudioQueueProperty_ChannelLayout", Int64(truncatingIfNeeded: kAudioQueueProperty_ChannelLayout), headerFourCC("aqcl")),
            ("kAudioQueueProperty_ConverterError", Int64(truncatingIfNeeded: kAudioQueueProperty_ConverterError), headerFourCC("qcve")),
            ("kAudioQueueProperty_CurrentLevelMeter", Int64(truncatingIfNeeded: kAudioQueueProperty_CurrentLevelMeter), headerFourCC("aqmv")),
            ("kAudioQueueProperty_CurrentLevelMeterDB", Int64(truncatingIfNeeded: kAudioQueueProperty_CurrentLevelMeterDB), headerFourCC("aqmd")),
            ("kAudioQueueProperty_DecodeBufferSizeFrames", Int64(truncatingIfNeeded: kAudioQueueProperty_DecodeBufferSizeFrames), headerFourCC("dcbf")),
            ("kAudioQueueProperty_EnableLevelMetering", Int64(truncatingIfNeeded: kAudioQueueProperty_EnableLevelMetering), headerFourCC("aqme")),
            ("kAudioQueueProperty_MaximumOutputPacketSize", Int64(truncatingIfNeeded: kAudioQueueProperty_MaximumOutputPacketSize), headerFourCC("xops")),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AudioQueueProcessingTapFlags.endOfStream", Int64(truncatingIfNeeded: AudioQueueProcessingTapFlags.endOfStream.rawValue), 512),
            ("AudioQueueProcessingTapFlags.postEffects", Int64(truncatingIfNeeded: AudioQueueProcessingTapFlags.postEffects.rawValue), 2),
            ("AudioQueueProcessingTapFlags.preEffects", Int64(truncatingIfNeeded: AudioQueueProcessingTapFlags.preEffects.rawValue), 1),
            ("AudioQueueProcessingTapFlags.siphon", Int64(truncatingIfNeeded: AudioQueueProcessingTapFlags.siphon.rawValue), 4),
            ("AudioQueueProcessingTapFlags.startOfStream", Int64(truncatingIfNeeded: AudioQueueProcessingTapFlags.startOfStream.rawValue), 256),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
