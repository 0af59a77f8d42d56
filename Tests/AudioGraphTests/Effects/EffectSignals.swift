import AudioGraph
import Foundation

/// Signals and measurements for the effect kernels' tests.
enum EffectSignals {
    static func sine(_ frequency: Double, seconds: Double, sampleRate: Double = 48_000, amplitude: Float = 0.5) -> [Float] {
        (0..<Int(seconds * sampleRate)).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / sampleRate)) }
    }

    /// Runs `input` (one array per channel) through an in-place kernel in blocks of `block` frames.
    static func process(_ kernel: some InPlaceEffectKernel, _ input: [[Float]], block: Int = 256) -> [[Float]] {
        var output = input
        let frames = input[0].count
        let pointers = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: input.count)
        defer { pointers.deallocate() }
        let storage = (0..<input.count).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: block) }
        defer { storage.forEach { $0.deallocate() } }
        var offset = 0
        while offset < frames {
            let count = min(block, frames - offset)
            for channel in input.indices {
                input[channel].withUnsafeBufferPointer { storage[channel].update(from: $0.baseAddress! + offset, count: count) }
                pointers[channel] = storage[channel]
            }
            kernel.process(pointers, frameCount: count)
            for channel in input.indices {
                for frame in 0..<count { output[channel][offset + frame] = storage[channel][frame] }
            }
            offset += count
        }
        return output
    }

    /// The level of a sine of known frequency in `samples`, in dB relative to `reference` amplitude.
    static func level(_ samples: ArraySlice<Float>, frequency: Double, sampleRate: Double = 48_000, reference: Double = 0.5) -> Double {
        20 * log10(SineFit(samples, frequency: frequency, sampleRate: sampleRate).amplitude / reference)
    }

    /// Mean power of `samples` in dB full scale.
    static func power(_ samples: ArraySlice<Float>) -> Double {
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return 10 * log10(max(sum / Double(max(samples.count, 1)), 1e-30))
    }

    /// Frequency by counting rising zero crossings (linearly interpolated) over `samples`.
    static func zeroCrossingFrequency(_ samples: ArraySlice<Float>, sampleRate: Double = 48_000) -> Double {
        var crossings: [Double] = []
        var previous = samples.first!
        for (offset, sample) in samples.dropFirst().enumerated() {
            if previous < 0 && sample >= 0 {
                crossings.append(Double(offset) + Double(-previous / (sample - previous)))
            }
            previous = sample
        }
        guard crossings.count > 2 else { return 0 }
        return Double(crossings.count - 1) / ((crossings.last! - crossings.first!) / sampleRate)
    }

    /// The frequency with the strongest DFT magnitude within `around ± span` Hz, in `step` Hz steps
    /// (a Hann-windowed spectrum evaluated directly, so the resolution is not tied to a bin size).
    static func peakFrequency(_ samples: ArraySlice<Float>, around: Double, span: Double, step: Double = 0.25,
                              sampleRate: Double = 48_000) -> Double {
        let values = Array(samples)
        let count = Double(values.count)
        let windowed = values.enumerated().map { Double($0.element) * (0.5 - 0.5 * cos(2 * Double.pi * Double($0.offset) / count)) }
        var best = (frequency: around, magnitude: -1.0)
        var frequency = around - span
        while frequency <= around + span {
            let w = 2 * Double.pi * frequency / sampleRate
            // Rotate a phasor instead of calling cos/sin per sample.
            let (stepCos, stepSin) = (cos(w), sin(w))
            var (c, s, re, im) = (1.0, 0.0, 0.0, 0.0)
            for x in windowed {
                re += x * c
                im -= x * s
                (c, s) = (c * stepCos - s * stepSin, s * stepCos + c * stepSin)
            }
            let magnitude = re * re + im * im
            if magnitude > best.magnitude { best = (frequency, magnitude) }
            frequency += step
        }
        return best.frequency
    }
}
