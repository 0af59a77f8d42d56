import Foundation
import OpenAVFAudio
import Testing

/// AVAudioConverter's input-block conversion: statuses, sample-rate conversion, chunking.
@Suite("AVAudioConverter streaming")
struct AVAudioConverterStreamingTests {
    static let tone: [Float] = (0..<44_100).map { Float(0.5 * sin(2 * Double.pi * 1000 * Double($0) / 44_100)) }

    /// Converts `samples` at `from` to `to` Hz (mono Float32), the input block handing out
    /// `piece` frames at a time and the output pulled `outputFrames` at a time.
    static func resample(_ samples: [Float], from: Double = 44_100, to: Double = 48_000, piece: Int,
                         outputFrames: AVAudioFrameCount = 1000) throws -> [Float] {
        let inputFormat = try #require(AVAudioFormat(standardFormatWithSampleRate: from, channels: 1))
        let outputFormat = try #require(AVAudioFormat(standardFormatWithSampleRate: to, channels: 1))
        let converter = try #require(AVAudioConverter(from: inputFormat, to: outputFormat))
        let output = try #require(AVAudioPCMBuffer(pcmFormat: outputFormat, frameCapacity: outputFrames))
        var position = 0
        var result: [Float] = []
        var status = AVAudioConverterOutputStatus.haveData
        while status == .haveData {
            var error: NSError?
            status = converter.convert(to: output, error: &error) { _, inputStatus in
                guard position < samples.count else {
                    inputStatus.pointee = .endOfStream
                    return nil
                }
                let count = min(piece, samples.count - position)
                let buffer = AVAudioPCMBuffer(pcmFormat: inputFormat, frameCapacity: AVAudioFrameCount(count))!
                for i in 0..<count { buffer.floatChannelData![0][i] = samples[position + i] }
                buffer.frameLength = AVAudioFrameCount(count)
                position += count
                inputStatus.pointee = .haveData
                return buffer
            }
            #expect(error == nil)
            result += (0..<Int(output.frameLength)).map { output.floatChannelData![0][$0] }
        }
        #expect(status == .endOfStream)
        return result
    }

