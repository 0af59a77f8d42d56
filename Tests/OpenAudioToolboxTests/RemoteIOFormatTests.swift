import Foundation
import MediaServer
import OpenAudioToolbox
import OpenAVFAudio
import Soundcheck
import Testing

/// RemoteIO's defaults, conversions between the app's formats and the hardware's, and render
/// notifications.
@Suite("RemoteIO formats")
struct RemoteIOFormatTests {
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

    @Test("AU-ENABLE-IO-DEFAULTS: output on (output scope, element 0), input off (input scope, element 1); both sides have I/O")
    func enableIODefaults() throws {
        try AudioUnitMisuseTests.withRemoteIO { unit in
            #expect(Self.uint32(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Output, 0) == 1)
            #expect(Self.uint32(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1) == 0)
            #expect(Self.uint32(unit, kAudioOutputUnitProperty_HasIO, kAudioUnitScope_Output, 0) == 1)
            #expect(Self.uint32(unit, kAudioOutputUnitProperty_HasIO, kAudioUnitScope_Input, 1) == 1)
            #expect(Self.uint32(unit, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0) == 1156)
            #expect(Self.uint32(unit, kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0) == 0)
        }
    }

    @Test("AU-REMOTEIO-HARDWARE-OUTPUT-FORMAT: the hardware sides report the session's rate and the route's channels (playAndRecord: the one-channel receiver)")
    func hardwareFormats() throws {
        try AudioUnitMisuseTests.withRemoteIO { unit in
            let output = try #require(Self.format(unit, kAudioUnitScope_Output, 0))
            let input = try #require(Self.format(unit, kAudioUnitScope_Input, 1))
            #expect(output.mSampleRate == 48_000 && output.mChannelsPerFrame == 1)
            #expect(input.mSampleRate == 48_000 && input.mChannelsPerFrame == 1)
            #expect(output.mFormatID == kAudioFormatLinearPCM && output.mBitsPerChannel == 32)
        }
    }

