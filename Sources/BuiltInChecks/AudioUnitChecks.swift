import Conformance
import Foundation
import AudioToolbox
import AVFAudio
import Soundcheck

/// The Audio Unit C API on a RemoteIO unit made in an app's code: its defaults, the hardware
/// sides' formats, Apple's raw values, and the OSStatus every misuse returns (nothing traps).
enum AudioUnitChecks {
    /// Runs `body` in an app's code on `device` (an active playAndRecord session) with a fresh RemoteIO unit.
    static func withRemoteIO(_ device: SimulatedDevice, _ body: (AudioUnit) throws -> Void) throws {
        try device.launch("App", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
            let app = RemoteIOApp()
            try app.make()
            try body(try CheckProbe.required(app.unit, "the RemoteIO unit"))
        }
    }

    static func uint32(_ unit: AudioUnit, _ property: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) -> UInt32? {
        var value: UInt32 = 0
        var size = UInt32(4)
        return AudioUnitGetProperty(unit, property, scope, element, &value, &size) == 0 ? value : nil
    }

    static func format(_ unit: AudioUnit, _ scope: AudioUnitScope, _ element: AudioUnitElement) -> AudioStreamBasicDescription? {
        var format = AudioStreamBasicDescription()
        var size = UInt32(40)
        return AudioUnitGetProperty(unit, kAudioUnitProperty_StreamFormat, scope, element, &format, &size) == 0 ? format : nil
    }

    static func formatStatus(_ unit: AudioUnit, _ scope: AudioUnitScope, _ element: AudioUnitElement) -> OSStatus {
        var format = AudioStreamBasicDescription()
        var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        return AudioUnitGetProperty(unit, kAudioUnitProperty_StreamFormat, scope, element, &format, &size)
    }

