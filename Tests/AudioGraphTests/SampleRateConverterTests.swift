import AudioGraph
import Foundation
import SimCore
import Testing

@Suite("Sample-rate conversion")
struct SampleRateConverterTests {
    static func tone(hertz: Int, frequency: Double, seconds: Int, amplitude: Float = 0.5) -> PCMBuffer {
        let frames = hertz * seconds
        let samples = (0..<frames).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / Double(hertz))) }
        return PCMBuffer(sampleRate: SampleRate(framesPerSecond: Int64(hertz)), channels: [samples])
    }

    /// Renders `frames` frames of a voice in cycles of `block` frames.
    static func render(_ source: AudioSource, frames: Int, block: Int, rate: SampleRate = .hz48000) -> [Float] {
        let engine = RenderEngine(sampleRate: rate, maxFrames: block)
        let voice = engine.addVoice(source, at: 0)
        engine.install(.compile([.init(voice: voice, channels: source.channelCount,
                                       routes: ChannelMap.routes(sourceChannels: source.channelCount, outputChannels: 1))],
                                outputChannels: 1))
        var out: [Float] = []
        var done = 0
        while done < frames {
            let n = min(block, frames - done)
            engine.render(frames: n)
            out += engine.output(channel: 0, frames: n)
            done += n
        }
        return out
    }

    @Test("libsoxr's version is exposed from AudioGraph")
    func version() {
        #expect(SampleRateConverter.libraryVersion.hasPrefix("libsoxr-"))
    }

    @Test("conversion gives bit-identical output whatever the block size")
    func blockInvariance() {
        let source = AudioSource.buffer(Self.tone(hertz: 44_100, frequency: 997, seconds: 1), looping: true)
        let reference = Self.render(source, frames: 96_000, block: 64)
        for block in [1, 7, 100, 256, 441, 1024] {
            #expect(Self.render(source, frames: 96_000, block: block) == reference, "block \(block)")
        }
    }

    @Test("a 1 kHz tone converted from 44.1 kHz to 48 kHz keeps its energy at 1 kHz, THD+N below -90 dB")
    func quality() {
        let output = Self.render(.buffer(Self.tone(hertz: 44_100, frequency: 1000, seconds: 3), looping: false),
                                 frames: 3 * 48_000, block: 512)
        let fit = SineFit(output[48_000..<96_000], frequency: 1000, sampleRate: 48_000)
        #expect(abs(fit.amplitude - 0.5) < 0.001)
        // Measured −150.7 dB with VHQ, as our libsoxr measurements: VHQ runs far faster than real time per stereo stream at about −150 dB THD+N found for soxr VHQ.
        #expect(fit.thdPlusNoiseDecibels < -140, "THD+N \(fit.thdPlusNoiseDecibels) dB")
    }

    @Test("the high-quality setting also converts cleanly")
    func highQuality() {
        let converter = SampleRateConverter(channelCount: 1, from: .hz44100, to: .hz48000, quality: .high, maxReadFrames: 64)
        var produced = 0
        while produced < 48_000 {
            while converter.needsInput(toRead: 64) {
                for i in 0..<converter.chunkFrames { converter.inputChunk(channel: 0)[i] = 0 }
                converter.convertChunk()
            }
            var sink = [Float](repeating: 0, count: 64)
            sink.withUnsafeMutableBufferPointer { converter.read(64, into: $0.baseAddress!, stride: 64) }
            produced += 64
        }
        #expect(produced == 48_000)
    }
}
