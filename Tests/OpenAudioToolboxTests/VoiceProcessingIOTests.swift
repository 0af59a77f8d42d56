import Foundation
import MediaServer
import OpenAudioToolbox
import OpenAVFAudio
import Soundcheck
import Testing

/// VoiceProcessingIO: RemoteIO plus the voice-processing switches.
@Suite("VoiceProcessingIO")
struct VoiceProcessingIOTests {
    /// A VoiceProcessingIO unit that plays its render callback and captures bus 1, started, with
    /// voice processing on or bypassed.
    static func startVoiceProcessingIO(_ app: RemoteIOApp, bypass: Bool) throws {
        try app.make(subType: kAudioUnitSubType_VoiceProcessingIO)
        var flag: UInt32 = bypass ? 1 : 0
        try check(AudioUnitSetProperty(app.unit!, kAUVoiceIOProperty_BypassVoiceProcessing, kAudioUnitScope_Global, 0, &flag, 4))
        try app.setRenderCallback()
        try app.enableInput()
        try app.initializeAndStart()
    }

    static func read(_ unit: AudioUnit, _ property: AudioUnitPropertyID) -> UInt32? {
        var value: UInt32 = 0
        var size = UInt32(4)
        return AudioUnitGetProperty(unit, property, kAudioUnitScope_Global, 0, &value, &size) == 0 ? value : nil
    }

    @Test("AU-VOICE-PROCESSING-PROPERTY-IDS: defaults: processing on (not bypassed), AGC on, other audio ducked, output not muted; each switch reads back")
    func switches() throws {
        let device = try SimulatedDevice(seed: 50)
        let app = RemoteIOApp()
        try device.launch("Call", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
            try app.make(subType: kAudioUnitSubType_VoiceProcessingIO)
        }
        let unit = try #require(app.unit)
        #expect(Self.read(unit, kAUVoiceIOProperty_BypassVoiceProcessing) == 0)
        #expect(Self.read(unit, kAUVoiceIOProperty_VoiceProcessingEnableAGC) == 1)
        #expect(Self.read(unit, kAUVoiceIOProperty_DuckNonVoiceAudio) == 1)
        #expect(Self.read(unit, kAUVoiceIOProperty_MuteOutput) == 0)
        for property in [kAUVoiceIOProperty_BypassVoiceProcessing, kAUVoiceIOProperty_VoiceProcessingEnableAGC, kAUVoiceIOProperty_MuteOutput] {
            var flipped: UInt32 = Self.read(unit, property) == 1 ? 0 : 1
            #expect(AudioUnitSetProperty(unit, property, kAudioUnitScope_Global, 0, &flipped, 4) == 0)
            #expect(Self.read(unit, property) == flipped)
            #expect(AudioUnitSetProperty(unit, property, kAudioUnitScope_Input, 0, &flipped, 4) == kAudioUnitErr_InvalidScope)
        }
        // RemoteIO's properties are all there too.
        var one: UInt32 = 1
        #expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4) == 0)
        var name: Unmanaged<CFString>?
        #expect(AudioComponentCopyName(AudioComponentInstanceGetComponent(unit)!, &name) == 0)
        #expect(name?.takeRetainedValue() as String? == "Apple: AUVoiceProcessor")
    }

    @Test("AU-VOICE-PROCESSING-EXTENDS-REMOTEIO: set up as RemoteIO, it plays and captures; MuteOutput silences the captured microphone, not the playback")
    func muteOutput() throws {
        let device = try SimulatedDevice(seed: 51)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        let app = RemoteIOApp()
        try device.launch("Call", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
            try AVAudioSession.sharedInstance().setActive(true)
            try app.make(subType: kAudioUnitSubType_VoiceProcessingIO)
            try app.setRenderCallback()
            try app.enableInput()
            try app.initializeAndStart()
            AVAudioApplication.requestRecordPermission { _ in }
        }
        device.answerRecordPermission("Call", granted: true)
        device.advance(to: .seconds(1))
        let capturedBefore = app.captured.count
        #expect(app.captured[(capturedBefore / 2)...].contains { $0 != 0 }, "the microphone is heard")
        try device.run(as: "Call") {
            var one: UInt32 = 1
            try check(AudioUnitSetProperty(app.unit!, kAUVoiceIOProperty_MuteOutput, kAudioUnitScope_Global, 0, &one, 4))
        }
        device.advance(to: .seconds(2))
        #expect(app.captured.count > capturedBefore + 40_000)
        #expect(app.captured[capturedBefore...].allSatisfy { $0 == 0 }, "muted: the app captures silence")
        let route = device.server.currentRoute(for: AppID("Call")).outputs.map(\.uid)
        let port = try #require(route.first)
        let sink = try #require(device.sink(port))
        #expect(!sink.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)), "playback goes on")
    }