    /// Goertzel power of `frequency` in `samples`, relative to the total power.
    static func share(of frequency: Double, rate: Double, in samples: ArraySlice<Float>) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
        var (s1, s2) = (0.0, 0.0)
        for x in samples { (s1, s2) = (Double(x) + coefficient * s1 - s2, s1) }
        let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        let total = samples.reduce(0) { $0 + Double($1) * Double($1) }
        return power / (total * Double(samples.count) / 2)
    }

    @Test("FORMAT-CONVERTER-SAMPLE-RATE: 1 kHz at 44.1 kHz → 48 kHz stays at 1 kHz, has 48 000 frames and no leading delay")
    func toneAt48k() throws {
        let output = try Self.resample(Self.tone, piece: 4096)
        #expect(output.count == 48_000)
        let middle = output[4800..<43_200]
        #expect(Self.share(of: 1000, rate: 48_000, in: middle) > 0.99)
        #expect(Self.share(of: 1100, rate: 48_000, in: middle) < 0.01)
        // Aligned: the output follows the ideal 1 kHz sine at 48 kHz from the start, no latency gap.
        let ideal = (0..<48_000).map { 0.5 * sin(2 * Double.pi * 1000 * Double($0) / 48_000) }
        let error = (100..<47_900).map { abs(Double(output[$0]) - ideal[$0]) }.max() ?? 1
        #expect(error < 1e-3, "max error \(error) against the aligned ideal tone")
    }

    @Test("FORMAT-CONVERTER-SAMPLE-RATE: input in 1, 7, 512 and 4096-frame pieces gives bit-identical output")
    func chunkingInvariance() throws {
        let samples = Array(Self.tone.prefix(10_000))
        let reference = try Self.resample(samples, piece: 4096)
        #expect(reference.count == Int((10_000.0 * 48_000 / 44_100).rounded()))
        for piece in [1, 7, 512] {
            let output = try Self.resample(samples, piece: piece, outputFrames: AVAudioFrameCount(97 + piece))
            let first = zip(output, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(output.count == reference.count && first == nil, "piece \(piece): first differing frame \(String(describing: first))")
        }
    }

    @Test("FORMAT-CONVERTER-SAMPLE-RATE: 48 kHz → 44.1 kHz of 1000 frames gives round(1000 × 0.91875) = 919 frames")
    func downsampleLength() throws {
        let samples = (0..<1000).map { Float(sin(Double($0) / 10)) * 0.25 }
        #expect(try Self.resample(samples, from: 48_000, to: 44_100, piece: 333).count == 919)
    }

    @Test("FORMAT-CONVERTER-INPUT-STATUS: noDataNow gives inputRanDry with what was converted; endOfStream, then endOfStream again")
    func statuses() throws {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
        let converter = try #require(AVAudioConverter(from: format, to: format))
        let output = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 100))
        let input = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 60))
        input.frameLength = 60
        var given = false
        var status = converter.convert(to: output, error: nil) { _, inputStatus in
            if given { inputStatus.pointee = .noDataNow; return nil }
            given = true
            inputStatus.pointee = .haveData
            return input
        }
        #expect(status == .inputRanDry && output.frameLength == 60)
        status = converter.convert(to: output, error: nil) { _, inputStatus in inputStatus.pointee = .endOfStream; return nil }
        #expect(status == .endOfStream && output.frameLength == 0)
        status = converter.convert(to: output, error: nil) { _, inputStatus in inputStatus.pointee = .haveData; return input }
        #expect(status == .endOfStream)
        converter.reset()
        status = converter.convert(to: output, error: nil) { _, inputStatus in inputStatus.pointee = .haveData; return input }
        #expect(status == .haveData && output.frameLength == 100)
    }

    @Test("FORMAT-CONVERTER-INPUT-STATUS: a buffer in the wrong format gives .error and a -50 NSError")
    func wrongInputFormat() throws {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
        let other = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1))
        let converter = try #require(AVAudioConverter(from: format, to: format))
        let output = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 100))
        let input = try #require(AVAudioPCMBuffer(pcmFormat: other, frameCapacity: 10))
        var error: NSError?
        let status = converter.convert(to: output, error: &error) { _, inputStatus in inputStatus.pointee = .haveData; return input }
        #expect(status == .error && error?.code == -50)
    }

    /// Pulls everything from `converter`, handing `input` over in one piece, then end of stream.
    static func drain(_ converter: AVAudioConverter, _ input: AVAudioPCMBuffer) throws -> [AVAudioPCMBuffer] {
        var given = false
        var outputs: [AVAudioPCMBuffer] = []
        while true {
            let output = try #require(AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: 4096))
            let status = converter.convert(to: output, error: nil) { _, inputStatus in
                if given { inputStatus.pointee = .endOfStream; return nil }
                given = true
                inputStatus.pointee = .haveData
                return input
            }
            if status != .haveData { break }
            outputs.append(output)
        }
        return outputs
    }

    @Test("FORMAT-CONVERTER-SAMPLE-RATE: stereo Int16 interleaved → Float32 48 kHz converts each channel as mono would")
    func stereoRateAndFormat() throws {
        let inputFormat = try #require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 44_100, channels: 2, interleaved: true))
        let outputFormat = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
        let input = try #require(AVAudioPCMBuffer(pcmFormat: inputFormat, frameCapacity: 2000))
        input.frameLength = 2000
        let left = (0..<2000).map { Int16(8000 * sin(Double($0) / 7)) }
        let right = (0..<2000).map { Int16(-3000 * sin(Double($0) / 19)) }
        for i in 0..<2000 { input.int16ChannelData![0][2 * i] = left[i]; input.int16ChannelData![0][2 * i + 1] = right[i] }
        let outputs = try Self.drain(try #require(AVAudioConverter(from: inputFormat, to: outputFormat)), input)
        let converted = (0..<2).map { channel in outputs.flatMap { b in (0..<Int(b.frameLength)).map { b.floatChannelData![channel][$0] } } }
        #expect(try converted[0] == Self.resample(left.map { Float($0) / 32_768 }, piece: 2000))
        #expect(try converted[1] == Self.resample(right.map { Float($0) / 32_768 }, piece: 2000))
    }

    @Test("FORMAT-CONVERTER-QUALITY-SETTINGS: quality min and max give different filters; dither is deterministic")
    func qualityAndDither() throws {
        let inputFormat = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1))
        let input = try #require(AVAudioPCMBuffer(pcmFormat: inputFormat, frameCapacity: 1000))
        input.frameLength = 1000
        for i in 0..<1000 { input.floatChannelData![0][i] = Float(0.3 * sin(Double(i) / 3)) }
        func run(_ quality: AVAudioQuality, dither: Bool, _ format: AVAudioCommonFormat) throws -> [Int16] {
            let outputFormat = try #require(AVAudioFormat(commonFormat: format, sampleRate: 48_000, channels: 1, interleaved: false))
            let converter = try #require(AVAudioConverter(from: inputFormat, to: outputFormat))
            converter.sampleRateConverterQuality = quality.rawValue
            converter.dither = dither
            return try Self.drain(converter, input).flatMap { b in
                (0..<Int(b.frameLength)).map { i in b.int16ChannelData.map { $0[0][i] } ?? Int16(b.floatChannelData![0][i] * 32_768) }
            }
        }
        #expect(try run(.min, dither: false, .pcmFormatFloat32) != run(.max, dither: false, .pcmFormatFloat32))
        let dithered = try run(.high, dither: true, .pcmFormatInt16)
        #expect(dithered.count == 1088)
        #expect(try dithered == run(.high, dither: true, .pcmFormatInt16))
        #expect(try dithered != run(.high, dither: false, .pcmFormatInt16))
    }
}
