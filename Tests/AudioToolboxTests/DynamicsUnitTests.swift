@testable import BuiltInChecks
@testable import Conformance
import Foundation
import AudioGraph
import AudioToolbox
import Testing

/// AUDynamicsProcessor, AUPeakLimiter, AUSampleDelay and the iOS-only units through the C API,
/// judged by what they do to a signal.
@Suite("Dynamics and delay units")
struct DynamicsUnitTests {
    static func decibels(_ value: Float) -> Double { 20 * log10(Double(value)) }

    static func rig(_ subType: OSType, _ parameters: [AudioUnitParameterID: Float] = [:],
                    source: @escaping (Int) -> Float) throws -> EffectUnitRig {
        try EffectUnitRig(kAudioUnitType_Effect, subType, configure: { unit in
            for (id, value) in parameters.sorted(by: { $0.key < $1.key }) {
                try check(AudioUnitSetParameter(unit, id, kAudioUnitScope_Global, 0, value, 0), "parameter \(id)")
            }
            try check(AudioUnitInitialize(unit), "AudioUnitInitialize")
        }, source: source)
    }

    @Test("the new units are found by AudioComponentFindNext under Apple's descriptions and names")
    func registered() {
        let names: [(OSType, OSType, String)] = [
            (kAudioUnitType_Effect, kAudioUnitSubType_PeakLimiter, "Apple: AUPeakLimiter"),
            (kAudioUnitType_Effect, kAudioUnitSubType_DynamicsProcessor, "Apple: AUDynamicsProcessor"),
            (kAudioUnitType_Effect, kAudioUnitSubType_LowPassFilter, "Apple: AULowpass"),
            (kAudioUnitType_Effect, kAudioUnitSubType_HighPassFilter, "Apple: AUHipass"),
            (kAudioUnitType_Effect, kAudioUnitSubType_BandPassFilter, "Apple: AUBandpass"),
            (kAudioUnitType_Effect, kAudioUnitSubType_HighShelfFilter, "Apple: AUHighShelfFilter"),
            (kAudioUnitType_Effect, kAudioUnitSubType_LowShelfFilter, "Apple: AULowShelfFilter"),
            (kAudioUnitType_Effect, kAudioUnitSubType_ParametricEQ, "Apple: AUParametricEQ"),
            (kAudioUnitType_Effect, kAudioUnitSubType_SampleDelay, "Apple: AUSampleDelay"),
            (kAudioUnitType_Effect, kAudioUnitSubType_AUiPodEQ, "Apple: AUiPodEQ"),
            (kAudioUnitType_FormatConverter, kAudioUnitSubType_AUiPodTime, "Apple: AUiPodTime"),
            (kAudioUnitType_FormatConverter, kAudioUnitSubType_AUiPodTimeOther, "Apple: AUiPodTimeOther"),
        ]
        for (type, subType, name) in names { #expect(EffectUnitTests.name(subType, type) == name) }
    }

    @Test("AUDynamicsProcessor brings a 0 dBFS tone to threshold + headroom's curve (−15.1 dB) within its attack, leaves a quiet one alone")
    func compresses() throws {
        let loud = try Self.rig(kAudioUnitSubType_DynamicsProcessor, source: EffectUnitRig.sine(1000, 1))
        let output = try loud.render(22_050)
        // Threshold −20, headroom 5: −20 + 5·(1 − e^−4) = −15.09 dB, reached a few attack times (1 ms) in.
        // The detector's 1 ms attack does not quite reach each quarter-cycle's crest, so it reads the
        // tone a little under 0 dB and squeezes a little less: within 1 dB.
        let settled = Self.decibels(EngineSignals.peak(output[441..<22_050]))
        #expect(abs(settled - -15.09) < 1)
        #expect(Self.decibels(EngineSignals.peak(output[11_025..<22_050])) < -14.5)
        #expect(abs(Double(EffectUnitRig.value(loud.unit, kDynamicsProcessorParam_CompressionAmount)) - -15.09) < 0.5)
        #expect(abs(Double(EffectUnitRig.value(loud.unit, kDynamicsProcessorParam_InputAmplitude))) < 0.5)
        let quiet = try Self.rig(kAudioUnitSubType_DynamicsProcessor, source: EffectUnitRig.sine(1000, 0.01))
        let untouched = try quiet.render(22_050)
        #expect(abs(Self.decibels(EngineSignals.peak(untouched[11_025..<22_050])) - -40) < 0.05)
        // A lower threshold and headroom squeeze harder; overall gain lifts everything after.
        let hard = try Self.rig(kAudioUnitSubType_DynamicsProcessor, [kDynamicsProcessorParam_Threshold: -30, kDynamicsProcessorParam_HeadRoom: 2,
                                                                       kDynamicsProcessorParam_OverallGain: 6], source: EffectUnitRig.sine(1000, 1))
        let squeezed = try hard.render(22_050)
        #expect(abs(Self.decibels(EngineSignals.peak(squeezed[11_025..<22_050])) - (-28 + 6)) < 0.5)
    }

    @Test("AUDynamicsProcessor's meters are read-only parameters: listed, without the writable flag")
    func meters() throws {
        let unit = try EffectUnitRig.make(kAudioUnitType_Effect, kAudioUnitSubType_DynamicsProcessor)
        defer { AudioComponentInstanceDispose(unit) }
        let parameters = try EffectUnitRig.parameters(unit)
        #expect(parameters.map(\.id) == [0, 1, 2, 3, 4, 5, 6, 1000, 2000, 3000])
        #expect(parameters.prefix(7).map(\.range) == [[-40, 20, -20], [0.1, 40, 5], [1, 50, 2], [-120, 0, -100], [0.0001, 0.2, 0.001],
                                                     [0.01, 3, 0.05], [-40, 40, 0]])
        var info = AudioUnitParameterInfo()
        var size = UInt32(MemoryLayout<AudioUnitParameterInfo>.size)
        try check(AudioUnitGetProperty(unit, kAudioUnitProperty_ParameterInfo, kAudioUnitScope_Global, kDynamicsProcessorParam_CompressionAmount,
                                       &info, &size))
        info.cfNameString?.release()
        #expect(info.flags.contains(.flag_IsReadable) && !info.flags.contains(.flag_IsWritable))
    }

    @Test("AUPeakLimiter keeps a tone pushed 20 dB over full scale under 0 dBFS, from the first sample, and close to it")
    func limits() throws {
        let rig = try Self.rig(kAudioUnitSubType_PeakLimiter, [kLimiterParam_PreGain: 20], source: EffectUnitRig.sine(440, 0.9))
        let output = try rig.render(44_100)
        #expect(EngineSignals.peak(output[...]) <= 1)
        #expect(EngineSignals.peak(output[22_050...]) > 0.95)
        var latency: Float64 = 0
        var size = UInt32(8)
        try check(AudioUnitGetProperty(rig.unit, kAudioUnitProperty_Latency, kAudioUnitScope_Global, 0, &latency, &size))
        #expect(abs(latency - 0.012) < 1e-4)
        // Without pre-gain a tone under full scale passes at its level, delayed by the look-ahead.
        let clean = try Self.rig(kAudioUnitSubType_PeakLimiter, source: EffectUnitRig.sine(440, 0.5))
        #expect(abs(EngineSignals.peak(try clean.render(22_050)[11_025...]) - 0.5) < 1e-3)
    }

    @Test("AUSampleDelay shifts an impulse by exactly its delay frames, across render slices")
    func sampleDelay() throws {
        let rig = try Self.rig(kAudioUnitSubType_SampleDelay, [0: 700], source: { $0 == 100 ? 1 : 0 })
        let output = try rig.render(2048)
        #expect(output.firstIndex(of: 1) == 800)
        #expect(output.filter { $0 != 0 }.count == 1)
        let unit = try EffectUnitRig.make(kAudioUnitType_Effect, kAudioUnitSubType_SampleDelay)
        defer { AudioComponentInstanceDispose(unit) }
        #expect(try EffectUnitRig.parameters(unit).map(\.range) == [[0, 44_100, 0]])
    }

    @Test("AUiPodEQ passes audio untouched as shipped (Disabled) and lists its presets in the Music app's order")
    func iPodEQ() throws {
        let rig = try Self.rig(kAudioUnitSubType_AUiPodEQ, source: EffectUnitRig.sine(100, 0.5))
        let output = try rig.render(4096)
        let input = (0..<4096).map(EffectUnitRig.sine(100, 0.5))
        #expect(output == input)
        #expect(IPodEQPreset.all.count == 23)
        #expect(IPodEQPreset.all.map(\.name).prefix(4) == ["Disabled", "Acoustic", "Bass Booster", "Bass Reducer"])
    }
}
