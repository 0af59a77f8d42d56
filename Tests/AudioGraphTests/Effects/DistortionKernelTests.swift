import AudioGraph
import Foundation
import Testing

@Suite("Distortion kernel")
struct DistortionKernelTests {
    func distortion(_ preset: DistortionPreset?) -> DistortionKernel {
        let kernel = DistortionKernel()
        kernel.prepare(sampleRate: 48_000, channelCount: 1, maximumFrames: 256)
        if let preset { kernel.loadFactoryPreset(preset) }
        return kernel
    }

    /// THD+N of a 1 kHz sine at half scale after `kernel`, from a least-squares sine fit.
    func distortionDecibels(_ kernel: DistortionKernel) -> Double {
        let output = EffectSignals.process(kernel, [EffectSignals.sine(1000, seconds: 1)])[0]
        return SineFit(output[24_000...], frequency: 1000, sampleRate: 48_000).thdPlusNoiseDecibels
    }

    @Test("ENGINE-EFFECT-DISTORTION-PARAMETERS: AUDistortion's sixteen parameters; preGain is the soft-clip gain (−80…20 dB, −6) and wetDryMix the final mix (0…100, 50); presets keep their raw values")
    func parameters() {
        let kernel = distortion(nil)
        #expect(kernel.parameterInfos.map(\.id) == Array(0...15))
        let preGain = kernel.parameterInfos[14], wetDry = kernel.parameterInfos[15]
        #expect((preGain.minValue, preGain.maxValue, preGain.defaultValue) == (-80, 20, -6))
        #expect((wetDry.minValue, wetDry.maxValue, wetDry.defaultValue) == (0, 100, 50))
        #expect(DistortionPreset.allCases.map(\.rawValue) == Array(0...21))
        #expect(DistortionPreset.multiDistortedCubed.rawValue == 10 && DistortionPreset.speechWaves.rawValue == 21)
        #expect(DistortionPreset.avAudioUnitDistortionDefault == .drumsBitBrush)
        kernel.loadFactoryPreset(.speechRadioTower)
        #expect(kernel.currentPreset == .speechRadioTower)
        #expect(kernel.parameter(DistortionKernel.finalMix) == 100)
    }

    @Test("ENGINE-EFFECT-DISTORTION-HARMONICS: a sine gains harmonics through the distortion presets, more as the pre-gain rises")
    func harmonicsRise() {
        let clean = distortionDecibels(distortion(.multiDistortedCubed).configured { $0.setParameter(DistortionKernel.finalMix, 0) })
        #expect(clean < -100)
        let cubed = distortionDecibels(distortion(.multiDistortedCubed))
        #expect(cubed > -20, "\(cubed)")
        let gentle = distortionDecibels(distortion(.multiDistortedCubed).configured { $0.setParameter(DistortionKernel.softClipGain, -30) })
        #expect(gentle < cubed - 10, "\(gentle) vs \(cubed)")
        for preset in [DistortionPreset.drumsLoFi, .multiDecimated4, .multiBrokenSpeaker, .speechRadioTower] {
            #expect(distortionDecibels(distortion(preset)) > -30, "\(preset)")
        }
    }

    @Test("ENGINE-EFFECT-DISTORTION-PRESETS: every factory preset sounds different from every other")
    func presetsDiffer() {
        let input = EffectSignals.sine(440, seconds: 0.6).enumerated().map { $0.element * Float(min(1, Double($0.offset) / 4_800)) }
        let outputs = DistortionPreset.allCases.map { EffectSignals.process(distortion($0), [input])[0] }
        for first in outputs.indices {
            for second in outputs.indices where second > first {
                let difference = EffectSignals.power(ArraySlice(zip(outputs[first], outputs[second]).map { $0 - $1 }))
                #expect(difference > -50, "\(DistortionPreset(rawValue: first)!) vs \(DistortionPreset(rawValue: second)!)")
            }
        }
        // And the same preset twice gives the same samples.
        #expect(EffectSignals.process(distortion(.speechAlienChatter), [input])[0] == outputs[DistortionPreset.speechAlienChatter.rawValue])
    }
}

extension DistortionKernel {
    func configured(_ change: (DistortionKernel) -> Void) -> DistortionKernel {
        change(self)
        return self
    }
}
