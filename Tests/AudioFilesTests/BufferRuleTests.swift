import Foundation
import AVFAudio
import Testing

/// AVAudioPCMBuffer behaves as AVAudioPCMBuffer, AVAudioBuffer.h documents.
@Suite("AVAudioPCMBuffer rules")
struct BufferRuleTests {
    @Test("BUFFER-FRAME-LENGTH-LE-CAPACITY: frameLength starts at 0 and never exceeds frameCapacity")
    func frameLength() throws {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 512))
        #expect(buffer.frameCapacity == 512 && buffer.frameLength == 0)
        buffer.frameLength = 100
        #expect(buffer.frameLength == 100)
        buffer.frameLength = 513
        #expect(buffer.frameLength == 512)
        #expect(buffer.format == format)
    }

    @Test("BUFFER-DEINTERLEAVED-LAYOUT: deinterleaved channels are separate zeroed blocks, stride 1")
    func deinterleaved() throws {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 256))
        let channels = try #require(buffer.floatChannelData)
        #expect(buffer.stride == 1)
        #expect(channels[1] - channels[0] >= 256)
        #expect((0..<256).allSatisfy { channels[0][$0] == 0 && channels[1][$0] == 0 })
        channels[1][255] = 0.25
        #expect(channels[0][255] == 0)
    }

    @Test("BUFFER-INTERLEAVED-LAYOUT: interleaved channel pointers share one block, stride = channels")
    func interleaved() throws {
        let format = try #require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, channels: 2, interleaved: true))
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 64))
        let channels = try #require(buffer.int16ChannelData)
        #expect(buffer.stride == 2)
        #expect(channels[1] - channels[0] == 1)
        channels[1][3 * buffer.stride] = 7
        #expect(channels[0][7] == 7)
    }

    @Test("BUFFER-TYPED-ACCESSORS: each typed accessor is non-nil only for its sample type",
          arguments: [AVAudioCommonFormat.pcmFormatFloat32, .pcmFormatFloat64, .pcmFormatInt16, .pcmFormatInt32])
    func typedAccessors(common: AVAudioCommonFormat) throws {
        let format = try #require(AVAudioFormat(commonFormat: common, sampleRate: 8_000, channels: 1, interleaved: false))
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 16))
        #expect((buffer.floatChannelData != nil) == (common == .pcmFormatFloat32))
        #expect((buffer.int16ChannelData != nil) == (common == .pcmFormatInt16))
        #expect((buffer.int32ChannelData != nil) == (common == .pcmFormatInt32))
    }

    @Test("BUFFER-NIL-CASES: non-PCM formats and byte sizes past UInt32 give nil")
    func nilCases() throws {
        let format = try #require(AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 48_000, channels: 2, interleaved: true))
        #expect(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: .max) == nil)
        let aac = try #require(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100.0,
                                                        AVNumberOfChannelsKey: 2]))
        #expect(aac.commonFormat == .otherFormat)
        #expect(AVAudioPCMBuffer(pcmFormat: aac, frameCapacity: 1024) == nil)
    }

    @Test("BUFFER-SURROUND: a 5.1 buffer has six channel pointers")
    func surround() throws {
        let layout = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A))
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channelLayout: layout)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 32))
        let channels = try #require(buffer.floatChannelData)
        for channel in 0..<6 { channels[channel][31] = Float(channel) }
        #expect((0..<6).map { channels[$0][31] } == [0, 1, 2, 3, 4, 5])
    }
}

extension BufferRuleTests {
    @Test("BUFFER-LIST-BYTE-SIZES: the buffer list tracks frameLength, and frameLength tracks the list")
    func bufferList() throws {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 256))
        buffer.frameLength = 100
        let list = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: buffer.audioBufferList))
        #expect(list.count == 2 && list.map(\.mDataByteSize) == [400, 400] && list[0].mNumberChannels == 1)
        #expect(list[1].mData == UnsafeMutableRawPointer(try #require(buffer.floatChannelData)[1]))
        let mutable = UnsafeMutableAudioBufferListPointer(buffer.mutableAudioBufferList)
        #expect(mutable[0].mDataByteSize == 1_024 && buffer.frameLength == 100)
        mutable[0].mDataByteSize = 200
        mutable[1].mDataByteSize = 200
        #expect(buffer.frameLength == 50)

        let interleaved = try #require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 8_000, channels: 2, interleaved: true))
        let packed = try #require(AVAudioPCMBuffer(pcmFormat: interleaved, frameCapacity: 10))
        packed.frameLength = 10
        let one = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: packed.audioBufferList))
        #expect(one.count == 1 && one[0].mNumberChannels == 2 && one[0].mDataByteSize == 40)
    }
}
