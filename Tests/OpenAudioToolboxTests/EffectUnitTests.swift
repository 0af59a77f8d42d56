import Foundation
import OpenAudioToolbox
import Testing

/// Apple's effect units over the effect kernels, rendered offline.
@Suite("Effect units")
struct EffectUnitTests {
    /// A unit of `subType` fed by `source(frame)` on both channels at 44.1 kHz, initialized.
    final class Rig {
        let unit: AudioUnit
        let source: (Int) -> Float
        var time = 0.0
        /// Input frames pulled so far (the end of the last pull, by its sample time).
        var consumed = 0

        init(_ type: OSType, _ subType: OSType, configure: (AudioUnit) throws -> Void = { _ in },
             source: @escaping (Int) -> Float) throws {
            self.source = source
            var description = AudioComponentDescription(componentType: type, componentSubType: subType,
                                                        componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
            let component = try #require(AudioComponentFindNext(nil, &description))
            var instance: AudioUnit?
            try check(AudioComponentInstanceNew(component, &instance))
            unit = try #require(instance)
            try configure(unit)
            var callback = AURenderCallbackStruct(inputProc: { refCon, _, timeStamp, _, frames, ioData in
                let rig = Unmanaged<Rig>.fromOpaque(refCon).takeUnretainedValue()
                rig.consumed = Int(timeStamp.pointee.mSampleTime) + Int(frames)
                for buffer in UnsafeMutableAudioBufferListPointer(ioData!) {
                    let samples = buffer.mData!.assumingMemoryBound(to: Float.self)
                    for frame in 0..<Int(frames) { samples[frame] = rig.source(Int(timeStamp.pointee.mSampleTime) + frame) }
                }
                return 0
            }, inputProcRefCon: Unmanaged.passUnretained(self).toOpaque())
            try check(withUnsafeMutablePointer(to: &callback) {
                AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0,
                                     UInt32(MemoryLayout<AURenderCallbackStruct>.size))
            })
        }

        deinit { _ = AudioComponentInstanceDispose(unit) }

        /// Renders `frames` frames in slices of 512; channel 0.
        func render(_ frames: Int) throws -> [Float] {
            var output: [Float] = []
            let list = AudioBufferList.allocate(maximumBuffers: 2)
            defer { free(list.unsafeMutablePointer) }
            var timeStamp = AudioTimeStamp()
            while output.count < frames {
                for index in 0..<2 { list[index] = AudioBuffer(mNumberChannels: 1, mDataByteSize: 512 * 4, mData: nil) }
                timeStamp.mSampleTime = time
                timeStamp.mFlags = .sampleTimeValid
                try check(AudioUnitRender(unit, nil, &timeStamp, 0, 512, list.unsafeMutablePointer))
                output += UnsafeBufferPointer(start: list[0].mData!.assumingMemoryBound(to: Float.self), count: 512)
                time += 512
            }
            return output
        }
    }

    static func sine(_ frequency: Double, _ amplitude: Float = 0.5) -> (Int) -> Float {
        { frame in amplitude * Float(sin(2 * Double.pi * frequency * Double(frame) / 44_100)) }
    }

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

    @Test("ENGINE-EFFECT-DELAY-ECHOES: AUDelay, fully wet with no feedback, repeats an impulse 0.1 s later")
    func delayEcho() throws {
        let rig = try Rig(kAudioUnitType_Effect, kAudioUnitSubType_Delay, configure: { unit in
            try check(AudioUnitSetParameter(unit, kDelayParam_WetDryMix, kAudioUnitScope_Global, 0, 100, 0))
            try check(AudioUnitSetParameter(unit, kDelayParam_DelayTime, kAudioUnitScope_Global, 0, 0.1, 0))
            try check(AudioUnitSetParameter(unit, kDelayParam_Feedback, kAudioUnitScope_Global, 0, 0, 0))
            try check(AudioUnitSetParameter(unit, kDelayParam_LopassCutoff, kAudioUnitScope_Global, 0, 22_050, 0))
            try check(AudioUnitInitialize(unit))
        }, source: { $0 == 0 ? 1 : 0 })
        let output = try rig.render(8_192)
        let peak = try #require(output.indices.max { abs(output[$0]) < abs(output[$1]) })
        #expect(abs(peak - 4_410) <= 2, "echo at frame \(peak)")
        #expect(abs(output[0]) < 0.01, "fully wet: the dry impulse is gone")
        var value: Float = 0
        #expect(AudioUnitGetParameter(rig.unit, kDelayParam_DelayTime, kAudioUnitScope_Global, 0, &value) == 0 && value == 0.1)
    }

