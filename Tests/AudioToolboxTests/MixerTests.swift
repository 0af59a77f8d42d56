@testable import Conformance
import Foundation
import AudioToolbox
import Testing

/// AUMultiChannelMixer rendered offline (`MultiChannelMixerRig`): bus volume, pan, enable, master
/// volume, metering.
@Suite("Multichannel mixer")
struct MixerTests {
    func close(_ a: [Float], _ b: [Float]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 } }

    @Test("bus volume, pan, enable and the output's master volume shape the mix")
    func parameters() throws {
        let rig = try MultiChannelMixerRig()
        try rig.set(kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 1, 0.5)
        #expect(close(try rig.render(), [0.6, 0.4]))
        try rig.set(kMultiChannelMixerParam_Pan, kAudioUnitScope_Input, 0, -1)
        #expect(close(try rig.render(), [0.6, -0.1]))
        try rig.set(kMultiChannelMixerParam_Enable, kAudioUnitScope_Input, 0, 0)
        #expect(close(try rig.render(), [0.1, -0.1]))
        try rig.set(kMultiChannelMixerParam_Volume, kAudioUnitScope_Output, 0, 0.5)
        #expect(close(try rig.render(), [0.05, -0.05]))
        var value: Float = 0
        #expect(AudioUnitGetParameter(rig.unit, kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 1, &value) == 0 && value == 0.5)
        // Out of range values are clamped, as Apple's units do.
        try rig.set(kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 1, 7)
        #expect(AudioUnitGetParameter(rig.unit, kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 1, &value) == 0 && value == 1)
        #expect(AudioUnitSetParameter(rig.unit, kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 2, 1, 0) == kAudioUnitErr_InvalidElement)
    }

    @Test("metering is off by default; once on, the post power reads the output's level in dB")
    func metering() throws {
        let rig = try MultiChannelMixerRig()
        var mode: UInt32 = 1
        var size = UInt32(4)
        #expect(AudioUnitGetProperty(rig.unit, kAudioUnitProperty_MeteringMode, kAudioUnitScope_Global, 0, &mode, &size) == 0)
        #expect(mode == 0)
        _ = try rig.render()
        var power: Float = 0
        #expect(AudioUnitGetParameter(rig.unit, kMultiChannelMixerParam_PostAveragePower, kAudioUnitScope_Output, 0, &power) == 0)
        #expect(power == -120)
        mode = 1
        #expect(AudioUnitSetProperty(rig.unit, kAudioUnitProperty_MeteringMode, kAudioUnitScope_Global, 0, &mode, 4) == 0)
        _ = try rig.render()
        #expect(AudioUnitGetParameter(rig.unit, kMultiChannelMixerParam_PostAveragePower, kAudioUnitScope_Output, 0, &power) == 0)
        // Output 0.7 and 0.3: RMS √((0.49 + 0.09) / 2) ≈ 0.5385 → −5.376 dB.
        #expect(abs(power - 20 * log10(Float((0.58 / 2.0).squareRoot()))) < 0.01)
        var pre: Float = 0
        #expect(AudioUnitGetParameter(rig.unit, kMultiChannelMixerParam_PrePeakHoldLevel, kAudioUnitScope_Input, 0, &pre) == 0)
        #expect(abs(pre - 20 * log10(Float(0.5))) < 0.01)
    }

    @Test("an input bus with nothing connected is skipped; the bus count cannot change while initialized")
    func busCount() throws {
        let rig = try MultiChannelMixerRig()
        var buses: UInt32 = 4
        #expect(AudioUnitSetProperty(rig.unit, kAudioUnitProperty_ElementCount, kAudioUnitScope_Input, 0, &buses, 4) == kAudioUnitErr_Initialized)
        var outputs: UInt32 = 2
        #expect(AudioUnitSetProperty(rig.unit, kAudioUnitProperty_ElementCount, kAudioUnitScope_Output, 0, &outputs, 4)
                == kAudioUnitErr_PropertyNotWritable)
        var count: UInt32 = 0
        var size = UInt32(4)
        #expect(AudioUnitGetProperty(rig.unit, kAudioUnitProperty_ElementCount, kAudioUnitScope_Input, 0, &count, &size) == 0 && count == 2)
    }

    @Test("the parameter list and info describe volume, enable and pan on the input scope")
    func parameterInfo() throws {
        let rig = try MultiChannelMixerRig()
        var ids = [AudioUnitParameterID](repeating: 0, count: 8)
        var size = UInt32(ids.count * 4)
        #expect(AudioUnitGetProperty(rig.unit, kAudioUnitProperty_ParameterList, kAudioUnitScope_Input, 0, &ids, &size) == 0)
        #expect(Array(ids.prefix(Int(size) / 4)) == [0, 1, 2, 1000, 2000])
        var info = AudioUnitParameterInfo()
        size = UInt32(MemoryLayout<AudioUnitParameterInfo>.size)
        let status = withUnsafeMutablePointer(to: &info) {
            AudioUnitGetProperty(rig.unit, kAudioUnitProperty_ParameterInfo, kAudioUnitScope_Input, kMultiChannelMixerParam_Pan, $0, &size)
        }
        #expect(status == 0)
        #expect(info.cfNameString?.takeRetainedValue() as String? == "Pan")
        #expect(info.minValue == -1 && info.maxValue == 1 && info.defaultValue == 0)
        #expect(info.flags.contains(.flag_IsWritable) && info.flags.contains(.flag_CFNameRelease))
        #expect(AudioUnitGetProperty(rig.unit, kAudioUnitProperty_ParameterInfo, kAudioUnitScope_Input, 77, &info, &size)
                == kAudioUnitErr_InvalidParameter)
    }
}
