@testable import Conformance
import Foundation
import AudioToolbox
import Testing

/// Apple's effect units over the effect kernels, rendered offline (what each does to a tone is a
/// built-in check, `EngineEffectChecks`).
@Suite("Effect units")
struct EffectUnitTests {
    static func name(_ subType: OSType, _ type: OSType) -> String? {
        var description = AudioComponentDescription(componentType: type, componentSubType: subType, componentManufacturer: 0,
                                                    componentFlags: 0, componentFlagsMask: 0)
        guard let component = AudioComponentFindNext(nil, &description) else { return nil }
        var name: Unmanaged<CFString>?
        guard AudioComponentCopyName(component, &name) == 0 else { return nil }
        return name?.takeRetainedValue() as String?
    }

    @Test("the six effects are found under Apple's descriptions and names")
    func registered() {
        #expect(Self.name(kAudioUnitSubType_NBandEQ, kAudioUnitType_Effect) == "Apple: AUNBandEQ")
        #expect(Self.name(kAudioUnitSubType_Delay, kAudioUnitType_Effect) == "Apple: AUDelay")
        #expect(Self.name(kAudioUnitSubType_Reverb2, kAudioUnitType_Effect) == "Apple: AUReverb2")
        #expect(Self.name(kAudioUnitSubType_Distortion, kAudioUnitType_Effect) == "Apple: AUDistortion")
        #expect(Self.name(kAudioUnitSubType_NewTimePitch, kAudioUnitType_FormatConverter) == "Apple: AUNewTimePitch")
        #expect(Self.name(kAudioUnitSubType_Varispeed, kAudioUnitType_FormatConverter) == "Apple: AUVarispeed")
    }

    @Test("AUReverb2 reports a tail; an effect whose input and output formats differ fails to initialize with −10868")
    func reverbAndFormats() throws {
        let rig = try EffectUnitRig(kAudioUnitType_Effect, kAudioUnitSubType_Reverb2, source: EffectUnitRig.sine(440))
        var tail: Float64 = 0
        var size = UInt32(8)
        #expect(AudioUnitGetProperty(rig.unit, kAudioUnitProperty_TailTime, kAudioUnitScope_Global, 0, &tail, &size) == 0)
        #expect(tail > 0.1)
        var mono = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                               mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 1,
                                               mBitsPerChannel: 32, mReserved: 0)
        try check(AudioUnitSetProperty(rig.unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &mono, 40))
        #expect(AudioUnitInitialize(rig.unit) == kAudioUnitErr_FormatNotSupported)
        try check(AudioUnitSetProperty(rig.unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &mono, 40))
        #expect(AudioUnitInitialize(rig.unit) == 0)
        var value: Float = 0
        #expect(AudioUnitGetParameter(rig.unit, kReverb2Param_DryWetMix, kAudioUnitScope_Global, 0, &value) == 0)
        #expect(AudioUnitSetParameter(rig.unit, 999, kAudioUnitScope_Global, 0, 1, 0) == kAudioUnitErr_InvalidParameter)
    }
}
