import Foundation
import OpenAVFAudio
import Testing

/// AVAudioConverter: PCM formats, channels, and sample-rate conversion through libsoxr.
@Suite("AVAudioConverter")
struct AVAudioConverterTests {
    static func format(_ common: AVAudioCommonFormat, _ rate: Double = 48_000, channels: AVAudioChannelCount = 1,
                       interleaved: Bool = false) throws -> AVAudioFormat {
        try #require(AVAudioFormat(commonFormat: common, sampleRate: rate, channels: channels, interleaved: interleaved))
    }

    static func buffer(_ format: AVAudioFormat, _ frames: Int) throws -> AVAudioPCMBuffer {
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames)))
        buffer.frameLength = AVAudioFrameCount(frames)
        return buffer
    }

    @Test("FORMAT-CONVERTER-PCM-FORMATS: Int16 → Float32 divides by 2^15 and Float32 → Int16 multiplies back exactly")
    func int16Float32() throws {
        let int16 = try Self.format(.pcmFormatInt16)
        let float = try Self.format(.pcmFormatFloat32)
        let values: [Int16] = [.min, -16_384, -1, 0, 1, 12_345, .max]
        let source = try Self.buffer(int16, values.count)
        for (i, v) in values.enumerated() { source.int16ChannelData![0][i] = v }
        let floats = try Self.buffer(float, values.count)
        try #require(AVAudioConverter(from: int16, to: float)).convert(to: floats, from: source)
        #expect(floats.frameLength == AVAudioFrameCount(values.count))
        #expect((0..<values.count).map { floats.floatChannelData![0][$0] } == values.map { Float($0) / 32_768 })
        let back = try Self.buffer(int16, values.count)
        try #require(AVAudioConverter(from: float, to: int16)).convert(to: back, from: floats)
        #expect((0..<values.count).map { back.int16ChannelData![0][$0] } == values)
    }

    @Test("FORMAT-CONVERTER-PCM-FORMATS: floats beyond full scale clip to Int16.min and Int16.max; Int32 keeps 2^31 scale")
    func clipping() throws {
        let float = try Self.format(.pcmFormatFloat32)
        let source = try Self.buffer(float, 3)
        source.floatChannelData![0][0] = 1.5
        source.floatChannelData![0][1] = -1.5
        source.floatChannelData![0][2] = 0.5
        let int16 = try Self.buffer(try Self.format(.pcmFormatInt16), 3)
        try #require(AVAudioConverter(from: float, to: int16.format)).convert(to: int16, from: source)
        #expect((0..<3).map { int16.int16ChannelData![0][$0] } == [.max, .min, 16_384])
        let int32 = try Self.buffer(try Self.format(.pcmFormatInt32), 3)
        try #require(AVAudioConverter(from: float, to: int32.format)).convert(to: int32, from: source)
        #expect((0..<3).map { int32.int32ChannelData![0][$0] } == [.max, .min, 1 << 30])
    }

    @Test("FORMAT-CONVERTER-PCM-FORMATS: interleaved Int16 stereo becomes deinterleaved Float32 and back, sample for sample")
    func interleaving() throws {
        let interleaved = try Self.format(.pcmFormatInt16, channels: 2, interleaved: true)
        let planar = try Self.format(.pcmFormatFloat32, channels: 2)
        let source = try Self.buffer(interleaved, 4)
        let samples = source.int16ChannelData![0]
        for i in 0..<8 { samples[i] = Int16(i * 1000) }  // L0 R0 L1 R1 …
        let floats = try Self.buffer(planar, 4)
        try #require(AVAudioConverter(from: interleaved, to: planar)).convert(to: floats, from: source)
        #expect((0..<4).map { floats.floatChannelData![0][$0] } == [0, 2000, 4000, 6000].map { Float($0) / 32_768 })
        #expect((0..<4).map { floats.floatChannelData![1][$0] } == [1000, 3000, 5000, 7000].map { Float($0) / 32_768 })
        let back = try Self.buffer(interleaved, 4)
        try #require(AVAudioConverter(from: planar, to: interleaved)).convert(to: back, from: floats)
        #expect((0..<8).map { back.int16ChannelData![0][$0] } == (0..<8).map { Int16($0 * 1000) })
    }

    @Test("FORMAT-CONVERTER-CHANNEL-MAP: mono feeds both channels by default; a map swaps or silences; downmix averages")
    func channelMap() throws {
        let mono = try Self.format(.pcmFormatFloat32)
        let stereo = try Self.format(.pcmFormatFloat32, channels: 2)
        let one = try Self.buffer(mono, 2)
        one.floatChannelData![0][0] = 0.25
        one.floatChannelData![0][1] = -0.5
        let up = try #require(AVAudioConverter(from: mono, to: stereo))
        #expect(up.channelMap == [0, 0])
        let wide = try Self.buffer(stereo, 2)
        try up.convert(to: wide, from: one)
        #expect(wide.floatChannelData![1][0] == 0.25 && wide.floatChannelData![1][1] == -0.5)

        let two = try Self.buffer(stereo, 1)
        two.floatChannelData![0][0] = 0.5
        two.floatChannelData![1][0] = 0.25
        let swap = try #require(AVAudioConverter(from: stereo, to: stereo))
        #expect(swap.channelMap == [0, 1])
        swap.channelMap = [1, -1]
        let swapped = try Self.buffer(stereo, 1)
        try swap.convert(to: swapped, from: two)
        #expect(swapped.floatChannelData![0][0] == 0.25 && swapped.floatChannelData![1][0] == 0)

        let down = try #require(AVAudioConverter(from: stereo, to: mono))
        #expect(down.channelMap == [0] && down.downmix == false)
        let left = try Self.buffer(mono, 1)
        try down.convert(to: left, from: two)
        #expect(left.floatChannelData![0][0] == 0.5)
        down.downmix = true
        try down.convert(to: left, from: two)
        #expect(left.floatChannelData![0][0] == 0.375)
    }

    @Test("FORMAT-CONVERTER-UNSUPPORTED: non-PCM formats give nil; convert(to:from:) throws 'fmt?' for a rate change, -50 for a wrong buffer")
    func unsupported() throws {
        var aac = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatMPEG4AAC, mFormatFlags: 0,
                                              mBytesPerPacket: 0, mFramesPerPacket: 1024, mBytesPerFrame: 0,
                                              mChannelsPerFrame: 2, mBitsPerChannel: 0, mReserved: 0)
        let compressed = try #require(AVAudioFormat(streamDescription: &aac))
        let pcm = try Self.format(.pcmFormatFloat32, 44_100, channels: 2)
        #expect(AVAudioConverter(from: compressed, to: pcm) == nil)
        #expect(AVAudioConverter(from: pcm, to: compressed) == nil)

        let to48 = try #require(AVAudioConverter(from: pcm, to: try Self.format(.pcmFormatFloat32, 48_000, channels: 2)))
        let error = #expect(throws: NSError.self) {
            try to48.convert(to: try Self.buffer(to48.outputFormat, 64), from: try Self.buffer(pcm, 64))
        }
        #expect(error?.code == 0x666D_743F && error?.domain == OpenAVFAudio.NSOSStatusErrorDomain)
        let same = try #require(AVAudioConverter(from: pcm, to: pcm))
        let wrong = #expect(throws: NSError.self) {
            try same.convert(to: try Self.buffer(pcm, 64), from: try Self.buffer(try Self.format(.pcmFormatInt16, 44_100), 64))
        }
        #expect(wrong?.code == -50)
    }

    @Test("FORMAT-CONVERTER-QUALITY-SETTINGS: raw values and defaults match Apple's; quality and algorithm are settable")
    func settings() throws {
        #expect(AVAudioConverterInputStatus.haveData.rawValue == 0 && AVAudioConverterInputStatus.noDataNow.rawValue == 1
            && AVAudioConverterInputStatus.endOfStream.rawValue == 2)
        #expect([AVAudioConverterOutputStatus.haveData, .inputRanDry, .endOfStream, .error].map(\.rawValue) == [0, 1, 2, 3])
        #expect([AVAudioConverterPrimeMethod.pre, .normal, .none].map(\.rawValue) == [0, 1, 2])
        let converter = try #require(AVAudioConverter(from: try Self.format(.pcmFormatInt16, 44_100),
                                                      to: try Self.format(.pcmFormatFloat32, 48_000)))
        #expect(converter.sampleRateConverterQuality == AVAudioQuality.high.rawValue)
        #expect(converter.sampleRateConverterAlgorithm == AVSampleRateConverterAlgorithm_Normal)
        #expect(converter.primeMethod == .normal && converter.dither == false)
        #expect(converter.maximumOutputPacketSize == 4 && converter.minimumOutputBufferSize == 4)
        converter.sampleRateConverterQuality = AVAudioQuality.max.rawValue
        converter.sampleRateConverterAlgorithm = AVSampleRateConverterAlgorithm_MinimumPhase
        #expect(converter.sampleRateConverterQuality == 0x7F)
    }
}
