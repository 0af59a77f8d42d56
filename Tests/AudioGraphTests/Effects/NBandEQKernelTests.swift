import AudioGraph
import Foundation
import Testing

@Suite("NBandEQ kernel")
struct NBandEQKernelTests {
    static let rate = 48_000.0

    func eq(bands: Int = 1, _ configure: (NBandEQKernel) -> Void) -> NBandEQKernel {
        let kernel = NBandEQKernel(bandCount: bands)
        kernel.prepare(sampleRate: Self.rate, channelCount: 1, maximumFrames: 256)
        configure(kernel)
        return kernel
    }

    /// The sine's level through the kernel, measured after a settling second.
    func gain(_ kernel: NBandEQKernel, at frequency: Double) -> Double {
        kernel.reset()
        let output = EffectSignals.process(kernel, [EffectSignals.sine(frequency, seconds: 3)])[0]
        return EffectSignals.level(output[48_000...], frequency: frequency)
    }

    @Test("ENGINE-EFFECT-EQ-PARAMETERS: AUNBandEQ's parameter IDs, ranges and defaults (bands start bypassed, frequency up to SampleRate/2)")
    func parameterInfo() {
        let kernel = eq(bands: 2) { _ in }
        let infos = kernel.parameterInfos
        #expect(infos.map(\.id) == [0, 1000, 2000, 3000, 4000, 5000, 1001, 2001, 3001, 4001, 5001])
        let gain = infos.first { $0.id == 4001 }!
        #expect((gain.minValue, gain.maxValue, gain.defaultValue) == (-96, 24, 0))
        let frequency = infos.first { $0.id == 3000 }!
        #expect((frequency.minValue, frequency.maxValue, frequency.defaultValue) == (20, 24_000, 1000))
        let bandwidth = infos.first { $0.id == 5000 }!
        #expect((bandwidth.minValue, bandwidth.maxValue, bandwidth.defaultValue) == (0.05, 5, 0.5))
        #expect(kernel.parameter(1000) == 1 && kernel.parameter(2000) == 0 && kernel.parameter(0) == 0)
        kernel.setParameter(4000, 100)
        #expect(kernel.parameter(4000) == 24)
        kernel.setParameter(3000, 5)
        #expect(kernel.parameter(3000) == 20)
        #expect(NBandEQFilterType.allCases.map(\.rawValue) == Array(0...10))
        #expect(NBandEQFilterType.resonantHighShelf.rawValue == 10 && NBandEQFilterType.bandStop.rawValue == 6)
    }

    @Test("ENGINE-EFFECT-EQ-PARAMETRIC: a 1 kHz parametric band at +12 dB, one octave wide, lifts 1 kHz by 12 dB and leaves two decades away alone")
    func parametricBoost() {
        let kernel = eq { k in
            k.setParameter(NBandEQKernel.frequency, 1000)
            k.setParameter(NBandEQKernel.gain, 12)
            k.setParameter(NBandEQKernel.bandwidth, 1)
            k.setParameter(NBandEQKernel.bypassBand, 0)
        }
        #expect(abs(gain(kernel, at: 1000) - 12) < 0.5)
        #expect(abs(gain(kernel, at: 10)) < 0.1)
        // Half an octave off centre is inside the band: lifted, but by less than the peak.
        let near = gain(kernel, at: 1414)
        #expect(near > 3 && near < 11)
    }

    @Test("ENGINE-EFFECT-EQ-LOWPASS: a 1 kHz low pass (2nd-order Butterworth) is -3 dB at 1 kHz and falls 12 dB per octave, about -40 dB at 10 kHz")
    func lowPassSlope() {
        let kernel = eq { k in
            k.setParameter(NBandEQKernel.filterType, Float(NBandEQFilterType.lowPass.rawValue))
            k.setParameter(NBandEQKernel.frequency, 1000)
            k.setParameter(NBandEQKernel.bypassBand, 0)
        }
        #expect(abs(gain(kernel, at: 1000) + 3.01) < 0.2)
        #expect(abs(gain(kernel, at: 100)) < 0.1)
        let octave = gain(kernel, at: 2000), decade = gain(kernel, at: 10_000)
        #expect(abs(octave + 12.3) < 0.5)
        // Analog -40 dB/decade; the bilinear transform pulls 10 kHz a little lower at 48 kHz.
        #expect(decade < -40 && decade > -44)
    }