    @Test("ENGINE-EFFECT-EQ-PARAMETRIC: AUNBandEQ: one parametric band of +12 dB at 1 kHz lifts a 1 kHz tone four times; bypassing the effect restores it")
    func equalizer() throws {
        let rig = try Rig(kAudioUnitType_Effect, kAudioUnitSubType_NBandEQ, configure: { unit in
            var bands: UInt32 = 1
            try check(AudioUnitSetProperty(unit, kAUNBandEQProperty_NumberOfBands, kAudioUnitScope_Global, 0, &bands, 4))
            try check(AudioUnitSetParameter(unit, kAUNBandEQParam_FilterType, kAudioUnitScope_Global, 0,
                                            Float(kAUNBandEQFilterType_Parametric), 0))
            try check(AudioUnitSetParameter(unit, kAUNBandEQParam_Frequency, kAudioUnitScope_Global, 0, 1_000, 0))
            try check(AudioUnitSetParameter(unit, kAUNBandEQParam_Bandwidth, kAudioUnitScope_Global, 0, 0.5, 0))
            try check(AudioUnitSetParameter(unit, kAUNBandEQParam_Gain, kAudioUnitScope_Global, 0, 12, 0))
            try check(AudioUnitSetParameter(unit, kAUNBandEQParam_BypassBand, kAudioUnitScope_Global, 0, 0, 0))
            try check(AudioUnitInitialize(unit))
        }, source: Self.sine(1_000, 0.1))
        let lifted = try rig.render(44_100)
        #expect(abs(toneAmplitude(lifted[22_050...], frequency: 1_000, rate: 44_100) - 0.1 * pow(10, 12.0 / 20)) < 0.01)
        var one: UInt32 = 1
        try check(AudioUnitSetProperty(rig.unit, kAudioUnitProperty_BypassEffect, kAudioUnitScope_Global, 0, &one, 4))
        let bypassed = try rig.render(8_192)
        #expect(abs(toneAmplitude(bypassed[...], frequency: 1_000, rate: 44_100) - 0.1) < 0.002)
    }

    @Test("ENGINE-EFFECT-VARISPEED-RATE: AUVarispeed at rate 2 plays a 500 Hz tone as 1 kHz, consuming input twice as fast")
    func varispeed() throws {
        let varispeed = try Rig(kAudioUnitType_FormatConverter, kAudioUnitSubType_Varispeed, configure: { unit in
            try check(AudioUnitSetParameter(unit, kVarispeedParam_PlaybackRate, kAudioUnitScope_Global, 0, 2, 0))
            try check(AudioUnitInitialize(unit))
        }, source: Self.sine(500))
        let faster = try varispeed.render(44_100)
        #expect(abs(toneAmplitude(faster[22_050...], frequency: 1_000, rate: 44_100) - 0.5) < 0.05)
        // 87 slices of 512 output frames: twice that input, give or take the resampler's look-ahead.
        #expect(abs(varispeed.consumed - 2 * 44_544) < 2_048, "pulled \(varispeed.consumed) input frames")
    }

    @Test("ENGINE-EFFECT-TIMEPITCH-PITCH: AUNewTimePitch at +1200 cents raises a 500 Hz tone an octave")
    func timePitch() throws {
        let pitch = try Rig(kAudioUnitType_FormatConverter, kAudioUnitSubType_NewTimePitch, configure: { unit in
            try check(AudioUnitSetParameter(unit, kNewTimePitchParam_Pitch, kAudioUnitScope_Global, 0, 1_200, 0))
            try check(AudioUnitInitialize(unit))
        }, source: Self.sine(500))
        let higher = try pitch.render(44_100)
        #expect(toneAmplitude(higher[22_050...], frequency: 1_000, rate: 44_100) > 0.3)
        #expect(toneAmplitude(higher[22_050...], frequency: 500, rate: 44_100) < 0.05)
    }

    @Test("AUReverb2 reports a tail; an effect whose input and output formats differ fails to initialize with −10868")
    func reverbAndFormats() throws {
        let rig = try Rig(kAudioUnitType_Effect, kAudioUnitSubType_Reverb2, source: Self.sine(440))
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
