@testable import BuiltInChecks
@testable import Conformance
import Foundation
import AVFAudio
import AudioToolbox
import Testing

/// `AVAudioUnitEffect(audioComponentDescription:)` for Apple's effect units, in an engine graph,
/// with parameters set through the unit (C API) and through `auAudioUnit.parameterTree`.
@Suite("AVAudioUnitEffect with Apple's effect units")
struct EngineEffectUnitTests {
    static func description(_ subType: OSType, _ type: OSType = kAudioUnitType_Effect) -> AudioComponentDescription {
        AudioComponentDescription(componentType: type, componentSubType: subType, componentManufacturer: kAudioUnitManufacturer_Apple,
                                  componentFlags: 0, componentFlagsMask: 0)
    }

    /// The level in dB a 0.5-amplitude tone at `frequency` has after `effect`, in the engine at 48 kHz.
    static func gain(through effect: AVAudioNode, at frequency: Double) throws -> Double {
        let tone = EngineSignals.tone(frequency: frequency, seconds: 1, rate: 48_000, channels: 1)
        let output = try EngineSignals.render(through: effect, tone, seconds: 1, loops: true)
        return 20 * log10(EngineSignals.amplitude(output[24_000..<48_000], frequency: frequency, rate: 48_000) / 0.5)
    }

    @Test("a low-pass made by description filters in the graph; AudioUnitSetParameter on its unit moves the cutoff")
    func lowPassByDescription() throws {
        let effect = AVAudioUnitEffect(audioComponentDescription: Self.description(kAudioUnitSubType_LowPassFilter))
        #expect(effect.name == "AULowpass")
        #expect(AudioUnitSetParameter(effect.audioUnit, kLowPassParam_CutoffFrequency, kAudioUnitScope_Global, 0, 1000, 0) == 0)
        #expect(abs(try Self.gain(through: effect, at: 4000) - -24.3) < 1)
        let passes = AVAudioUnitEffect(audioComponentDescription: Self.description(kAudioUnitSubType_LowPassFilter))
        _ = passes.audioUnit
        #expect(abs(try Self.gain(through: passes, at: 200)) < 0.2)
    }

    @Test("auAudioUnit.parameterTree lists the unit's parameters and its values reach the signal and the C API")
    func parameterTree() throws {
        let effect = AVAudioUnitEffect(audioComponentDescription: Self.description(kAudioUnitSubType_ParametricEQ))
        let tree = try #require(effect.auAudioUnit.parameterTree)
        #expect(tree.allParameters.map(\.address) == [0, 1, 2])
        #expect(tree.allParameters.map(\.identifier) == ["centerFreq", "q", "gain"])
        let gain = try #require(tree.parameter(withID: kParametricEQParam_Gain, scope: kAudioUnitScope_Global, element: 0))
        #expect((gain.minValue, gain.maxValue, gain.unit) == (-20, 20, .decibels))
        var heard: [AUValue] = []
        let token = tree.token(byAddingParameterObserver: { _, value in heard.append(value) })
        tree.parameter(withAddress: AUParameterAddress(kParametricEQParam_CenterFreq))!.value = 1000
        gain.value = 50   // clamps to the range, as the unit does
        #expect(heard == [1000, 20])
        tree.removeParameterObserver(token)
        var value: Float = 0
        #expect(AudioUnitGetParameter(effect.audioUnit, kParametricEQParam_Gain, kAudioUnitScope_Global, 0, &value) == 0)
        #expect(value == 20)
        #expect(abs(try Self.gain(through: effect, at: 1000) - 20) < 0.3)
        #expect(AudioUnitSetParameter(effect.audioUnit, kParametricEQParam_Gain, kAudioUnitScope_Global, 0, -6, 0) == 0)
        #expect(gain.value == -6)
    }

    @Test("ENGINE-EFFECT-LIMITER, ENGINE-EFFECT-DYNAMICS: a peak limiter by description keeps a hot tone under full scale at the mixer; a dynamics processor turns it down")
    func dynamicsInTheGraph() throws {
        let limiter = AVAudioUnitEffect(audioComponentDescription: Self.description(kAudioUnitSubType_PeakLimiter))
        limiter.auAudioUnit.parameterTree!.parameter(withAddress: AUParameterAddress(kLimiterParam_PreGain))!.value = 24
        let tone = EngineSignals.tone(frequency: 440, amplitude: 0.8, seconds: 1, rate: 48_000, channels: 1)
        let limited = try EngineSignals.render(through: limiter, tone, seconds: 1, loops: true)
        #expect(EngineSignals.peak(limited[...]) <= 1)
        #expect(EngineSignals.peak(limited[24_000...]) > 0.95)
        let compressor = AVAudioUnitEffect(audioComponentDescription: Self.description(kAudioUnitSubType_DynamicsProcessor))
        let squeezed = try EngineSignals.render(through: compressor, tone, seconds: 1, loops: true)
        // 0.8 is −1.9 dBFS: −20 + 5·(1 − e^−18.1/5) = −15.1 dB out.
        #expect(abs(20 * log10(Double(EngineSignals.peak(squeezed[24_000...]))) - -15.1) < 0.5)
    }

    @Test("AVAudioUnitTimePitch and AVAudioUnitTimeEffect take a description, AUiPodTimeOther's among them")
    func timeEffects() {
        let pitch = AVAudioUnitTimePitch(audioComponentDescription: Self.description(kAudioUnitSubType_NewTimePitch, kAudioUnitType_FormatConverter))
        #expect(pitch.name == "AUNewTimePitch")
        let other = AVAudioUnitTimeEffect(audioComponentDescription: Self.description(kAudioUnitSubType_AUiPodTimeOther, kAudioUnitType_FormatConverter))
        #expect(other.name == "AUiPodTimeOther")
    }
}
