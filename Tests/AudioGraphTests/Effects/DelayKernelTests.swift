import AudioGraph
import Foundation
import Testing

@Suite("Delay kernel")
struct DelayKernelTests {
    func delay(time: Float, feedback: Float, wet: Float = 100, cutoff: Float = 15_000) -> DelayKernel {
        let kernel = DelayKernel()
        kernel.prepare(sampleRate: 48_000, channelCount: 1, maximumFrames: 256)
        kernel.setParameter(DelayKernel.delayTime, time)
        kernel.setParameter(DelayKernel.feedback, feedback)
        kernel.setParameter(DelayKernel.wetDryMix, wet)
        kernel.setParameter(DelayKernel.lopassCutoff, cutoff)
        kernel.reset()
        return kernel
    }

    func impulseResponse(_ kernel: DelayKernel, seconds: Double) -> [Float] {
        var impulse = [Float](repeating: 0, count: Int(seconds * 48_000))
        impulse[0] = 1
        return EffectSignals.process(kernel, [impulse])[0]
    }

    /// The sum of the samples around `frame` (the echo's area: the low-pass keeps it at DC gain 1).
    func echo(_ response: [Float], at frame: Int) -> Double {
        response[(frame - 8)...(frame + 24)].reduce(0) { $0 + Double($1) }
    }

    @Test("ENGINE-EFFECT-DELAY-PARAMETERS: AUDelay's parameter IDs, ranges and defaults (cutoff up to SampleRate/2)")
    func parameters() {
        let kernel = DelayKernel()
        kernel.prepare(sampleRate: 48_000, channelCount: 2, maximumFrames: 256)
        let infos = kernel.parameterInfos
        #expect(infos.map(\.id) == [0, 1, 2, 3])
        #expect(infos.map(\.minValue) == [0, 0, -100, 10])
        #expect(infos.map(\.maxValue) == [100, 2, 100, 24_000])
        #expect(infos.map(\.defaultValue) == [50, 1, 50, 15_000])
        kernel.setParameter(DelayKernel.delayTime, 5)
        #expect(kernel.parameter(DelayKernel.delayTime) == 2)
        kernel.setParameter(DelayKernel.feedback, -300)
        #expect(kernel.parameter(DelayKernel.feedback) == -100)
    }

    @Test("ENGINE-EFFECT-DELAY-ECHOES: an impulse comes back after the delay time, each echo scaled by the feedback")
    func impulseEchoes() {
        let response = impulseResponse(delay(time: 0.1, feedback: 50), seconds: 0.5)
        // Nothing but silence before the first echo (fully wet).
        #expect(response[0..<4_790].allSatisfy { $0 == 0 })
        let echoes = (1...4).map { echo(response, at: $0 * 4_800) }
        #expect(abs(echoes[0] - 1) < 0.01)
        #expect(abs(echoes[1] - 0.5) < 0.01)
        #expect(abs(echoes[2] - 0.25) < 0.01)
        #expect(abs(echoes[3] - 0.125) < 0.01)
        // Negative feedback alternates the sign.
        let inverted = impulseResponse(delay(time: 0.1, feedback: -50), seconds: 0.3)
        #expect(abs(echo(inverted, at: 9_600) + 0.5) < 0.01)
        // The tail time is when the echoes are 60 dB down: 0.1 s × (1 + 3 / log10(2)).
        #expect(abs(delay(time: 0.1, feedback: 50).tailTime - 0.1 * (1 + 3 / log10(2.0))) < 1e-6)
    }

    @Test("wet/dry is an equal-power crossfade, and the low-pass darkens the echoes")
    func mixAndLowPass() {
        let half = impulseResponse(delay(time: 0.05, feedback: 0, wet: 50), seconds: 0.1)
        #expect(abs(Double(half[0]) - 0.5.squareRoot()) < 1e-6)
        #expect(abs(echo(half, at: 2_400) - 0.5.squareRoot()) < 0.01)

        // A 5 kHz tone through a 1 kHz cutoff: the echo is far quieter than with the cutoff wide open.
        let tone = EffectSignals.sine(5000, seconds: 0.3)
        let open = EffectSignals.process(delay(time: 0.1, feedback: 0, cutoff: 24_000), [tone])[0]
        let dark = EffectSignals.process(delay(time: 0.1, feedback: 0, cutoff: 1_000), [tone])[0]
        let openLevel = EffectSignals.level(open[7_200...], frequency: 5000)
        let darkLevel = EffectSignals.level(dark[7_200...], frequency: 5000)
        #expect(abs(openLevel) < 0.5)
        #expect(darkLevel < openLevel - 20)
    }
}
