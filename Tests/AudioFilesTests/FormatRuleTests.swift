import Foundation
import OpenAVFAudio
import Testing

/// AVAudioFormat and AVAudioChannelLayout behave as AVAudioFormat, AVAudioChannelLayout documents.
@Suite("AVAudioFormat rules")
struct FormatRuleTests {
    @Test("FORMATS-STANDARD-DEINTERLEAVED-FLOAT32: the standard format is deinterleaved Float32")
    func standardFormat() throws {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
        #expect(format.isStandard)
        #expect(format.commonFormat == .pcmFormatFloat32)
        #expect(!format.isInterleaved)
        #expect(format.sampleRate == 48_000 && format.channelCount == 2)
        #expect(format.channelLayout == nil)
        let interleaved = try #require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 48_000, channels: 2, interleaved: true))
        #expect(!interleaved.isStandard)
        let int16 = try #require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, channels: 2, interleaved: false))
        #expect(!int16.isStandard)
    }

    @Test("FORMATS-COMMON-RAW-VALUES: AVAudioCommonFormat has Apple's raw values")
    func rawValues() {
        #expect(AVAudioCommonFormat.otherFormat.rawValue == 0)
        #expect(AVAudioCommonFormat.pcmFormatFloat32.rawValue == 1)
        #expect(AVAudioCommonFormat.pcmFormatFloat64.rawValue == 2)
        #expect(AVAudioCommonFormat.pcmFormatInt16.rawValue == 3)
        #expect(AVAudioCommonFormat.pcmFormatInt32.rawValue == 4)
        #expect(AVAudioFormat(commonFormat: .otherFormat, sampleRate: 44_100, channels: 2, interleaved: false) == nil)
    }

    @Test("FORMATS-ASBD-FLAGS: stream descriptions carry the documented flags and byte counts",
          arguments: [
              (AVAudioCommonFormat.pcmFormatFloat32, false, UInt32(0x29), UInt32(4), UInt32(32)),
              (.pcmFormatFloat32, true, 0x9, 8, 32),
              (.pcmFormatInt16, true, 0xC, 4, 16),
              (.pcmFormatInt16, false, 0x2C, 2, 16),
              (.pcmFormatInt32, true, 0xC, 8, 32),
              (.pcmFormatFloat64, false, 0x29, 8, 64),
          ])
    func streamDescription(common: AVAudioCommonFormat, interleaved: Bool, flags: UInt32, bytes: UInt32, bits: UInt32) throws {
        let format = try #require(AVAudioFormat(commonFormat: common, sampleRate: 44_100, channels: 2, interleaved: interleaved))
        let d = format.streamDescription.pointee
        #expect(d.mFormatID == kAudioFormatLinearPCM && d.mFormatID == 1_819_304_813)
        #expect(d.mFormatFlags == flags)
        #expect(d.mBytesPerFrame == bytes && d.mBytesPerPacket == bytes)
        #expect(d.mFramesPerPacket == 1 && d.mBitsPerChannel == bits && d.mChannelsPerFrame == 2)
        #expect(format.commonFormat == common)
        let copy = try #require(AVAudioFormat(streamDescription: format.streamDescription))
        #expect(copy == format)
    }

    @Test("FORMATS-LAYOUT-REQUIRED-ABOVE-STEREO: more than two channels need a layout")
    func layoutRequired() throws {
        #expect(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 6) == nil)
        #expect(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, channels: 3, interleaved: true) == nil)
        var asbd = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2)).streamDescription.pointee
        asbd.mChannelsPerFrame = 6
        #expect(AVAudioFormat(streamDescription: &asbd) == nil)
        let layout = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A))
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channelLayout: layout)
        #expect(format.channelCount == 6 && format.isStandard && format.channelLayout == layout)
        #expect(AVAudioFormat(streamDescription: &asbd, channelLayout: layout)?.channelCount == 6)
        let quad = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Quadraphonic))
        #expect(AVAudioFormat(streamDescription: &asbd, channelLayout: quad) == nil, "layout/channel mismatch")
        #expect(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 0) == nil)
    }

    @Test("FORMATS-EQUALITY: mono ignores interleaving; a standard stereo layout equals none")
    func equality() throws {
        let monoA = try #require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 44_100, channels: 1, interleaved: true))
        let monoB = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1))
        #expect(monoA == monoB)
        let stereoA = try #require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 44_100, channels: 2, interleaved: true))
        let stereoB = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
        #expect(stereoA != stereoB)
        let stereoLayout = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Stereo))
        #expect(AVAudioFormat(standardFormatWithSampleRate: 44_100, channelLayout: stereoLayout) == stereoB)
        let binaural = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Binaural))
        #expect(AVAudioFormat(standardFormatWithSampleRate: 44_100, channelLayout: binaural) != stereoB)
        #expect(try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2)) != stereoB)
    }

    @Test("FORMATS-SETTINGS-ROUNDTRIP: settings use Apple's keys and rebuild the same format")
    func settingsRoundTrip() throws {
        let format = try #require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 22_050, channels: 2, interleaved: true))
        let settings = format.settings
        #expect(settings[AVFormatIDKey] as? Int == Int(kAudioFormatLinearPCM))
        #expect(settings[AVSampleRateKey] as? Double == 22_050)
        #expect(settings[AVNumberOfChannelsKey] as? Int == 2)
        #expect(settings[AVLinearPCMBitDepthKey] as? Int == 16)
        #expect(settings[AVLinearPCMIsFloatKey] as? Bool == false)
        #expect(settings[AVLinearPCMIsBigEndianKey] as? Bool == false)
        #expect(settings[AVLinearPCMIsNonInterleaved] as? Bool == false)
        #expect(AVAudioFormat(settings: settings) == format)
        let layout = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A))
        let surround = AVAudioFormat(standardFormatWithSampleRate: 48_000, channelLayout: layout)
        let rebuilt = try #require(AVAudioFormat(settings: surround.settings))
        #expect(rebuilt == surround && rebuilt.channelLayout?.layoutTag == kAudioChannelLayoutTag_MPEG_5_1_A)
    }

    @Test("FORMATS-SETTINGS-NIL: wrong types, bad bit depths and unlabelled surround give nil")
    func settingsRejections() {
        let plain = Self.format(AVFormatIDKey, kAudioFormatLinearPCM)
        #expect(plain?.commonFormat == .pcmFormatInt16 && plain?.isInterleaved == true)
        #expect(Self.format(AVLinearPCMBitDepthKey, 4) == nil)
        #expect(Self.format(AVLinearPCMBitDepthKey, 48) == nil)
        #expect(Self.format(AVSampleRateKey, "fast") == nil)
        #expect(Self.format(AVNumberOfChannelsKey, 6) == nil)
        #expect(Self.format(AVEncoderAudioQualityKey, AVAudioQuality.high.rawValue) != nil)
    }

    /// Stereo 44.1 kHz LPCM settings with one key set to `value`.
    private static func format(_ key: String, _ value: any Sendable) -> AVAudioFormat? {
        var settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 2]
        settings[key] = value
        return AVAudioFormat(settings: settings)
    }
}

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