    @Test("AU-VOICE-PROCESSING-ECHO: a VoIP call's unit at 16 kHz with 20 ms IO cancels its own far end's echo from the speaker by at least 20 dB against bypassed (ERLE)")
    func echoCancelledAtVoIPSettings() throws {
        func capturedEcho(bypass: Bool) throws -> (amplitude: Double, rate: Int, frames: Int, calls: Set<UInt32>) {
            let device = try SimulatedDevice(seed: 53)
            let app = RemoteIOApp()
            app.toneFrequency = 300
            try device.launch("Call", backgroundAudio: true) {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker])
                try session.setPreferredSampleRate(16_000)
                try session.setPreferredIOBufferDuration(0.02)
                try session.setActive(true)
                app.sampleRate = session.sampleRate
                try Self.startVoiceProcessingIO(app, bypass: bypass)
                AVAudioApplication.requestRecordPermission { _ in }
            }
            device.answerRecordPermission("Call", granted: true)
            device.advance(to: .seconds(4))
            let hardware = device.server.currentHardware
            let tail = app.captured.suffix(hardware.sampleRate)   // the last second, after the canceller converged
            return (toneAmplitude(tail, frequency: 300, rate: Double(hardware.sampleRate)), hardware.sampleRate, hardware.ioBufferFrames,
                    Set(app.renderCalls.map(\.frames)))
        }
        let bypassed = try capturedEcho(bypass: true)
        let processed = try capturedEcho(bypass: false)
        // The codec runs at 16 kHz, and 20 ms (320 frames) becomes the nearest power of two: 256.
        #expect(processed.rate == 16_000 && processed.frames == 256, "\(processed.rate) Hz, \(processed.frames) frames")
        #expect(processed.calls == [256], "one render callback per IO buffer, of the whole buffer: \(processed.calls)")
        #expect(bypassed.amplitude > 0.005, "the speaker's far end reaches the microphone: \(bypassed.amplitude)")
        let erle = 20 * log10(bypassed.amplitude / max(processed.amplitude, 1e-9))
        #expect(erle >= 20, "ERLE \(erle) dB: from \(bypassed.amplitude) to \(processed.amplitude)")
    }

    @Test("AU-VOICE-PROCESSING-ECHO: the unit's own tone, heard back by the built-in mic from the speaker, is cancelled in what the app captures; bypassed, it is not")
    func echoCancelled() throws {
        func capturedEcho(bypass: Bool) throws -> Double {
            let device = try SimulatedDevice(seed: 52)
            let app = RemoteIOApp()
            try device.launch("Call", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker])
                try AVAudioSession.sharedInstance().setActive(true)
                app.sampleRate = AVAudioSession.sharedInstance().sampleRate
                try Self.startVoiceProcessingIO(app, bypass: bypass)
                AVAudioApplication.requestRecordPermission { _ in }
            }
            device.answerRecordPermission("Call", granted: true)
            device.advance(to: .seconds(4))
            let rate = device.server.currentHardware.sampleRate
            let tail = app.captured.suffix(rate)   // the last second, after the canceller converged
            return toneAmplitude(tail, frequency: 1000, rate: Double(rate))
        }
        let bypassed = try capturedEcho(bypass: true)
        let processed = try capturedEcho(bypass: false)
        #expect(bypassed > 0.005, "the speaker's tone reaches the microphone: \(bypassed)")
        #expect(20 * log10(bypassed / max(processed, 1e-9)) > 15, "cancelled from \(bypassed) to \(processed)")
    }

    @Test("AU-VOICE-PROCESSING-GAME-CHAT, AU-REMOTEIO-CLIENT-OUTPUT-FORMAT, AU-REMOTEIO-CLIENT-INPUT-FORMAT: at a 48 kHz hardware rate, a 16 kHz client gets the client clock's share of each 1,024-frame IO buffer: 341 or 342 frames, once per cycle, with no gap in sample time")
    func clientRateShareOfEachCycle() throws {
        let device = try SimulatedDevice(seed: 54)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        let app = RemoteIOApp()
        app.toneFrequency = 300
        app.sampleRate = 16_000
        try device.launch("Game", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playAndRecord, mode: .gameChat, options: [.defaultToSpeaker])
            try session.setPreferredIOBufferDuration(0.02)
            try session.setActive(true)
            try app.make(subType: kAudioUnitSubType_VoiceProcessingIO)
            var format = AudioStreamBasicDescription(
                mSampleRate: 16_000, mFormatID: kAudioFormatLinearPCM,
                mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 1, mBitsPerChannel: 32, mReserved: 0)
            let size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
            try check(AudioUnitSetProperty(app.unit!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, size))
            try check(AudioUnitSetProperty(app.unit!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &format, size))
            try app.setRenderCallback()
            try app.enableInput()
            try app.initializeAndStart()
            AVAudioApplication.requestRecordPermission { _ in }
        }
        device.answerRecordPermission("Game", granted: true)
        device.advance(to: .seconds(2))
        let hardware = device.server.currentHardware
        #expect(hardware.sampleRate == 48_000 && hardware.ioBufferFrames == 1_024, "20 ms at 48 kHz: \(hardware.ioBufferFrames) frames")
        let calls = app.renderCalls
        #expect(calls.count > 80)
        #expect(Set(calls.map(\.frames)) == [341, 342], "\(Set(calls.map(\.frames)))")
        // Each call's share keeps the client clock exactly on the hardware's: n cycles carry ⌊n · 1024 / 3⌋ frames.
        var total: Int64 = 0
        for (index, call) in calls.enumerated() {
            #expect(call.sampleTime == Double(total), "call \(index) starts where the last ended")
            total += Int64(call.frames)
            #expect(total == Int64(index + 1) * 1_024 / 3)
        }
        #expect(Set(app.inputTimes.indices.dropFirst().map { Int(app.inputTimes[$0] - app.inputTimes[$0 - 1]) }).isSubset(of: [341, 342]))
        // The far end plays at the hardware rate without a dropout: the 300 Hz tone, never a run of silence.
        let speaker = try #require(device.sink("Speaker"))
        let amplitude = try #require(speaker.toneAmplitude(atFrequency: 300, channel: 1, from: .milliseconds(1_000), to: .milliseconds(2_000)))
        #expect(amplitude > 0.3, "\(amplitude)")
        let played = try #require(speaker.samples(channel: 1)).suffix(48_000)
        #expect(played.filter { $0 == 0 }.count < 4, "a converter underrun would leave zeros")
        // And the capture, converted to 16 kHz, is the microphone's tone.
        #expect(toneAmplitude(app.captured.suffix(16_000), frequency: 440, rate: 16_000) > 0.05)
    }
}

