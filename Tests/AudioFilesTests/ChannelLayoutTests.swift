import Foundation
import AVFAudio
import Testing

/// AVAudioChannelLayout tags beyond those the built-in format checks cover (Conformance/BuiltIn).
@Suite("AVAudioChannelLayout rules")
struct ChannelLayoutTests {
    @Test("LAYOUT-TAG-VALUES: tags have Apple's values and encode their channel count",
          arguments: [
              (kAudioChannelLayoutTag_Mono, UInt32(6_553_601), UInt32(1)),
              (kAudioChannelLayoutTag_Stereo, 6_619_138, 2),
              (kAudioChannelLayoutTag_Quadraphonic, 7_077_892, 4),
              (kAudioChannelLayoutTag_MPEG_5_1_A, 7_929_862, 6),
              (kAudioChannelLayoutTag_MPEG_5_1_D, 8_126_470, 6),
              (kAudioChannelLayoutTag_MPEG_7_1_C, 8_388_616, 8),
              (kAudioChannelLayoutTag_AudioUnit_7_0_Front, 9_699_335, 7),
              (kAudioChannelLayoutTag_Atmos_7_1_4, 12_582_924, 12),
              (kAudioChannelLayoutTag_DiscreteInOrder | 10, 9_633_792 | 10, 10),
          ] as [(AudioChannelLayoutTag, UInt32, UInt32)])
    func tagValues(tag: AudioChannelLayoutTag, value: UInt32, channels: UInt32) throws {
        #expect(tag == value)
        #expect(AudioChannelLayoutTag_GetNumberOfChannels(tag) == channels)
        let layout = try #require(AVAudioChannelLayout(layoutTag: tag))
        #expect(layout.layoutTag == tag && layout.channelCount == channels)
        #expect(layout.layout.pointee.mChannelLayoutTag == tag)
    }

    @Test("LAYOUT-NIL-FOR-DESCRIPTIONS: description and bitmap tags give nil")
    func descriptionTags() {
        #expect(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_UseChannelDescriptions) == nil)
        #expect(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_UseChannelBitmap) == nil)
        #expect(kAudioChannelLayoutTag_UseChannelBitmap == 65_536)
    }

    @Test("LAYOUT-EQUALITY: layouts are equal when their tags are")
    func equality() {
        #expect(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_AudioUnit_5_1)
                == AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A))
        #expect(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A)
                != AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_D))
    }
}
