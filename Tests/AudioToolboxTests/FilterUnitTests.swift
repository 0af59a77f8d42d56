@testable import BuiltInChecks
@testable import Conformance
import Foundation
import AudioToolbox
import Testing

/// Apple's single-filter units (AULowpass, AUHipass, AUBandpass, the shelves, AUParametricEQ)
/// through the C API: what each does to a tone's level, in dB, against the cookbook response.
@Suite("Filter and EQ units")
struct FilterUnitTests {
    /// The level change in dB a unit gives a 0.5-amplitude tone at `frequency`, measured over the
    /// last half of a second of rendering, after `parameters` were set through AudioUnitSetParameter.
    static func gain(_ subType: OSType, at frequency: Double, _ parameters: [AudioUnitParameterID: Float]) throws -> Double {
        let rig = try EffectUnitRig(kAudioUnitType_Effect, subType, configure: { unit in
            for (id, value) in parameters.sorted(by: { $0.key < $1.key }) {
                try check(AudioUnitSetParameter(unit, id, kAudioUnitScope_Global, 0, value, 0), "parameter \(id)")
            }
            try check(AudioUnitInitialize(unit), "AudioUnitInitialize")
        }, source: EffectUnitRig.sine(frequency))
        let output = try rig.render(44_100)
        let amplitude = EngineSignals.amplitude(output[22_050..<44_100], frequency: frequency, rate: 44_100)
        return 20 * log10(amplitude / 0.5)
    }

    @Test("AULowpass at 1 kHz takes a 4 kHz tone down 24.5 dB (2nd order, two octaves up) and passes 200 Hz")
    func lowPass() throws {
        let cutoff: [AudioUnitParameterID: Float] = [kLowPassParam_CutoffFrequency: 1000]
        #expect(abs(try Self.gain(kAudioUnitSubType_LowPassFilter, at: 4000, cutoff) - -24.5) < 1)
        #expect(abs(try Self.gain(kAudioUnitSubType_LowPassFilter, at: 200, cutoff)) < 0.2)
        #expect(abs(try Self.gain(kAudioUnitSubType_LowPassFilter, at: 1000, cutoff) - -3) < 0.3)
    }

    @Test("AUHipass at 1 kHz takes a 200 Hz tone down 28 dB and passes 4 kHz; resonance lifts the cutoff")
    func highPass() throws {
        let cutoff: [AudioUnitParameterID: Float] = [kHipassParam_CutoffFrequency: 1000]
        #expect(abs(try Self.gain(kAudioUnitSubType_HighPassFilter, at: 200, cutoff) - -28) < 1)
        #expect(abs(try Self.gain(kAudioUnitSubType_HighPassFilter, at: 4000, cutoff)) < 0.2)
        let resonant = try Self.gain(kAudioUnitSubType_HighPassFilter, at: 1000, [kHipassParam_CutoffFrequency: 1000, kHipassParam_Resonance: 12])
        #expect(abs(resonant - 9) < 0.5)
    }

    @Test("AUBandpass peaks at 0 dB at its centre and falls away an octave and more either side")
    func bandPass() throws {
        let band: [AudioUnitParameterID: Float] = [kBandpassParam_CenterFrequency: 2000, kBandpassParam_Bandwidth: 600]
        #expect(abs(try Self.gain(kAudioUnitSubType_BandPassFilter, at: 2000, band)) < 0.2)
        #expect(try Self.gain(kAudioUnitSubType_BandPassFilter, at: 500, band) < -12)
        #expect(try Self.gain(kAudioUnitSubType_BandPassFilter, at: 8000, band) < -12)
    }

    @Test("the shelves give their gain beyond the corner, half of it at the corner, none far on the other side")
    func shelves() throws {
        let low: [AudioUnitParameterID: Float] = [kAULowShelfParam_CutoffFrequency: 100, kAULowShelfParam_Gain: 12]
        #expect(abs(try Self.gain(kAudioUnitSubType_LowShelfFilter, at: 20, low) - 12) < 1)
        #expect(abs(try Self.gain(kAudioUnitSubType_LowShelfFilter, at: 100, low) - 6) < 0.5)
        #expect(abs(try Self.gain(kAudioUnitSubType_LowShelfFilter, at: 2000, low)) < 0.3)
        let high: [AudioUnitParameterID: Float] = [kHighShelfParam_CutOffFrequency: 10_000, kHighShelfParam_Gain: -12]
        #expect(abs(try Self.gain(kAudioUnitSubType_HighShelfFilter, at: 20_000, high) - -12) < 1)
        #expect(abs(try Self.gain(kAudioUnitSubType_HighShelfFilter, at: 10_000, high) - -6) < 0.5)
        #expect(abs(try Self.gain(kAudioUnitSubType_HighShelfFilter, at: 500, high)) < 0.3)
    }

    @Test("AUParametricEQ boosts its centre by its gain and leaves a decade away alone")
    func parametric() throws {
        let bell: [AudioUnitParameterID: Float] = [kParametricEQParam_CenterFreq: 1000, kParametricEQParam_Q: 2, kParametricEQParam_Gain: 10]
        #expect(abs(try Self.gain(kAudioUnitSubType_ParametricEQ, at: 1000, bell) - 10) < 0.2)
        #expect(abs(try Self.gain(kAudioUnitSubType_ParametricEQ, at: 100, bell)) < 0.3)
        #expect(abs(try Self.gain(kAudioUnitSubType_ParametricEQ, at: 10_000, bell)) < 0.3)
    }

    @Test("the filters publish the header's IDs, ranges and defaults; out-of-range values clamp, unknown IDs are −10878")
    func parameterInfo() throws {
        let lowPass = try EffectUnitRig.make(kAudioUnitType_Effect, kAudioUnitSubType_LowPassFilter)
        defer { AudioComponentInstanceDispose(lowPass) }
        #expect(try EffectUnitRig.parameters(lowPass).map(\.range) == [[10, 22_050, 6900], [-20, 40, 0]])
        #expect(AudioUnitSetParameter(lowPass, kLowPassParam_CutoffFrequency, kAudioUnitScope_Global, 0, 1e6, 0) == 0)
        #expect(EffectUnitRig.value(lowPass, kLowPassParam_CutoffFrequency) == 22_050)
        #expect(AudioUnitSetParameter(lowPass, kLowPassParam_Resonance, kAudioUnitScope_Global, 0, -100, 0) == 0)
        #expect(EffectUnitRig.value(lowPass, kLowPassParam_Resonance) == -20)
        #expect(AudioUnitSetParameter(lowPass, 7, kAudioUnitScope_Global, 0, 1, 0) == kAudioUnitErr_InvalidParameter)
        let expected: [(OSType, [[Float]])] = [
            (kAudioUnitSubType_HighPassFilter, [[10, 22_050, 6900], [-20, 40, 0]]),
            (kAudioUnitSubType_BandPassFilter, [[20, 22_050, 5000], [100, 12_000, 600]]),
            (kAudioUnitSubType_HighShelfFilter, [[10_000, 22_050, 10_000], [-40, 40, 0]]),
            (kAudioUnitSubType_LowShelfFilter, [[10, 200, 80], [-40, 40, 0]]),
            (kAudioUnitSubType_ParametricEQ, [[20, 22_050, 2000], [0.1, 20, 1], [-20, 20, 0]]),
        ]
        for (subType, ranges) in expected {
            let unit = try EffectUnitRig.make(kAudioUnitType_Effect, subType)
            #expect(try EffectUnitRig.parameters(unit).map(\.range) == ranges)
            AudioComponentInstanceDispose(unit)
        }
    }
}
