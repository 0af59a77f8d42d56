import Foundation
import AVFAudio

/// AVAudioConverter: PCM formats, channels, and sample-rate conversion through libsoxr.
enum ConverterChecks {
    static func format(_ common: AVAudioCommonFormat, _ rate: Double = 48_000, channels: AVAudioChannelCount = 1,
                       interleaved: Bool = false) throws -> AVAudioFormat {
        try CheckProbe.required(AVAudioFormat(commonFormat: common, sampleRate: rate, channels: channels, interleaved: interleaved))
    }

    static func buffer(_ format: AVAudioFormat, _ frames: Int) throws -> AVAudioPCMBuffer {
        let buffer = try CheckProbe.required(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames)))
        buffer.frameLength = AVAudioFrameCount(frames)
        return buffer
    }

    static let tone: [Float] = (0..<44_100).map { Float(0.5 * sin(2 * Double.pi * 1000 * Double($0) / 44_100)) }

    /// Converts `samples` at `from` to `to` Hz (mono Float32), the input block handing out
    /// `piece` frames at a time and the output pulled `outputFrames` at a time.
    static func resample(_ samples: [Float], from: Double = 44_100, to: Double = 48_000, piece: Int,
                         outputFrames: AVAudioFrameCount = 1000) throws -> [Float] {
        let inputFormat = try CheckProbe.required(AVAudioFormat(standardFormatWithSampleRate: from, channels: 1))
        let outputFormat = try CheckProbe.required(AVAudioFormat(standardFormatWithSampleRate: to, channels: 1))
        let converter = try CheckProbe.required(AVAudioConverter(from: inputFormat, to: outputFormat))
        let output = try CheckProbe.required(AVAudioPCMBuffer(pcmFormat: outputFormat, frameCapacity: outputFrames))
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
            if let error { throw error }
            result += (0..<Int(output.frameLength)).map { output.floatChannelData![0][$0] }
        }
        guard status == .endOfStream else { throw CheckAbort(message: "conversion ended with status \(status.rawValue)") }
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

    /// Pulls everything from `converter`, handing `input` over in one piece, then end of stream.
    static func drain(_ converter: AVAudioConverter, _ input: AVAudioPCMBuffer) throws -> [AVAudioPCMBuffer] {
        var given = false
        var outputs: [AVAudioPCMBuffer] = []
        while true {
            let output = try CheckProbe.required(AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: 4096))
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

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["FORMAT-CONVERTER-PCM-FORMATS"],
                     "Int16 → Float32 divides by 2^15 and Float32 → Int16 multiplies back exactly") { p in
            let int16 = try Self.format(.pcmFormatInt16)
            let float = try Self.format(.pcmFormatFloat32)
            let values: [Int16] = [.min, -16_384, -1, 0, 1, 12_345, .max]
            let source = try Self.buffer(int16, values.count)
            for (i, v) in values.enumerated() { source.int16ChannelData![0][i] = v }
            let floats = try Self.buffer(float, values.count)
            try p.require(AVAudioConverter(from: int16, to: float), "a converter from int16 to float (AVAudioConverter(from:to:) returned nil)").convert(to: floats, from: source)
            p.expect(floats.frameLength, equals: AVAudioFrameCount(values.count), "frames converted from Int16 to Float32")
            p.expect((0..<values.count).map { floats.floatChannelData![0][$0] }, equals: values.map { Float($0) / 32_768 }, "Int16 samples converted to Float32 (each divided by 32,768)")
            let back = try Self.buffer(int16, values.count)
            try p.require(AVAudioConverter(from: float, to: int16), "a converter from float to int16 (AVAudioConverter(from:to:) returned nil)").convert(to: back, from: floats)
            p.expect((0..<values.count).map { back.int16ChannelData![0][$0] }, equals: values, "the samples converted back from Float32 to Int16 (a lossless round trip)")
        },
        BuiltInCheck(["FORMAT-CONVERTER-PCM-FORMATS"],
                     "floats beyond full scale clip to Int16.min and Int16.max; Int32 keeps 2^31 scale") { p in
            let float = try Self.format(.pcmFormatFloat32)
            let source = try Self.buffer(float, 3)
            source.floatChannelData![0][0] = 1.5
            source.floatChannelData![0][1] = -1.5
            source.floatChannelData![0][2] = 0.5
            let int16 = try Self.buffer(try Self.format(.pcmFormatInt16), 3)
            try p.require(AVAudioConverter(from: float, to: int16.format), "a converter from float to int16.format (AVAudioConverter(from:to:) returned nil)").convert(to: int16, from: source)
            p.expect((0..<3).map { int16.int16ChannelData![0][$0] }, equals: [.max, .min, 16_384], "Float32 1.5, −1.5 and 0.5 converted to Int16 (clipped at full scale)")
            let int32 = try Self.buffer(try Self.format(.pcmFormatInt32), 3)
            try p.require(AVAudioConverter(from: float, to: int32.format), "a converter from float to int32.format (AVAudioConverter(from:to:) returned nil)").convert(to: int32, from: source)
            p.expect((0..<3).map { int32.int32ChannelData![0][$0] }, equals: [.max, .min, 1 << 30], "Float32 1.5, −1.5 and 0.5 converted to Int32 (clipped at full scale)")
        },
        BuiltInCheck(["FORMAT-CONVERTER-PCM-FORMATS"],
                     "interleaved Int16 stereo becomes deinterleaved Float32 and back, sample for sample") { p in
            let interleaved = try Self.format(.pcmFormatInt16, channels: 2, interleaved: true)
            let planar = try Self.format(.pcmFormatFloat32, channels: 2)
            let source = try Self.buffer(interleaved, 4)
            let samples = source.int16ChannelData![0]
            for i in 0..<8 { samples[i] = Int16(i * 1000) }  // L0 R0 L1 R1 …
            let floats = try Self.buffer(planar, 4)
            try p.require(AVAudioConverter(from: interleaved, to: planar), "a converter from interleaved to planar (AVAudioConverter(from:to:) returned nil)").convert(to: floats, from: source)
            p.expect((0..<4).map { floats.floatChannelData![0][$0] }, equals: [0, 2000, 4000, 6000].map { Float($0) / 32_768 }, "the left channel deinterleaved from interleaved Int16")
            p.expect((0..<4).map { floats.floatChannelData![1][$0] }, equals: [1000, 3000, 5000, 7000].map { Float($0) / 32_768 }, "the right channel deinterleaved from interleaved Int16")
            let back = try Self.buffer(interleaved, 4)
            try p.require(AVAudioConverter(from: planar, to: interleaved), "a converter from planar to interleaved (AVAudioConverter(from:to:) returned nil)").convert(to: back, from: floats)
            p.expect((0..<8).map { back.int16ChannelData![0][$0] }, equals: (0..<8).map { Int16($0 * 1000) }, "the samples interleaved again as Int16")
        },
        BuiltInCheck(["FORMAT-CONVERTER-CHANNEL-MAP"],
                     "mono feeds both channels by default; a map swaps or silences; downmix averages") { p in
            let mono = try Self.format(.pcmFormatFloat32)
            let stereo = try Self.format(.pcmFormatFloat32, channels: 2)
            let one = try Self.buffer(mono, 2)
            one.floatChannelData![0][0] = 0.25
            one.floatChannelData![0][1] = -0.5
            let up = try p.require(AVAudioConverter(from: mono, to: stereo), "a converter from mono to stereo (AVAudioConverter(from:to:) returned nil)")
            p.expect(up.channelMap, equals: [0, 0], "the mono-to-stereo converter's default channelMap")
            let wide = try Self.buffer(stereo, 2)
            try up.convert(to: wide, from: one)
            p.expect(wide.floatChannelData![1][0] == 0.25 && wide.floatChannelData![1][1] == -0.5, "the right channel made from mono holds \(wide.floatChannelData![1][0]), \(wide.floatChannelData![1][1]); expected the mono samples 0.25, −0.5")

            let two = try Self.buffer(stereo, 1)
            two.floatChannelData![0][0] = 0.5
            two.floatChannelData![1][0] = 0.25
            let swap = try p.require(AVAudioConverter(from: stereo, to: stereo), "a converter from stereo to stereo (AVAudioConverter(from:to:) returned nil)")
            p.expect(swap.channelMap, equals: [0, 1], "a stereo-to-stereo converter's default channelMap")
            swap.channelMap = [1, -1]
            let swapped = try Self.buffer(stereo, 1)
            try swap.convert(to: swapped, from: two)
            p.expect(swapped.floatChannelData![0][0] == 0.25 && swapped.floatChannelData![1][0] == 0, "with channelMap [1, −1] the output holds \(swapped.floatChannelData![0][0]) left and \(swapped.floatChannelData![1][0]) right; expected the input's right sample 0.25 and silence")

            let down = try p.require(AVAudioConverter(from: stereo, to: mono), "a converter from stereo to mono (AVAudioConverter(from:to:) returned nil)")
            p.expect(down.channelMap == [0] && down.downmix == false, "the stereo-to-mono converter has channelMap \(down.channelMap) and downmix \(down.downmix); expected [0] and false")
            let left = try Self.buffer(mono, 1)
            try down.convert(to: left, from: two)
            p.expect(left.floatChannelData![0][0], equals: 0.5, "stereo to mono without downmix (the left channel only)")
            down.downmix = true
            try down.convert(to: left, from: two)
            p.expect(left.floatChannelData![0][0], equals: 0.375, "stereo to mono with downmix (the channels' mean)")
        },
        BuiltInCheck(["FORMAT-CONVERTER-UNSUPPORTED"],
                     "non-PCM formats give nil; convert(to:from:) throws 'fmt?' for a rate change, -50 for a wrong buffer") { p in
            var aac = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatMPEG4AAC, mFormatFlags: 0,
                                                  mBytesPerPacket: 0, mFramesPerPacket: 1024, mBytesPerFrame: 0,
                                                  mChannelsPerFrame: 2, mBitsPerChannel: 0, mReserved: 0)
            let compressed = try p.require(AVAudioFormat(streamDescription: &aac), "the format (streamDescription: &aac) (AVAudioFormat returned nil)")
            let pcm = try Self.format(.pcmFormatFloat32, 44_100, channels: 2)
            p.expect(AVAudioConverter(from: compressed, to: pcm) == nil, "a converter from AAC was made; only PCM formats are supported")
            p.expect(AVAudioConverter(from: pcm, to: compressed) == nil, "a converter to AAC was made; only PCM formats are supported")

            let to48 = try p.require(AVAudioConverter(from: pcm, to: try Self.format(.pcmFormatFloat32, 48_000, channels: 2)), "a converter from pcm to 48 kHz stereo (AVAudioConverter(from:to:) returned nil)")
            let error = { () -> NSError? in
                do {
                try to48.convert(to: try Self.buffer(to48.outputFormat, 64), from: try Self.buffer(pcm, 64))
                    return nil
                } catch { return error as NSError }
            }()
            p.expect(error?.code == 0x666D_743F && error?.domain == AVFAudio.NSOSStatusErrorDomain, "convert(to:from:) across rates gave \(error.map { "\($0.domain) \($0.code)" } ?? "no error"); expected NSOSStatusErrorDomain 'fmt?' (0x666D743F)")
            let same = try p.require(AVAudioConverter(from: pcm, to: pcm), "a converter from pcm to pcm (AVAudioConverter(from:to:) returned nil)")
            let wrong = { () -> NSError? in
                do {
                try same.convert(to: try Self.buffer(pcm, 64), from: try Self.buffer(try Self.format(.pcmFormatInt16, 44_100), 64))
                    return nil
                } catch { return error as NSError }
            }()
            p.expect(wrong?.code, equals: -50, "the error code for a buffer whose format does not match the converter")
        },
        BuiltInCheck(["FORMAT-CONVERTER-QUALITY-SETTINGS"],
                     "raw values and defaults match Apple's; quality and algorithm are settable") { p in
            p.expect(AVAudioConverterInputStatus.haveData.rawValue == 0 && AVAudioConverterInputStatus.noDataNow.rawValue == 1
                && AVAudioConverterInputStatus.endOfStream.rawValue == 2, "AVAudioConverterInputStatus.haveData.rawValue == 0 && AVAudioConverterInputStatus.noDataNow.rawValue == 1 && AVAudioConverterInputStatus.endOfStream.rawValue == 2")
            p.expect([AVAudioConverterOutputStatus.haveData, .inputRanDry, .endOfStream, .error].map(\.rawValue), equals: [0, 1, 2, 3], "raw values of AVAudioConverterOutputStatus haveData, inputRanDry, endOfStream, error")
            p.expect([AVAudioConverterPrimeMethod.pre, .normal, .none].map(\.rawValue), equals: [0, 1, 2], "raw values of AVAudioConverterPrimeMethod pre, normal, none")
            let converter = try p.require(AVAudioConverter(from: try Self.format(.pcmFormatInt16, 44_100),
                                                          to: try Self.format(.pcmFormatFloat32, 48_000)), "AVAudioConverter(from: try Self.format(.pcmFormatInt16, 44_100), to: try Self.format(.pcmFormatFloat32, 48_000))")
            p.expect(converter.sampleRateConverterQuality, equals: AVAudioQuality.high.rawValue, "the default sampleRateConverterQuality")
            p.expect(converter.sampleRateConverterAlgorithm, equals: AVSampleRateConverterAlgorithm_Normal, "the default sampleRateConverterAlgorithm")
            p.expect(converter.primeMethod == .normal && converter.dither == false, "the defaults are primeMethod \(converter.primeMethod.rawValue) and dither \(converter.dither); expected normal (1) and false")
            p.expect(converter.maximumOutputPacketSize, equals: 4, "maximumOutputPacketSize of Float32 mono")
            converter.sampleRateConverterQuality = AVAudioQuality.max.rawValue
            converter.sampleRateConverterAlgorithm = AVSampleRateConverterAlgorithm_MinimumPhase
            p.expect(converter.sampleRateConverterQuality, equals: 0x7F, "sampleRateConverterQuality after setting max")
        },
        BuiltInCheck(["FORMAT-CONVERTER-SAMPLE-RATE"],
                     "1 kHz at 44.1 kHz → 48 kHz stays at 1 kHz, has 48 000 frames and no leading delay") { p in
            let output = try Self.resample(Self.tone, piece: 4096)
            p.expect(output.count, equals: 48_000, "frames from one second at 44.1 kHz resampled to 48 kHz")
            let middle = output[4800..<43_200]
            p.expect(Self.share(of: 1000, rate: 48_000, in: middle) > 0.99, "the 1 kHz tone holds \(Self.share(of: 1000, rate: 48_000, in: middle)) of the resampled energy; expected over 0.99")
            p.expect(Self.share(of: 1100, rate: 48_000, in: middle) < 0.01, "1.1 kHz holds \(Self.share(of: 1100, rate: 48_000, in: middle)) of the resampled energy (the tone moved in pitch); expected under 0.01")
            // Aligned: the output follows the ideal 1 kHz sine at 48 kHz from the start, no latency gap.
            let ideal = (0..<48_000).map { 0.5 * sin(2 * Double.pi * 1000 * Double($0) / 48_000) }
            let error = (100..<47_900).map { abs(Double(output[$0]) - ideal[$0]) }.max() ?? 1
            p.expect(error < 1e-3, "max error \(error) against the aligned ideal tone")
        },
        BuiltInCheck(["FORMAT-CONVERTER-SAMPLE-RATE"],
                     "input in 1, 7, 512 and 4096-frame pieces gives bit-identical output") { p in
            let samples = Array(Self.tone.prefix(10_000))
            let reference = try Self.resample(samples, piece: 4096)
            p.expect(reference.count, equals: Int((10_000.0 * 48_000 / 44_100).rounded()), "frames from 10,000 at 44.1 kHz resampled to 48 kHz")
            for piece in [1, 7, 512] {
                let output = try Self.resample(samples, piece: piece, outputFrames: AVAudioFrameCount(97 + piece))
                let first = zip(output, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                p.expect(output.count == reference.count && first == nil, "piece \(piece): first differing frame \(String(describing: first))")
            }
        },
        BuiltInCheck(["FORMAT-CONVERTER-SAMPLE-RATE"],
                     "48 kHz → 44.1 kHz of 1000 frames gives round(1000 × 0.91875) = 919 frames") { p in
            let samples = (0..<1000).map { Float(sin(Double($0) / 10)) * 0.25 }
            p.expect(try Self.resample(samples, from: 48_000, to: 44_100, piece: 333).count, equals: 919, "frames from 1,000 at 48 kHz resampled to 44.1 kHz in pieces of 333")
        },
        BuiltInCheck(["FORMAT-CONVERTER-INPUT-STATUS"],
                     "noDataNow gives inputRanDry with what was converted; endOfStream, then endOfStream again") { p in
            let format = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1), "the format (standardFormatWithSampleRate: 48_000, channels: 1) (AVAudioFormat returned nil)")
            let converter = try p.require(AVAudioConverter(from: format, to: format), "a converter from format to format (AVAudioConverter(from:to:) returned nil)")
            let output = try p.require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 100), "a PCM buffer of 100 frames in format (AVAudioPCMBuffer returned nil)")
            let input = try p.require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 60), "a PCM buffer of 60 frames in format (AVAudioPCMBuffer returned nil)")
            input.frameLength = 60
            var given = false
            var status = converter.convert(to: output, error: nil) { _, inputStatus in
                if given { inputStatus.pointee = .noDataNow; return nil }
                given = true
                inputStatus.pointee = .haveData
                return input
            }
            p.expect(status == .inputRanDry && output.frameLength == 60, "with 60 frames given and then none for now, convert returned status \(status.rawValue) with \(output.frameLength) frames; expected inputRanDry (1) with 60")
            status = converter.convert(to: output, error: nil) { _, inputStatus in inputStatus.pointee = .endOfStream; return nil }
            p.expect(status == .endOfStream && output.frameLength == 0, "at the end of the stream convert returned status \(status.rawValue) with \(output.frameLength) frames; expected endOfStream (2) with 0")
            status = converter.convert(to: output, error: nil) { _, inputStatus in inputStatus.pointee = .haveData; return input }
            p.expect(status, equals: .endOfStream, "convert's status after the end of the stream")
            converter.reset()
            status = converter.convert(to: output, error: nil) { _, inputStatus in inputStatus.pointee = .haveData; return input }
            p.expect(status == .haveData && output.frameLength == 100, "after reset convert returned status \(status.rawValue) with \(output.frameLength) frames; expected haveData (0) with 100")
        },
        BuiltInCheck(["FORMAT-CONVERTER-INPUT-STATUS"],
                     "a buffer in the wrong format gives .error and a -50 NSError") { p in
            let format = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1), "the format (standardFormatWithSampleRate: 48_000, channels: 1) (AVAudioFormat returned nil)")
            let other = try p.require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1), "the format (standardFormatWithSampleRate: 44_100, channels: 1) (AVAudioFormat returned nil)")
            let converter = try p.require(AVAudioConverter(from: format, to: format), "a converter from format to format (AVAudioConverter(from:to:) returned nil)")
            let output = try p.require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 100), "a PCM buffer of 100 frames in format (AVAudioPCMBuffer returned nil)")
            let input = try p.require(AVAudioPCMBuffer(pcmFormat: other, frameCapacity: 10), "a PCM buffer of 10 frames in other (AVAudioPCMBuffer returned nil)")
            var error: NSError?
            let status = converter.convert(to: output, error: &error) { _, inputStatus in inputStatus.pointee = .haveData; return input }
            p.expect(status == .error && error?.code == -50, "input of the wrong format gave status \(status.rawValue) and error \(error?.code ?? 0); expected error (3) and −50")
        },
        BuiltInCheck(["FORMAT-CONVERTER-SAMPLE-RATE"],
                     "stereo Int16 interleaved → Float32 48 kHz converts each channel as mono would") { p in
            let inputFormat = try p.require(AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 44_100, channels: 2, interleaved: true), "the format (commonFormat: .pcmFormatInt16, sampleRate: 44_100, channels: 2, interleaved: true) (AVAudioFormat returned nil)")
            let outputFormat = try p.require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2), "the format (standardFormatWithSampleRate: 48_000, channels: 2) (AVAudioFormat returned nil)")
            let input = try p.require(AVAudioPCMBuffer(pcmFormat: inputFormat, frameCapacity: 2000), "a PCM buffer of 2000 frames in inputFormat (AVAudioPCMBuffer returned nil)")
            input.frameLength = 2000
            let left = (0..<2000).map { Int16(8000 * sin(Double($0) / 7)) }
            let right = (0..<2000).map { Int16(-3000 * sin(Double($0) / 19)) }
            for i in 0..<2000 { input.int16ChannelData![0][2 * i] = left[i]; input.int16ChannelData![0][2 * i + 1] = right[i] }
            let outputs = try Self.drain(try p.require(AVAudioConverter(from: inputFormat, to: outputFormat), "a converter from inputFormat to outputFormat (AVAudioConverter(from:to:) returned nil)"), input)
            let converted = (0..<2).map { channel in outputs.flatMap { b in (0..<Int(b.frameLength)).map { b.floatChannelData![channel][$0] } } }
            p.expect(try converted[0] == Self.resample(left.map { Float($0) / 32_768 }, piece: 2000), "the left channel converted from interleaved Int16 at 44.1 kHz differs from the mono Float32 resampling of the same samples")
            p.expect(try converted[1] == Self.resample(right.map { Float($0) / 32_768 }, piece: 2000), "the right channel converted from interleaved Int16 at 44.1 kHz differs from the mono Float32 resampling of the same samples")
        },
        BuiltInCheck(["FORMAT-CONVERTER-QUALITY-SETTINGS"],
                     "quality min and max give different filters; dither is deterministic") { p in
            let inputFormat = try p.require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1), "the format (standardFormatWithSampleRate: 44_100, channels: 1) (AVAudioFormat returned nil)")
            let input = try p.require(AVAudioPCMBuffer(pcmFormat: inputFormat, frameCapacity: 1000), "a PCM buffer of 1000 frames in inputFormat (AVAudioPCMBuffer returned nil)")
            input.frameLength = 1000
            for i in 0..<1000 { input.floatChannelData![0][i] = Float(0.3 * sin(Double(i) / 3)) }
            func run(_ quality: AVAudioQuality, dither: Bool, _ format: AVAudioCommonFormat) throws -> [Int16] {
                let outputFormat = try p.require(AVAudioFormat(commonFormat: format, sampleRate: 48_000, channels: 1, interleaved: false), "the format (commonFormat: format, sampleRate: 48_000, channels: 1, interleaved: false) (AVAudioFormat returned nil)")
                let converter = try p.require(AVAudioConverter(from: inputFormat, to: outputFormat), "a converter from inputFormat to outputFormat (AVAudioConverter(from:to:) returned nil)")
                converter.sampleRateConverterQuality = quality.rawValue
                converter.dither = dither
                return try Self.drain(converter, input).flatMap { b in
                    (0..<Int(b.frameLength)).map { i in b.int16ChannelData.map { $0[0][i] } ?? Int16(b.floatChannelData![0][i] * 32_768) }
                }
            }
            p.expect(try run(.min, dither: false, .pcmFormatFloat32) != run(.max, dither: false, .pcmFormatFloat32), "quality min and max gave the same output; the quality setting is ignored")
            let dithered = try run(.high, dither: true, .pcmFormatInt16)
            p.expect(dithered.count, equals: 1088, "frames from 1,000 at 44.1 kHz resampled to 48 kHz")
            p.expect(try dithered == run(.high, dither: true, .pcmFormatInt16), "dithering twice gave different output; it must be deterministic")
            p.expect(try dithered != run(.high, dither: false, .pcmFormatInt16), "dither on and off gave the same Int16 output; dither is ignored")
        },
    ] }
}
