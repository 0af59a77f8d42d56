import Foundation
import MediaServer
import OpenAudioToolbox
import OpenAVFAudio
import Soundcheck
import Testing

/// Every misuse of the Audio Unit API returns its documented OSStatus; nothing traps.
@Suite("Audio Unit misuse codes")
struct AudioUnitMisuseTests {
    /// Runs `body` in an app's code with a fresh RemoteIO unit.
    static func withRemoteIO(_ body: (AudioUnit) throws -> Void) throws {
        let device = try SimulatedDevice(seed: 20)
        try device.launch("App", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
            let app = RemoteIOApp()
            try app.make()
            try body(app.unit!)
        }
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

    @Test("AU-ERROR-CODES: a scope the property does not live in is kAudioUnitErr_InvalidScope (−10866)")
    func invalidScope() throws {
        try Self.withRemoteIO { unit in
            #expect(Self.formatStatus(unit, kAudioUnitScope_Global, 0) == -10866)
            #expect(Self.formatStatus(unit, 42, 0) == kAudioUnitErr_InvalidScope)
            var frames: UInt32 = 0
            var size = UInt32(4)
            #expect(AudioUnitGetProperty(unit, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Input, 0, &frames, &size) == -10866)
        }
    }

    @Test("AU-ERROR-CODES: an element beyond the scope's count is kAudioUnitErr_InvalidElement (−10877)")
    func invalidElement() throws {
        try Self.withRemoteIO { unit in
            #expect(Self.formatStatus(unit, kAudioUnitScope_Input, 2) == -10877)
            #expect(Self.formatStatus(unit, kAudioUnitScope_Input, 1) == 0)
            var one: UInt32 = 1
            #expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 0, &one, 4) == kAudioUnitErr_InvalidElement)
        }
    }

    @Test("AU-ERROR-CODES: an unknown property is kAudioUnitErr_InvalidProperty (−10879)")
    func invalidProperty() throws {
        try Self.withRemoteIO { unit in
            var value: UInt32 = 0
            var size = UInt32(4)
            #expect(AudioUnitGetProperty(unit, 9_999, kAudioUnitScope_Global, 0, &value, &size) == -10879)
            #expect(AudioUnitSetProperty(unit, 9_999, kAudioUnitScope_Global, 0, &value, 4) == -10879)
            var writable = DarwinBoolean(false)
            #expect(AudioUnitGetPropertyInfo(unit, 9_999, kAudioUnitScope_Global, 0, &size, &writable) == -10879)
        }
    }

    @Test("AU-REMOTEIO-HARDWARE-FORMAT-READ-ONLY: writing a read-only property is kAudioUnitErr_PropertyNotWritable (−10865): the hardware sides' formats, IsRunning")
    func notWritable() throws {
        try Self.withRemoteIO { unit in
            #expect(Self.setFormat(unit, Self.stereoFloat, kAudioUnitScope_Output, 0) == -10865)
            #expect(Self.setFormat(unit, Self.stereoFloat, kAudioUnitScope_Input, 1) == -10865)
            var one: UInt32 = 1
            #expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0, &one, 4) == -10865)
            var size: UInt32 = 0
            var writable = DarwinBoolean(true)
            #expect(AudioUnitGetPropertyInfo(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &size, &writable) == 0)
            #expect(!writable.boolValue && size == 40)
            #expect(AudioUnitGetPropertyInfo(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &size, &writable) == 0)
            #expect(writable.boolValue)
        }
    }

    @Test("AU-LIFECYCLE: rendering or starting before AudioUnitInitialize is kAudioUnitErr_Uninitialized (−10867)")
    func uninitialized() throws {
        try Self.withRemoteIO { unit in
            var timeStamp = AudioTimeStamp()
            var list = AudioBufferList()
            #expect(AudioUnitRender(unit, nil, &timeStamp, 0, 256, &list) == -10867)
            #expect(AudioOutputUnitStart(unit) == -10867)
        }
    }

    @Test("AU-LIFECYCLE: changing a format or MaximumFramesPerSlice while initialized is kAudioUnitErr_Initialized (−10849)")
    func changeWhileInitialized() throws {
        try Self.withRemoteIO { unit in
            #expect(AudioUnitInitialize(unit) == 0)
            #expect(Self.setFormat(unit, Self.stereoFloat) == -10849)
            var frames: UInt32 = 4096
            #expect(AudioUnitSetProperty(unit, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0, &frames, 4) == -10849)
            var one: UInt32 = 1
            #expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4) == -10849)
            #expect(AudioUnitUninitialize(unit) == 0)
            #expect(Self.setFormat(unit, Self.stereoFloat) == 0)
        }
    }

    @Test("AU-ERROR-CODES: a format the unit cannot take is kAudioUnitErr_FormatNotSupported (−10868)")
    func formatNotSupported() throws {
        try Self.withRemoteIO { unit in
            var aac = Self.stereoFloat
            aac.mFormatID = kAudioFormatMPEG4AAC
            #expect(Self.setFormat(unit, aac) == -10868)
            var int24 = Self.stereoFloat
            int24.mFormatFlags = kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked
            int24.mBitsPerChannel = 24
            int24.mBytesPerFrame = 6
            int24.mBytesPerPacket = 6
            #expect(Self.setFormat(unit, int24) == -10868)
            var inconsistent = Self.stereoFloat
            inconsistent.mBytesPerFrame = 3
            #expect(Self.setFormat(unit, inconsistent) == kAudioUnitErr_FormatNotSupported)
        }
    }

    @Test("AU-TOO-MANY-FRAMES: more frames than MaximumFramesPerSlice is kAudioUnitErr_TooManyFramesToProcess (−10874), also reported as the last render error")
    func tooManyFrames() throws {
        try Self.withRemoteIO { unit in
            #expect(AudioUnitInitialize(unit) == 0)
            let buffers = AudioBufferList.allocate(maximumBuffers: 2)
            defer { free(buffers.unsafeMutablePointer) }
            var timeStamp = AudioTimeStamp()
            #expect(AudioUnitRender(unit, nil, &timeStamp, 0, 1157, buffers.unsafeMutablePointer) == -10874)
            var error: OSStatus = 0
            var size = UInt32(4)
            #expect(AudioUnitGetProperty(unit, kAudioUnitProperty_LastRenderError, kAudioUnitScope_Global, 0, &error, &size) == 0)
            #expect(error == -10874)
        }
    }

    @Test("AU-ERROR-CODES: an unknown parameter is kAudioUnitErr_InvalidParameter (−10878)")
    func invalidParameter() throws {
        try Self.withRemoteIO { unit in
            var value: AudioUnitParameterValue = 0
            #expect(AudioUnitGetParameter(unit, 12_345, kAudioUnitScope_Global, 0, &value) == -10878)
            #expect(AudioUnitSetParameter(unit, 12_345, kAudioUnitScope_Global, 0, 1, 0) == -10878)
        }
    }

    @Test("AU-ERROR-CODES: a switch set to 2 is kAudioUnitErr_InvalidPropertyValue (−10851); a short value is kAudio_ParamError (−50)")
    func invalidValues() throws {
        try Self.withRemoteIO { unit in
            var two: UInt32 = 2
            #expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Output, 0, &two, 4) == -10851)
            var short: UInt16 = 1
            #expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Output, 0, &short, 2) == -50)
            var format = AudioStreamBasicDescription()
            var size = UInt32(8)
            #expect(AudioUnitGetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, &size) == -50)
        }
    }

    @Test("AU-ERROR-CODES: rendering bus 1 with input disabled is kAudioUnitErr_NoConnection (−10876)")
    func inputNotEnabled() throws {
        try Self.withRemoteIO { unit in
            #expect(AudioUnitInitialize(unit) == 0)
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: 1024, mData: nil))
            var timeStamp = AudioTimeStamp()
            #expect(AudioUnitRender(unit, nil, &timeStamp, 1, 256, &list) == -10876)
            #expect(AudioUnitRender(unit, nil, &timeStamp, 2, 256, &list) == kAudioUnitErr_InvalidElement)
        }
    }

    @Test("a disposed unit's handle answers kAudio_ParamError (−50) instead of crashing")
    func disposedHandle() throws {
        try Self.withRemoteIO { unit in
            #expect(AudioComponentInstanceDispose(unit) == 0)
            #expect(AudioUnitInitialize(unit) == -50)
            #expect(Self.formatStatus(unit, kAudioUnitScope_Input, 0) == -50)
            #expect(AudioComponentInstanceDispose(unit) == -50)
            #expect(AudioOutputUnitStart(unit) == -50)
        }
    }
}
