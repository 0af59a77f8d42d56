import Foundation
import SimCore

/// A seeded, speech-like test signal for echo measurements: noise shaped to speech's band (a
/// high-pass near 200 Hz and two low-passes near 3 kHz), cut into "syllables" of 80–300 ms
/// separated by 40–160 ms pauses, each with 10 ms raised-cosine edges. Real speech is what echo
/// cancellers are tuned for; a steady tone or white noise converges unlike it.
///
/// The same seed and rate give the same samples on every run.
public enum SpeechLikeSignal {
    /// `frames` samples at `sampleRate` whose RMS over the syllables (pauses excluded) is `level`.
    public static func samples(frames: Int, sampleRate: Int, seed: UInt64, level: Float = 0.25) -> [Float] {
        var random = SimRandom(seed: seed)
        var output = shapedNoise(frames: frames, sampleRate: sampleRate, random: &random)
        let envelope = syllableEnvelope(frames: frames, sampleRate: sampleRate, random: &random)
        var voiced = 0.0
        var energy = 0.0
        for index in 0..<frames {
            output[index] *= envelope[index]
            if envelope[index] == 1 {
                voiced += 1
                energy += Double(output[index] * output[index])
            }
        }
        let rms = voiced > 0 ? (energy / voiced).squareRoot() : 1
        let scale = rms > 0 ? level / Float(rms) : 0
        return output.map { $0 * scale }
    }

    private static func shapedNoise(frames: Int, sampleRate: Int, random: inout SimRandom) -> [Float] {
        let rate = Float(sampleRate)
        let highPass = onePoleCoefficient(cutoff: 200, rate: rate)
        let lowPass = onePoleCoefficient(cutoff: 3_000, rate: rate)
        var previousInput: Float = 0, highPassed: Float = 0, low1: Float = 0, low2: Float = 0
        var output = [Float](repeating: 0, count: frames)
        for index in 0..<frames {
            let white = Float(Int64(random.uniform(below: 1 << 24)) - (1 << 23)) / Float(1 << 23)
            highPassed = highPass * (highPassed + white - previousInput)
            previousInput = white
            low1 += (1 - lowPass) * (highPassed - low1)
            low2 += (1 - lowPass) * (low1 - low2)
            output[index] = low2
        }
        return output
    }

    /// exp(−2π·fc/fs): the pole of a one-pole filter with cut-off `cutoff`.
    private static func onePoleCoefficient(cutoff: Float, rate: Float) -> Float {
        Float(exp(-2 * Double.pi * Double(cutoff / rate)))
    }

    /// 1 inside syllables, 0 in pauses, raised-cosine ramps between.
    private static func syllableEnvelope(frames: Int, sampleRate: Int, random: inout SimRandom) -> [Float] {
        var envelope = [Float](repeating: 0, count: frames)
        let ramp = sampleRate / 100
        var position = 0
        while position < frames {
            let length = sampleRate * Int(random.integer(in: 80...300)) / 1_000
            for index in 0..<length where position + index < frames {
                let edge = min(index, length - 1 - index)
                envelope[position + index] = edge >= ramp ? 1 : 0.5 - 0.5 * Float(cos(Double.pi * Double(edge) / Double(ramp)))
            }
            position += length + sampleRate * Int(random.integer(in: 40...160)) / 1_000
        }
        return envelope
    }
}