    static func setFormat(_ unit: AudioUnit, _ format: AudioStreamBasicDescription, _ scope: AudioUnitScope = kAudioUnitScope_Input,
                          _ element: AudioUnitElement = 0) -> OSStatus {
        var format = format
        return AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, scope, element, &format,
                                    UInt32(MemoryLayout<AudioStreamBasicDescription>.size))
    }

    static let stereoFloat = AudioStreamBasicDescription(
        mSampleRate: 48_000, mFormatID: kAudioFormatLinearPCM,
        mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
        mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2, mBitsPerChannel: 32, mReserved: 0)

    static var all: [BuiltInCheck] { facts + errorCodes + lifecycle }

    static var facts: [BuiltInCheck] { [
        BuiltInCheck(["AU-ENABLE-IO-DEFAULTS"], "RemoteIO starts with output on (output scope, element 0) and input off (input scope, element 1); both sides have I/O") { p in
            try withRemoteIO(try p.device()) { unit in
                p.expect(uint32(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Output, 0), equals: 1, "EnableIO, output scope, element 0")
                p.expect(uint32(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1), equals: 0, "EnableIO, input scope, element 1")
                p.expect(uint32(unit, kAudioOutputUnitProperty_HasIO, kAudioUnitScope_Output, 0), equals: 1, "HasIO, output scope, element 0")
                p.expect(uint32(unit, kAudioOutputUnitProperty_HasIO, kAudioUnitScope_Input, 1), equals: 1, "HasIO, input scope, element 1")
                p.expect(uint32(unit, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0), equals: 1156, "MaximumFramesPerSlice")
                p.expect(uint32(unit, kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0), equals: 0, "IsRunning")
            }
        },
        BuiltInCheck(["AU-REMOTEIO-HARDWARE-OUTPUT-FORMAT"], "RemoteIO's hardware sides report the session's rate and the route's channels (playAndRecord: the one-channel receiver), 32-bit linear PCM") { p in
            try withRemoteIO(try p.device()) { unit in
                let output = try p.require(format(unit, kAudioUnitScope_Output, 0), "the output element's hardware format")
                let input = try p.require(format(unit, kAudioUnitScope_Input, 1), "the input element's hardware format")
                p.expect(output.mSampleRate == 48_000 && output.mChannelsPerFrame == 1, "output hardware side: 48 kHz, 1 channel (\(output.mSampleRate), \(output.mChannelsPerFrame))")
                p.expect(input.mSampleRate == 48_000 && input.mChannelsPerFrame == 1, "input hardware side: 48 kHz, 1 channel (\(input.mSampleRate), \(input.mChannelsPerFrame))")
                p.expect(output.mFormatID == kAudioFormatLinearPCM && output.mBitsPerChannel == 32, "linear PCM, 32 bits")
            }
        },
        BuiltInCheck(["AU-RENDER-FLAGS"], "render action flags have Apple's bits") { p in
            p.expect(AudioUnitRenderActionFlags.unitRenderAction_PreRender.rawValue, equals: 1 << 2, "unitRenderAction_PreRender")
            p.expect(AudioUnitRenderActionFlags.unitRenderAction_PostRender.rawValue, equals: 1 << 3, "unitRenderAction_PostRender")
            p.expect(AudioUnitRenderActionFlags.unitRenderAction_OutputIsSilence.rawValue, equals: 1 << 4, "unitRenderAction_OutputIsSilence")
            p.expect(AudioUnitRenderActionFlags.unitRenderAction_PostRenderError.rawValue, equals: 1 << 8, "unitRenderAction_PostRenderError")
        },
        BuiltInCheck(["AU-PROPERTY-IDS"], "properties, scopes and component codes have Apple's raw values") { p in
            p.expect([kAudioUnitProperty_StreamFormat, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitProperty_SetRenderCallback,
                      kAudioOutputUnitProperty_EnableIO, kAudioOutputUnitProperty_SetInputCallback, kAudioOutputUnitProperty_IsRunning,
                      kAudioOutputUnitProperty_ChannelMap, kAudioUnitProperty_MakeConnection, kAudioUnitProperty_ElementCount],
                     equals: [8, 14, 23, 2003, 2005, 2001, 2002, 1, 11], "property IDs")
            p.expect([kAudioUnitScope_Global, kAudioUnitScope_Input, kAudioUnitScope_Output, kAudioUnitScope_LayerItem], equals: [0, 1, 2, 7], "scopes")
            p.expect([kAudioUnitType_Output, kAudioUnitSubType_RemoteIO, kAudioUnitSubType_VoiceProcessingIO, kAudioUnitManufacturer_Apple],
                     equals: [1_635_086_197, 1_919_512_419, 1_987_078_511, 1_634_758_764], "'auou', 'rioc', 'vpio', 'appl'")
        },
        BuiltInCheck(["AU-VOICE-PROCESSING-PROPERTY-IDS"], "VoiceProcessingIO's switches have Apple's IDs; by default processing is on, AGC on, other audio ducked, output not muted; each reads back") { p in
            p.expect([kAUVoiceIOProperty_BypassVoiceProcessing, kAUVoiceIOProperty_VoiceProcessingEnableAGC, kAUVoiceIOProperty_DuckNonVoiceAudio,
                      kAUVoiceIOProperty_VoiceProcessingQuality, kAUVoiceIOProperty_MuteOutput], equals: [2100, 2101, 2102, 2103, 2104], "kAUVoiceIOProperty IDs")
            let device = try p.device()
            let app = RemoteIOApp()
            try device.launch("Call", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
                try app.make(subType: kAudioUnitSubType_VoiceProcessingIO)
            }
            let unit = try p.require(app.unit, "the VoiceProcessingIO unit")
            p.expect(uint32(unit, kAUVoiceIOProperty_BypassVoiceProcessing, kAudioUnitScope_Global, 0), equals: 0, "BypassVoiceProcessing")
            p.expect(uint32(unit, kAUVoiceIOProperty_VoiceProcessingEnableAGC, kAudioUnitScope_Global, 0), equals: 1, "VoiceProcessingEnableAGC")
            p.expect(uint32(unit, kAUVoiceIOProperty_DuckNonVoiceAudio, kAudioUnitScope_Global, 0), equals: 1, "DuckNonVoiceAudio")
            p.expect(uint32(unit, kAUVoiceIOProperty_MuteOutput, kAudioUnitScope_Global, 0), equals: 0, "MuteOutput")
            for property in [kAUVoiceIOProperty_BypassVoiceProcessing, kAUVoiceIOProperty_VoiceProcessingEnableAGC, kAUVoiceIOProperty_MuteOutput] {
                var flipped: UInt32 = uint32(unit, property, kAudioUnitScope_Global, 0) == 1 ? 0 : 1
                p.expect(AudioUnitSetProperty(unit, property, kAudioUnitScope_Global, 0, &flipped, 4), equals: 0, "setting \(property)")
                p.expect(uint32(unit, property, kAudioUnitScope_Global, 0), equals: flipped, "\(property) reads back")
                p.expect(AudioUnitSetProperty(unit, property, kAudioUnitScope_Input, 0, &flipped, 4), equals: kAudioUnitErr_InvalidScope, "\(property) in the input scope")
            }
            // RemoteIO's properties are all there too.
            var one: UInt32 = 1
            p.expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4), equals: 0, "EnableIO on the input element")
            var name: Unmanaged<CFString>?
            let component = AudioComponentInstanceGetComponent(unit)
            p.expect(AudioComponentCopyName(component, &name), equals: 0, "AudioComponentCopyName")
            p.expect(name?.takeRetainedValue() as String?, equals: "Apple: AUVoiceProcessor", "the component's name")
        },
    ] }

    static var errorCodes: [BuiltInCheck] { [
        BuiltInCheck(["AU-ERROR-CODES"], "a scope the property does not live in is kAudioUnitErr_InvalidScope (−10866); an element beyond the scope's count is kAudioUnitErr_InvalidElement (−10877)") { p in
            try withRemoteIO(try p.device()) { unit in
                p.expect(formatStatus(unit, kAudioUnitScope_Global, 0), equals: -10866, "StreamFormat in the global scope")
                p.expect(formatStatus(unit, 42, 0), equals: kAudioUnitErr_InvalidScope, "StreamFormat in scope 42")
                var frames: UInt32 = 0
                var size = UInt32(4)
                p.expect(AudioUnitGetProperty(unit, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Input, 0, &frames, &size), equals: -10866, "MaximumFramesPerSlice in the input scope")
                p.expect(formatStatus(unit, kAudioUnitScope_Input, 2), equals: -10877, "StreamFormat on input element 2")
                p.expect(formatStatus(unit, kAudioUnitScope_Input, 1), equals: 0, "StreamFormat on input element 1")
                var one: UInt32 = 1
                p.expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 0, &one, 4), equals: kAudioUnitErr_InvalidElement, "EnableIO on input element 0")
            }
        },
        BuiltInCheck(["AU-ERROR-CODES"], "an unknown property is kAudioUnitErr_InvalidProperty (−10879); an unknown parameter kAudioUnitErr_InvalidParameter (−10878)") { p in
            try withRemoteIO(try p.device()) { unit in
                var value: UInt32 = 0
                var size = UInt32(4)
                p.expect(AudioUnitGetProperty(unit, 9_999, kAudioUnitScope_Global, 0, &value, &size), equals: -10879, "getting property 9999")
                p.expect(AudioUnitSetProperty(unit, 9_999, kAudioUnitScope_Global, 0, &value, 4), equals: -10879, "setting property 9999")
                var writable = DarwinBoolean(false)
                p.expect(AudioUnitGetPropertyInfo(unit, 9_999, kAudioUnitScope_Global, 0, &size, &writable), equals: -10879, "info of property 9999")
                var parameter: AudioUnitParameterValue = 0
                p.expect(AudioUnitGetParameter(unit, 12_345, kAudioUnitScope_Global, 0, &parameter), equals: -10878, "getting parameter 12345")
                p.expect(AudioUnitSetParameter(unit, 12_345, kAudioUnitScope_Global, 0, 1, 0), equals: -10878, "setting parameter 12345")
            }
        },
        BuiltInCheck(["AU-ERROR-CODES"], "a format the unit cannot take (AAC, packed 24-bit, inconsistent sizes) is kAudioUnitErr_FormatNotSupported (−10868)") { p in
            try withRemoteIO(try p.device()) { unit in
                var aac = stereoFloat
                aac.mFormatID = kAudioFormatMPEG4AAC
                p.expect(setFormat(unit, aac), equals: -10868, "an AAC client format")
                var int24 = stereoFloat
                int24.mFormatFlags = kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked
                int24.mBitsPerChannel = 24
                int24.mBytesPerFrame = 6
                int24.mBytesPerPacket = 6
                p.expect(setFormat(unit, int24), equals: -10868, "a packed 24-bit client format")
                var inconsistent = stereoFloat
                inconsistent.mBytesPerFrame = 3
                p.expect(setFormat(unit, inconsistent), equals: kAudioUnitErr_FormatNotSupported, "3 bytes per frame of 32-bit float")
            }
        },
        BuiltInCheck(["AU-ERROR-CODES"], "a switch set to 2 is kAudioUnitErr_InvalidPropertyValue (−10851); a short value is kAudio_ParamError (−50); rendering bus 1 with input off is kAudioUnitErr_NoConnection (−10876)") { p in
            try withRemoteIO(try p.device()) { unit in
                var two: UInt32 = 2
                p.expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Output, 0, &two, 4), equals: -10851, "EnableIO set to 2")
                var short: UInt16 = 1
                p.expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Output, 0, &short, 2), equals: -50, "a 2-byte EnableIO")
                var format = AudioStreamBasicDescription()
                var size = UInt32(8)
                p.expect(AudioUnitGetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, &size), equals: -50, "StreamFormat into 8 bytes")
                p.expect(AudioUnitInitialize(unit), equals: 0, "AudioUnitInitialize")
                var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: 1024, mData: nil))
                var timeStamp = AudioTimeStamp()
                p.expect(AudioUnitRender(unit, nil, &timeStamp, 1, 256, &list), equals: -10876, "rendering bus 1 with input disabled")
                p.expect(AudioUnitRender(unit, nil, &timeStamp, 2, 256, &list), equals: kAudioUnitErr_InvalidElement, "rendering bus 2")
            }
        },
        BuiltInCheck(["AU-REMOTEIO-HARDWARE-FORMAT-READ-ONLY"], "writing the hardware sides' formats or IsRunning is kAudioUnitErr_PropertyNotWritable (−10865); PropertyInfo says so") { p in
            try withRemoteIO(try p.device()) { unit in
                p.expect(setFormat(unit, stereoFloat, kAudioUnitScope_Output, 0), equals: -10865, "setting the output element's hardware format")
                p.expect(setFormat(unit, stereoFloat, kAudioUnitScope_Input, 1), equals: -10865, "setting the input element's hardware format")
                var one: UInt32 = 1
                p.expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0, &one, 4), equals: -10865, "setting IsRunning")
                var size: UInt32 = 0
                var writable = DarwinBoolean(true)
                p.expect(AudioUnitGetPropertyInfo(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &size, &writable), equals: 0, "PropertyInfo of the hardware format")
                p.expect(!writable.boolValue && size == 40, "the hardware format: 40 bytes, not writable")
                p.expect(AudioUnitGetPropertyInfo(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &size, &writable), equals: 0, "PropertyInfo of the client format")
                p.expect(writable.boolValue, "the client side's format is writable")
            }
        },
    ] }

    static var lifecycle: [BuiltInCheck] { [
        BuiltInCheck(["AU-LIFECYCLE"], "rendering or starting before AudioUnitInitialize is kAudioUnitErr_Uninitialized (−10867); formats and MaximumFramesPerSlice change only uninitialized (−10849)") { p in
            try withRemoteIO(try p.device()) { unit in
                var timeStamp = AudioTimeStamp()
                var list = AudioBufferList()
                p.expect(AudioUnitRender(unit, nil, &timeStamp, 0, 256, &list), equals: -10867, "AudioUnitRender before AudioUnitInitialize")
                p.expect(AudioOutputUnitStart(unit), equals: -10867, "AudioOutputUnitStart before AudioUnitInitialize")
                p.expect(AudioUnitInitialize(unit), equals: 0, "AudioUnitInitialize")
                p.expect(setFormat(unit, stereoFloat), equals: -10849, "a client format while initialized")
                var frames: UInt32 = 4096
                p.expect(AudioUnitSetProperty(unit, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0, &frames, 4), equals: -10849, "MaximumFramesPerSlice while initialized")
                var one: UInt32 = 1
                p.expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4), equals: -10849, "EnableIO while initialized")
                p.expect(AudioUnitUninitialize(unit), equals: 0, "AudioUnitUninitialize")
                p.expect(setFormat(unit, stereoFloat), equals: 0, "a client format once uninitialized")
            }
        },
        BuiltInCheck(["AU-TOO-MANY-FRAMES"], "rendering more frames than MaximumFramesPerSlice (1157 > 1156) is kAudioUnitErr_TooManyFramesToProcess (−10874), also the last render error") { p in
            try withRemoteIO(try p.device()) { unit in
                p.expect(AudioUnitInitialize(unit), equals: 0, "AudioUnitInitialize")
                let buffers = AudioBufferList.allocate(maximumBuffers: 2)
                defer { free(buffers.unsafeMutablePointer) }
                var timeStamp = AudioTimeStamp()
                p.expect(AudioUnitRender(unit, nil, &timeStamp, 0, 1157, buffers.unsafeMutablePointer), equals: -10874, "rendering 1157 frames")
                var error: OSStatus = 0
                var size = UInt32(4)
                p.expect(AudioUnitGetProperty(unit, kAudioUnitProperty_LastRenderError, kAudioUnitScope_Global, 0, &error, &size), equals: 0, "reading LastRenderError")
                p.expect(error, equals: -10874, "LastRenderError")
            }
        },
    ] }
}