    @Test("AU-REMOTEIO-CONVERSION: a 44.1 kHz mono client plays at the 48 kHz hardware rate at its frequency and level; a 16 kHz capture format gets the mic tone")
    func clientRateConversion() throws {
        let device = try SimulatedDevice(seed: 60)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        let app = RemoteIOApp()
        app.sampleRate = 44_100
        try device.launch("Chat", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
            try app.make()
            var mono = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatLinearPCM,
                                                   mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                                   mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 1,
                                                   mBitsPerChannel: 32, mReserved: 0)
            try check(AudioUnitSetProperty(app.unit!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &mono, 40))
            var capture = mono
            capture.mSampleRate = 16_000
            try check(AudioUnitSetProperty(app.unit!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &capture, 40))
            try app.setRenderCallback()
            try app.enableInput()
            try app.initializeAndStart()
            AVAudioApplication.requestRecordPermission { _ in }
        }
        device.answerRecordPermission("Chat", granted: true)
        device.advance(to: .seconds(1))
        let route = device.server.currentRoute(for: AppID("Chat")).outputs.map(\.uid)
        let port = try #require(route.first)
        let sink = try #require(device.sink(port))
        let frequency = sink.dominantFrequency(channel: 1, from: .milliseconds(200), to: .milliseconds(900))
        #expect(abs((frequency ?? 0) - 1000) < 1)
        let amplitude = sink.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(200), to: .milliseconds(900))
        #expect(abs((amplitude ?? 0) - 0.5) < 0.005)
        // The callback is pulled once per 1024-frame IO buffer for the 44.1 kHz clock's share of
        // it (940.8 frames): 940 or 941, never drifting, with gapless sample times.
        #expect(Set(app.renderCalls.map(\.frames)) == [940, 941])
        var played: Int64 = 0
        for (index, call) in app.renderCalls.enumerated() {
            #expect(call.sampleTime == Double(played))
            played += Int64(call.frames)
            #expect(played == Int64(index + 1) * 1024 * 44_100 / 48_000)
        }
        // Capture at 16 kHz: a third of the hardware frames, the 440 Hz tone intact.
        #expect(abs(toneAmplitude(app.captured[3_200...], frequency: 440, rate: 16_000) - 0.25) < 0.01)
        // Exactly a third of the hardware frames: each cycle's share (the converter is primed,
        // so its delay shows as silence at the start, not as missing frames).
        let converted = app.renderCalls.count * 1024 / 3
        #expect(app.captured.count == converted, "\(app.captured.count) of \(converted)")
    }

    @Test("AU-RENDER-NOTIFY: a render notification is called before (PreRender) and after (PostRender) each render, with the rendered audio after")
    func renderNotify() throws {
        final class Log { var phases: [(flags: UInt32, first: Float)] = [] }
        let log = Log()
        let device = try SimulatedDevice(seed: 61)
        let app = try RemoteIOTests.launch(device, "Synth") { app in
            app.toneFrequency = 12_000
            try app.setRenderCallback()
            try check(AudioUnitAddRenderNotify(app.unit!, { refCon, flags, _, bus, frames, ioData in
                let log = Unmanaged<Log>.fromOpaque(refCon).takeUnretainedValue()
                let first = ioData.map { UnsafeMutableAudioBufferListPointer($0)[0].mData!.assumingMemoryBound(to: Float.self)[1] } ?? 0
                log.phases.append((flags.pointee.rawValue, first))
                return 0
            }, Unmanaged.passUnretained(log).toOpaque()))
            try app.initializeAndStart()
        }
        device.advance(to: .milliseconds(100))
        #expect(log.phases.count == 2 * app.renderCalls.count && !log.phases.isEmpty)
        #expect(log.phases.enumerated().allSatisfy { index, phase in
            phase.flags == (index % 2 == 0 ? AudioUnitRenderActionFlags.unitRenderAction_PreRender : .unitRenderAction_PostRender).rawValue
        })
        #expect(log.phases[1].first != 0, "the post-render call sees the rendered samples")
        #expect(AudioUnitRemoveRenderNotify(app.unit!, { _, _, _, _, _, _ in 0 }, Unmanaged.passUnretained(log).toOpaque()) == 0)
        let count = log.phases.count
        device.advance(to: .milliseconds(200))
        #expect(log.phases.count == count)
    }

    @Test("AU-RENDER-FLAGS: render action flags have Apple's bits")
    func renderFlagBits() {
        #expect(AudioUnitRenderActionFlags.unitRenderAction_PreRender.rawValue == 1 << 2)
        #expect(AudioUnitRenderActionFlags.unitRenderAction_PostRender.rawValue == 1 << 3)
        #expect(AudioUnitRenderActionFlags.unitRenderAction_OutputIsSilence.rawValue == 1 << 4)
        #expect(AudioUnitRenderActionFlags.unitRenderAction_PostRenderError.rawValue == 1 << 8)
    }

    @Test("AU-PROPERTY-IDS: properties, scopes and component codes have Apple's raw values")
    func rawValues() {
        #expect([kAudioUnitProperty_StreamFormat, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitProperty_SetRenderCallback,
                 kAudioOutputUnitProperty_EnableIO, kAudioOutputUnitProperty_SetInputCallback, kAudioOutputUnitProperty_IsRunning,
                 kAudioOutputUnitProperty_ChannelMap, kAudioUnitProperty_MakeConnection, kAudioUnitProperty_ElementCount]
                == [8, 14, 23, 2003, 2005, 2001, 2002, 1, 11])
        #expect([kAudioUnitScope_Global, kAudioUnitScope_Input, kAudioUnitScope_Output, kAudioUnitScope_LayerItem] == [0, 1, 2, 7])
        #expect(kAudioUnitType_Output == 1_635_086_197 && kAudioUnitSubType_RemoteIO == 1_919_512_419
                && kAudioUnitSubType_VoiceProcessingIO == 1_987_078_511 && kAudioUnitManufacturer_Apple == 1_634_758_764)
        #expect([kAUVoiceIOProperty_BypassVoiceProcessing, kAUVoiceIOProperty_VoiceProcessingEnableAGC, kAUVoiceIOProperty_DuckNonVoiceAudio,
                 kAUVoiceIOProperty_VoiceProcessingQuality, kAUVoiceIOProperty_MuteOutput] == [2100, 2101, 2102, 2103, 2104])
    }

    @Test("a channel map sends client channel 0 to the right speaker channel only")
    func channelMap() throws {
        let device = try SimulatedDevice(seed: 62)
        let app = try RemoteIOTests.launch(device, "Synth") { app in
            try app.setRenderCallback()
            var map: [Int32] = [-1, 0]
            try check(AudioUnitSetProperty(app.unit!, kAudioOutputUnitProperty_ChannelMap, kAudioUnitScope_Output, 0, &map, 8))
            var bad: [Int32] = [5, 0]
            #expect(AudioUnitSetProperty(app.unit!, kAudioOutputUnitProperty_ChannelMap, kAudioUnitScope_Output, 0, &bad, 8)
                    == kAudioUnitErr_InvalidPropertyValue)
            try app.initializeAndStart()
        }
        device.advance(to: .seconds(1))
        #expect(!app.renderCalls.isEmpty)
        let speaker = try #require(device.sink("Speaker"))
        #expect(speaker.isSilent(channel: 1, from: .zero, to: .seconds(1)))
        let amplitude = speaker.toneAmplitude(atFrequency: 1000, channel: 2, from: .milliseconds(100), to: .milliseconds(900))
        #expect(abs((amplitude ?? 0) - 0.5) < 0.005)
    }
}
