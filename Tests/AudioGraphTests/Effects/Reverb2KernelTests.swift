import AudioGraph
import Foundation
import Testing

@Suite("Reverb2 kernel")
struct Reverb2KernelTests {
    static let rate = 48_000.0

    func reverb(_ preset: ReverbPreset?, channels: Int = 2) -> Reverb2Kernel {
        let kernel = Reverb2Kernel()
        kernel.prepare(sampleRate: Self.rate, channelCount: channels, maximumFrames: 512)
        if let preset { kernel.loadFactoryPreset(preset) }
        return kernel
    }

    /// 200 ms of a 500 Hz tone, then `seconds` of silence, through the reverb, fully wet.
    func burstTail(_ kernel: Reverb2Kernel, seconds: Double) -> [[Float]] {
        let burst = EffectSignals.sine(500, seconds: 0.2) + [Float](repeating: 0, count: Int(seconds * Self.rate))
        return EffectSignals.process(kernel, [burst, burst], block: 512)
    }

    /// Power of the left channel in 100 ms windows after the burst.
    func tailWindows(_ output: [[Float]], count: Int) -> [Double] {
        (0..<count).map { window in
            let start = Int(0.2 * Self.rate) + window * 4_800
            return EffectSignals.power(output[0][start..<(start + 4_800)])
        }
    }

    /// Seconds for the tail to fall 60 dB, from the slope of the window powers (least squares).
    func decayTime(_ windows: [Double]) -> Double {
        let xs = windows.indices.map { Double($0) * 0.1 }
        let meanX = xs.reduce(0, +) / Double(xs.count), meanY = windows.reduce(0, +) / Double(windows.count)
        var covariance = 0.0, variance = 0.0
        for (x, y) in zip(xs, windows) {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        return -60 / (covariance / variance)
    }

    @Test("ENGINE-EFFECT-REVERB-PARAMETERS: AUReverb2's parameter IDs, ranges and defaults; presets keep their raw values")
    func parameters() {
        let kernel = reverb(nil)
        #expect(kernel.parameterInfos.map(\.id) == [0, 1, 2, 3, 4, 5, 6])
        #expect(kernel.parameterInfos.map(\.defaultValue) == [100, 0, 0.008, 0.050, 1, 0.5, 1])
        #expect(kernel.parameterInfos.map(\.minValue) == [0, -20, 0.0001, 0.0001, 0.001, 0.001, 1])
        #expect(kernel.parameterInfos.map(\.maxValue) == [100, 20, 1, 1, 20, 20, 1000])
        kernel.setParameter(Reverb2Kernel.dryWetMix, 150)
        #expect(kernel.parameter(Reverb2Kernel.dryWetMix) == 100)
        #expect(ReverbPreset.allCases.map(\.rawValue) == Array(0...12))
        #expect(ReverbPreset.largeHall2.rawValue == 12 && ReverbPreset.plate.rawValue == 5 && ReverbPreset.cathedral.rawValue == 8)
        #expect(ReverbPreset.avAudioUnitReverbDefault == .mediumHall)
        kernel.loadFactoryPreset(.largeHall)
        #expect(kernel.currentPreset == .largeHall)
        #expect(kernel.tailTime > 2)
    }

    @Test("ENGINE-EFFECT-REVERB-TAIL: a tone burst leaves a tail that falls in every 100 ms window, longer in a large hall than in a small room")
    func tailDecays() {
        let small = tailWindows(burstTail(reverb(.smallRoom), seconds: 1.0), count: 6)
        let hall = tailWindows(burstTail(reverb(.largeHall), seconds: 1.5), count: 12)
        for windows in [small, hall] {
            #expect(windows[0] > -40, "the tail starts audible")
            #expect(zip(windows.dropFirst(), windows).allSatisfy { $0 < $1 }, "\(windows)")
        }
        let smallT60 = decayTime(small), hallT60 = decayTime(hall)
        #expect(hallT60 > 3 * smallT60)
        // Each within a factor of two of the preset's own decay time at low frequencies.
        #expect(smallT60 > 0.2 && smallT60 < 0.9, "\(smallT60)")
        #expect(hallT60 > 1.3 && hallT60 < 5.2, "\(hallT60)")
    }

    @Test("dry/wet 0 passes the input; the wet channels are decorrelated; reset silences the tail; output is repeatable")
    func mixResetAndDeterminism() {
        let kernel = reverb(.mediumHall)
        kernel.setParameter(Reverb2Kernel.dryWetMix, 0)
        let input = EffectSignals.sine(300, seconds: 0.1)
        #expect(EffectSignals.process(kernel, [input, input])[0] == input)

        kernel.setParameter(Reverb2Kernel.dryWetMix, 100)
        kernel.reset()
        let first = burstTail(kernel, seconds: 0.5)
        let tailStart = Int(0.3 * Self.rate)
        let left = first[0][tailStart...], right = first[1][tailStart...]
        let dot = zip(left, right).map { Double($0) * Double($1) }.reduce(0, +)
        let norm = (left.map { Double($0 * $0) }.reduce(0, +) * right.map { Double($0 * $0) }.reduce(0, +)).squareRoot()
        #expect(abs(dot / norm) < 0.3, "left/right correlation \(dot / norm)")

        kernel.reset()
        #expect(burstTail(kernel, seconds: 0.5) == first)
        kernel.reset()
        let silence = EffectSignals.process(kernel, [[Float](repeating: 0, count: 4_800), [Float](repeating: 0, count: 4_800)])
        #expect(silence[0].allSatisfy { $0 == 0 })
    }
}