extension VoiceProcessingIOTests {
    @Test("AU-VOICE-PROCESSING-PLAYANDRECORD, AU-VOICE-PROCESSING-EXTENDS-REMOTEIO: a voice chat written only against Apple's API runs its VoiceProcessingIO unit at 16 kHz: render and input callbacks once per 256-frame IO buffer with gapless sample times, the talker's voice sent and the far end's echo not")
    func plainAppleAPIVoiceChat() throws {
        let device = try SimulatedDevice(seed: 55)
        let chat = VoiceChatIO(farEndFrequency: 300)
        let status = try device.launch("Chat", backgroundAudio: true) { try chat.startCall(speaker: true) }
        #expect(status == 0)
        try device.run(as: "Chat") { AVAudioApplication.requestRecordPermission { _ in } }
        device.answerRecordPermission("Chat", granted: true)
        device.advance(to: .seconds(3))
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        device.advance(to: .seconds(4))
        #expect(device.server.currentHardware.sampleRate == 16_000 && device.server.currentHardware.ioBufferFrames == 256)
        #expect(Set(chat.renderCalls.map(\.frames)) == [256] && Set(chat.inputCalls.map(\.frames)) == [256])
        #expect(chat.renderCalls.indices.dropFirst().allSatisfy { chat.renderCalls[$0].sampleTime == chat.renderCalls[$0 - 1].sampleTime + 256 })
        #expect(chat.inputCalls.indices.dropFirst().allSatisfy { chat.inputCalls[$0].sampleTime == chat.inputCalls[$0 - 1].sampleTime + 256 })
        #expect(chat.inputCalls.allSatisfy { $0.status == 0 })
        let beforeTalker = chat.sent[(2 * 16_000)..<(3 * 16_000)], withTalker = chat.sent.suffix(8_000)
        let echo = toneAmplitude(beforeTalker, frequency: 300, rate: 16_000)
        #expect(echo < 0.014 / 10, "the far end's echo (about 0.014 unprocessed) is cancelled: \(echo)")
        #expect(toneAmplitude(withTalker, frequency: 440, rate: 16_000) > 0.03, "the talker gets through")
        try device.run(as: "Chat") { try chat.endCall() }
        #expect(!device.session("Chat").isActive)
    }
}
