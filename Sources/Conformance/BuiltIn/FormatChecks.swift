import Foundation
import AVFAudio

/// AVAudioFormat, AVAudioChannelLayout and AVAudioPCMBuffer as Apple's headers document them.
enum FormatChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["FORMAT-STANDARD", "FORMAT-IS-STANDARD"], "the standard format is deinterleaved Float32 from a rate and channel count") { p in
            let format = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2), "standard stereo")
            p.expect(format.isStandard, "standard stereo says isStandard")
            p.expect(format.commonFormat, equals: .pcmFormatFloat32, "its common format")
            p.expect(!format.isInterleaved, "the standard format is deinterleaved")
            p.expect(format.sampleRate == 48_000 && format.channelCount == 2, "rate and channels as given")
            p.expect(format.channelLayout == nil, "no layout for stereo")
            let interleaved = try p.require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 48_000, channels: 2, interleaved: true), "interleaved float")
            p.expect(!interleaved.isStandard, "interleaved Float32 is not standard")
            let int16 = try p.require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, channels: 2, interleaved: false), "Int16")
            p.expect(!int16.isStandard, "Int16 is not standard")
        },
        BuiltInCheck(["FORMAT-COMMON-RAW-VALUES", "FORMAT-COMMON-FORMAT-PROPERTY"], "AVAudioCommonFormat has Apple's raw values and every format reports one") { p in
            p.expect(AVAudioCommonFormat.otherFormat.rawValue, equals: 0, "otherFormat")
            p.expect(AVAudioCommonFormat.pcmFormatFloat32.rawValue, equals: 1, "pcmFormatFloat32")
            p.expect(AVAudioCommonFormat.pcmFormatFloat64.rawValue, equals: 2, "pcmFormatFloat64")
            p.expect(AVAudioCommonFormat.pcmFormatInt16.rawValue, equals: 3, "pcmFormatInt16")
            p.expect(AVAudioCommonFormat.pcmFormatInt32.rawValue, equals: 4, "pcmFormatInt32")
            p.expect(AVAudioFormat(commonFormat: .otherFormat, sampleRate: 44_100, channels: 2, interleaved: false) == nil,
                     "otherFormat cannot be made from a common format")
            let aac = try p.require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 2]), "AAC")
            p.expect(aac.commonFormat, equals: .otherFormat, "AAC's common format")
        },
        BuiltInCheck(["FORMAT-COMMON-FORMATS", "FORMAT-ASBD-FLAGS", "FORMAT-WRAPS-ASBD"], "common formats give stream descriptions with the documented flags, and back") { p in
            let cases: [(AVAudioCommonFormat, Bool, UInt32, UInt32, UInt32)] = [
                (.pcmFormatFloat32, false, 0x29, 4, 32), (.pcmFormatFloat32, true, 0x9, 8, 32), (.pcmFormatInt16, true, 0xC, 4, 16),
                (.pcmFormatInt16, false, 0x2C, 2, 16), (.pcmFormatInt32, true, 0xC, 8, 32), (.pcmFormatFloat64, false, 0x29, 8, 64),
            ]
            for (common, interleaved, flags, bytes, bits) in cases {
                let what = "\(common) \(interleaved ? "interleaved" : "deinterleaved")"
                let format = try p.require(AVAudioFormat(commonFormat: common, sampleRate: 44_100, channels: 2, interleaved: interleaved), what)
                let d = format.streamDescription.pointee
                p.expect(d.mFormatID, equals: 1_819_304_813, "\(what): format ID ('lpcm')")
                p.expect(d.mFormatFlags, equals: flags, "\(what): flags")
                p.expect(d.mBytesPerFrame == bytes && d.mBytesPerPacket == bytes, "\(what): \(bytes) bytes per frame and packet")
                p.expect(d.mFramesPerPacket == 1 && d.mBitsPerChannel == bits && d.mChannelsPerFrame == 2, "\(what): packet, bits, channels")
                p.expect(format.commonFormat, equals: common, "\(what): common format")
                p.expect(AVAudioFormat(streamDescription: format.streamDescription) == format, "\(what): rebuilt from its description")
            }
        },
        BuiltInCheck(["FORMAT-LAYOUT-REQUIRED-ABOVE-STEREO"], "formats with more than two channels need a channel layout") { p in
            p.expect(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 6) == nil, "6 channels without a layout")
            p.expect(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, channels: 3, interleaved: true) == nil, "3 channels without a layout")
            var asbd = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2), "stereo").streamDescription.pointee
            asbd.mChannelsPerFrame = 6
            p.expect(AVAudioFormat(streamDescription: &asbd) == nil, "a 6-channel description without a layout")
            let layout = try p.require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A), "5.1 layout")
            let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channelLayout: layout)
            p.expect(format.channelCount == 6 && format.isStandard && format.channelLayout == layout, "5.1 with its layout")
            p.expect(AVAudioFormat(streamDescription: &asbd, channelLayout: layout)?.channelCount == 6, "description plus layout")
            let quad = try p.require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Quadraphonic), "quad layout")
            p.expect(AVAudioFormat(streamDescription: &asbd, channelLayout: quad) == nil, "a layout of another channel count")
            p.expect(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 0) == nil, "zero channels")
        },
        BuiltInCheck(["FORMAT-EQUALITY"], "mono ignores interleaving in equality, and a standard stereo layout equals none") { p in
            let monoA = try p.require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 44_100, channels: 1, interleaved: true), "mono")
            p.expect(monoA == AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1), "interleaved mono equals standard mono")
            let stereoA = try p.require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 44_100, channels: 2, interleaved: true), "stereo")
            let stereoB = try p.require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2), "standard stereo")
            p.expect(stereoA != stereoB, "interleaved stereo differs from deinterleaved")
            let stereoLayout = try p.require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Stereo), "stereo layout")
            p.expect(AVAudioFormat(standardFormatWithSampleRate: 44_100, channelLayout: stereoLayout) == stereoB, "stereo layout equals none")
            let binaural = try p.require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_Binaural), "binaural layout")
            p.expect(AVAudioFormat(standardFormatWithSampleRate: 44_100, channelLayout: binaural) != stereoB, "binaural differs")
            p.expect(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2) != stereoB, "another rate differs")
        },
        BuiltInCheck(["FORMAT-SETTINGS-KEY-VALUES", "FORMAT-SETTINGS-NIL"], "settings use Apple's keys and values, rebuild the format, and refuse what is out of range") { p in
            p.expect(kAudioFormatLinearPCM, equals: 1_819_304_813, "lpcm")
            p.expect(kAudioFormatMPEG4AAC, equals: 1_633_772_320, "aac ")
            let format = try p.require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 22_050, channels: 2, interleaved: true), "Int16")
            let settings = format.settings
            p.expect(settings[AVFormatIDKey] as? Int == Int(kAudioFormatLinearPCM), "AVFormatIDKey")
            p.expect(settings[AVSampleRateKey] as? Double == 22_050, "AVSampleRateKey")
            p.expect(settings[AVNumberOfChannelsKey] as? Int == 2, "AVNumberOfChannelsKey")
            p.expect(settings[AVLinearPCMBitDepthKey] as? Int == 16, "AVLinearPCMBitDepthKey")
            p.expect(settings[AVLinearPCMIsFloatKey] as? Bool == false && settings[AVLinearPCMIsBigEndianKey] as? Bool == false
                     && settings[AVLinearPCMIsNonInterleaved] as? Bool == false, "float, endianness and interleaving keys")
            p.expect(AVAudioFormat(settings: settings) == format, "rebuilt from its settings")
            func withKey(_ key: String, _ value: any Sendable) -> AVAudioFormat? {
                var settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 2]
                settings[key] = value
                return AVAudioFormat(settings: settings)
            }
            p.expect(withKey(AVLinearPCMBitDepthKey, 4) == nil, "bit depth 4")
            p.expect(withKey(AVLinearPCMBitDepthKey, 48) == nil, "bit depth 48")
            p.expect(withKey(AVSampleRateKey, "fast") == nil, "a rate of the wrong type")
            p.expect(withKey(AVNumberOfChannelsKey, 6) == nil, "6 channels without a layout")
        },
        BuiltInCheck(["FORMAT-LAYOUT-TAG-ENCODING", "FORMAT-CHANNEL-LAYOUT-ORDER"], "layout tags are (index << 16) | channels, with Apple's values") { p in
            let tags: [(AudioChannelLayoutTag, UInt32, UInt32)] = [
                (kAudioChannelLayoutTag_Mono, 6_553_601, 1), (kAudioChannelLayoutTag_Stereo, 6_619_138, 2),
                (kAudioChannelLayoutTag_Quadraphonic, 7_077_892, 4), (kAudioChannelLayoutTag_MPEG_5_1_A, 7_929_862, 6),
                (kAudioChannelLayoutTag_MPEG_5_1_D, 8_126_470, 6), (kAudioChannelLayoutTag_MPEG_7_1_C, 8_388_616, 8),
            ]
            for (tag, value, channels) in tags {
                p.expect(tag, equals: value, "tag value")
                p.expect(AudioChannelLayoutTag_GetNumberOfChannels(tag), equals: channels, "channels of tag \(value)")
                let layout = try p.require(AVAudioChannelLayout(layoutTag: tag), "layout \(value)")
                p.expect(layout.layoutTag == tag && layout.channelCount == channels, "layout \(value) reports its tag and channels")
            }
            // 5.1 A is L R C LFE Ls Rs, 5.1 D is C L R Ls Rs LFE: the same channels in another order, so not equal.
            p.expect(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A) != AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_D),
                     "two orders of the same channels are different layouts")
            p.expect(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_AudioUnit_5_1) == AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A),
                     "AudioUnit_5_1 is MPEG_5_1_A")
        },
        BuiltInCheck(["FORMAT-PCM-BUFFER-CAPACITY-LENGTH", "FORMAT-PCM-BUFFER-CREATE"], "a buffer has a fixed capacity, a clamped frame length, and a buffer list that follows it") { p in
            let format = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2), "stereo")
            let buffer = try p.require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 256), "buffer")
            p.expect(buffer.frameCapacity == 256 && buffer.frameLength == 0, "capacity 256, length 0")
            buffer.frameLength = 100
            p.expect(buffer.frameLength, equals: 100, "length set")
            buffer.frameLength = 257
            p.expect(buffer.frameLength, equals: 256, "length clamped to the capacity")
            buffer.frameLength = 100
            let list = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: buffer.audioBufferList))
            p.expect(list.count == 2 && list.map(\.mDataByteSize) == [400, 400] && list[0].mNumberChannels == 1,
                     "two mono buffers of 400 bytes for 100 frames")
            let interleaved = try p.require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 8_000, channels: 2, interleaved: true), "Int16")
            let packed = try p.require(AVAudioPCMBuffer(pcmFormat: interleaved, frameCapacity: 10), "interleaved buffer")
            packed.frameLength = 10
            let one = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: packed.audioBufferList))
            p.expect(one.count == 1 && one[0].mNumberChannels == 2 && one[0].mDataByteSize == 40, "one interleaved buffer of 40 bytes")
        },
        BuiltInCheck(["FORMAT-PCM-BUFFER-ACCESSORS", "FORMAT-PCM-BUFFER-STRIDE"], "typed accessors exist only for their sample type; stride counts interleaved channels") { p in
            for common in [AVAudioCommonFormat.pcmFormatFloat32, .pcmFormatFloat64, .pcmFormatInt16, .pcmFormatInt32] {
                let format = try p.require(AVAudioFormat(commonFormat: common, sampleRate: 8_000, channels: 1, interleaved: false), "\(common)")
                let buffer = try p.require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 16), "\(common) buffer")
                p.expect((buffer.floatChannelData != nil) == (common == .pcmFormatFloat32), "floatChannelData for \(common)")
                p.expect((buffer.int16ChannelData != nil) == (common == .pcmFormatInt16), "int16ChannelData for \(common)")
                p.expect((buffer.int32ChannelData != nil) == (common == .pcmFormatInt32), "int32ChannelData for \(common)")
            }
            let stereo = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2), "stereo")
            p.expect(try p.require(AVAudioPCMBuffer(pcmFormat: stereo, frameCapacity: 8), "buffer").stride, equals: 1, "deinterleaved stride")
            let interleaved = try p.require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, channels: 2, interleaved: true), "Int16")
            let buffer = try p.require(AVAudioPCMBuffer(pcmFormat: interleaved, frameCapacity: 64), "interleaved buffer")
            let channels = try p.require(buffer.int16ChannelData, "int16ChannelData")
            p.expect(buffer.stride, equals: 2, "interleaved stereo stride")
            channels[1][3 * buffer.stride] = 7
            p.expect(channels[0][7], equals: 7, "channel pointers share one interleaved block")
        },
        BuiltInCheck(["FORMAT-PCM-BUFFER-NON-PCM"], "a PCM buffer cannot be made with a compressed (AAC) format") { p in
            var aac = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatMPEG4AAC, mFormatFlags: 0, mBytesPerPacket: 0,
                                                  mFramesPerPacket: 1024, mBytesPerFrame: 0, mChannelsPerFrame: 2, mBitsPerChannel: 0, mReserved: 0)
            let format = try p.require(AVAudioFormat(streamDescription: &aac), "an AAC format made from its stream description")
            p.expect(format.commonFormat, equals: .otherFormat, "the AAC format's common format")
            p.expect(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 1024) == nil,
                     "AVAudioPCMBuffer(pcmFormat:) made a buffer for an AAC format; Apple refuses non-PCM formats (an exception, nil in Swift)")
            let pcm = try p.require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2), "standard stereo")
            let buffer = try p.require(AVAudioPCMBuffer(pcmFormat: pcm, frameCapacity: 1024), "a PCM buffer for standard stereo (the control)")
            p.expect(buffer.frameCapacity, equals: 1024, "the PCM buffer's frameCapacity")
        },
    ] }
}