    @Test("ENGINE-EFFECT-EQ-BYPASS: bypassed bands (the default) pass the signal bit for bit")
    func bypassIsExact() {
        let kernel = eq(bands: 4) { k in
            for band in 0..<UInt32(4) {
                k.setParameter(NBandEQKernel.gain + band, 18)
                k.setParameter(NBandEQKernel.filterType + band, Float(band))
            }
        }
        let input: [Float] = (0..<4_800).map { frame in
            let tone = Float(sin(Double(frame) * 0.37)) * 0.8
            return tone + Float(frame % 7) * 0.01
        }
        #expect(EffectSignals.process(kernel, [input])[0] == input)
        // Switching a band on and off again returns to exact passthrough once its crossfade is over.
        kernel.setParameter(NBandEQKernel.bypassBand, 0)
        _ = EffectSignals.process(kernel, [input])
        kernel.setParameter(NBandEQKernel.bypassBand, 1)
        let after = EffectSignals.process(kernel, [input])[0]
        #expect(Array(after[256...]) == Array(input[256...]))
    }

    @Test("the other shapes: high pass, band pass, band stop and shelves do what their names say")
    func shapes() {
        func band(_ type: NBandEQFilterType, gain: Float = 0, bandwidth: Float = 1) -> NBandEQKernel {
            eq { k in
                k.setParameter(NBandEQKernel.filterType, Float(type.rawValue))
                k.setParameter(NBandEQKernel.frequency, 1000)
                k.setParameter(NBandEQKernel.gain, gain)
                k.setParameter(NBandEQKernel.bandwidth, bandwidth)
                k.setParameter(NBandEQKernel.bypassBand, 0)
            }
        }
        #expect(gain(band(.highPass), at: 100) < -38)
        #expect(abs(gain(band(.highPass), at: 10_000)) < 0.2)
        #expect(abs(gain(band(.bandPass), at: 1000)) < 0.1)
        #expect(gain(band(.bandPass), at: 100) < -15)
        #expect(gain(band(.bandStop), at: 1000) < -40)
        #expect(abs(gain(band(.bandStop), at: 100)) < 0.5)
        #expect(abs(gain(band(.lowShelf, gain: -10), at: 50) + 10) < 0.3)
        #expect(abs(gain(band(.lowShelf, gain: -10), at: 15_000)) < 0.3)
        #expect(abs(gain(band(.highShelf, gain: 6), at: 15_000) - 6) < 0.3)
        // A narrow resonant low pass peaks above unity near its corner.
        #expect(gain(band(.resonantLowPass, bandwidth: 0.2), at: 1000) > 10)
        #expect(gain(band(.resonantHighShelf, gain: 6, bandwidth: 0.3), at: 15_000) > 5)
    }

    @Test("a gain change glides: no sample jumps by more than the sine itself can move")
    func gainChangeDoesNotClick() {
        let kernel = eq { k in
            k.setParameter(NBandEQKernel.bypassBand, 0)
            k.setParameter(NBandEQKernel.bandwidth, 2)
        }
        let input = EffectSignals.sine(1000, seconds: 0.2)
        var output = EffectSignals.process(kernel, [Array(input[0..<4_800])])[0]
        kernel.setParameter(NBandEQKernel.gain, 24)
        output += EffectSignals.process(kernel, [Array(input[4_800...])])[0]
        // A 1 kHz sine at 48 kHz moves at most 2π·1000/48000 of its amplitude per sample; the
        // output ends 24 dB (×15.8) up. Any click would far exceed that rate.
        let maxStep = zip(output.dropFirst(), output).map { abs($0 - $1) }.max()!
        #expect(maxStep < 0.5 * 15.9 * 0.131 * 1.1)
        #expect(abs(EffectSignals.level(output[7_200...], frequency: 1000) - 24) < 0.6)
    }

    @Test("a change of filter type crossfades instead of jumping")
    func typeChangeDoesNotClick() {
        let kernel = eq { k in
            k.setParameter(NBandEQKernel.bypassBand, 0)
            k.setParameter(NBandEQKernel.gain, 12)
        }
        let input = EffectSignals.sine(1000, seconds: 0.2)
        var output = EffectSignals.process(kernel, [Array(input[0..<4_800])])[0]
        kernel.setParameter(NBandEQKernel.filterType, Float(NBandEQFilterType.highPass.rawValue))
        kernel.setParameter(NBandEQKernel.frequency, 4000)
        output += EffectSignals.process(kernel, [Array(input[4_800...])])[0]
        let maxStep = zip(output.dropFirst(), output).map { abs($0 - $1) }.max()!
        #expect(maxStep < 0.5 * 3.99 * 0.131 * 1.1)
        #expect(EffectSignals.level(output[7_200...], frequency: 1000) < -20)
    }

    @Test("global gain scales the output; two runs give the same samples")
    func globalGainAndDeterminism() {
        let kernel = eq { k in k.setParameter(NBandEQKernel.globalGain, -6) }
        #expect(abs(gain(kernel, at: 440) + 6) < 0.05)
        kernel.setParameter(NBandEQKernel.bypassBand, 0)
        kernel.reset()
        let first = EffectSignals.process(kernel, [EffectSignals.sine(440, seconds: 0.1)])
        kernel.reset()
        #expect(EffectSignals.process(kernel, [EffectSignals.sine(440, seconds: 0.1)]) == first)
    }
}
