import Foundation

/// Reading and writing PCM samples as Double, at Apple's integer scale: an N-bit integer x is
/// x / 2^(N−1), and a float f becomes round(f · 2^(N−1)) clipped to [−2^(N−1), 2^(N−1) − 1]
/// (the same convention as AudioFiles' `PCMQuantizer`). Double holds every Int16, Int32, Float32
/// and Float64 sample exactly, so conversions without a rate change lose nothing they need not.
extension AVAudioPCMBuffer {
    /// The valid frames of every channel, as Double.
    func samplesAsDouble() -> [[Double]] {
        switch format.commonFormat {
        case .pcmFormatFloat32: read(Float.self) { Double($0) }
        case .pcmFormatFloat64: read(Double.self) { $0 }
        case .pcmFormatInt16: read(Int16.self) { Double($0) / 32_768 }
        case .pcmFormatInt32: read(Int32.self) { Double($0) / 2_147_483_648 }
        case .otherFormat: []
        }
    }

    /// Writes `frames` frames of `samples` starting at `samples[c][start]` to frame `offset`.
    /// `dither` (TPDF, ±1 LSB) is added before integer quantisation when given.
    func write(_ samples: [[Double]], start: Int, frames: Int, at offset: Int, dither: inout ConverterDither?) {
        switch format.commonFormat {
        case .pcmFormatFloat32: write(Float.self, samples, start, frames, offset) { Float($0) }
        case .pcmFormatFloat64: write(Double.self, samples, start, frames, offset) { $0 }
        case .pcmFormatInt16:
            write(Int16.self, samples, start, frames, offset) { Int16(Self.quantize($0, bits: 16, dither: &dither)) }
        case .pcmFormatInt32:
            write(Int32.self, samples, start, frames, offset) { Int32(Self.quantize($0, bits: 32, dither: &dither)) }
        case .otherFormat: break
        }
    }

    private func read<T>(_: T.Type, _ convert: (T) -> Double) -> [[Double]] {
        let channels = typedChannels(T.self)
        let frames = Int(frameLength)
        return (0..<Int(format.channelCount)).map { channel in
            (0..<frames).map { convert(channels[channel][$0 * stride]) }
        }
    }

    private func write<T>(_: T.Type, _ samples: [[Double]], _ start: Int, _ frames: Int, _ offset: Int,
                          _ convert: (Double) -> T) {
        let channels = typedChannels(T.self)
        for channel in 0..<Int(format.channelCount) {
            for frame in 0..<frames {
                channels[channel][(offset + frame) * stride] = convert(samples[channel][start + frame])
            }
        }
    }

    private static func quantize(_ sample: Double, bits: Int, dither: inout ConverterDither?) -> Int64 {
        let scale = Double(Int64(1) << (bits - 1))
        let noise = dither?.next() ?? 0
        let scaled = (sample * scale + noise).rounded()
        guard !scaled.isNaN else { return 0 }
        return Int64(min(max(scaled, -scale), scale - 1))
    }
}

/// Deterministic TPDF dither (the sum of two uniform values in ±0.5 LSB) from SplitMix64, seeded
/// with a constant so the same conversion gives the same bits on every run (docs/architecture.md, Determinism).
struct ConverterDither {
    private var state: UInt64 = 0x5EED_A0D1_0C0F_FEE5

    mutating func next() -> Double { uniform() + uniform() - 1 }

    private mutating func uniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(UInt64(1) << 53)
    }
}
