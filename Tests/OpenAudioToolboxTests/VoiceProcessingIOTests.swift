import Foundation
import MediaServer
import OpenAudioToolbox
import OpenAVFAudio
import Soundcheck
import Testing

/// VoiceProcessingIO: RemoteIO plus the voice-processing switches.
@Suite("VoiceProcessingIO")
struct VoiceProcessingIOTests {
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
        func capturedEcho(bypass: Bool) throws -> (amplitude: Double, rate: Int, frames: Int) {
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
                try app.make(subType: kAudioUnitSubType_VoiceProcessingIO)
                var flag: UInt32 = bypass ? 1 : 0
                try check(AudioUnitSetProperty(app.unit!, kAUVoiceIOProperty_BypassVoiceProcessing, kAudioUnitScope_Global, 0, &flag, 4))
                try app.setRenderCallback()
                try app.enableInput()
                try app.initializeAndStart()
                AVAudioApplication.requestRecordPermission { _ in }
            }
            device.answerRecordPermission("Call", granted: true)
            device.advance(to: .seconds(4))
            let hardware = device.server.currentHardware
            let tail = app.captured.suffix(hardware.sampleRate)   // the last second, after the canceller converged
            return (toneAmplitude(tail, frequency: 300, rate: Double(hardware.sampleRate)), hardware.sampleRate, hardware.ioBufferFrames)
        }
        let bypassed = try capturedEcho(bypass: true)
        let processed = try capturedEcho(bypass: false)
        #expect(processed.rate == 16_000 && processed.frames <= 512, "the call runs at 16 kHz in IO buffers of about 20 ms (\(processed.frames) frames)")
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
                try app.make(subType: kAudioUnitSubType_VoiceProcessingIO)
                var flag: UInt32 = bypass ? 1 : 0
                try check(AudioUnitSetProperty(app.unit!, kAUVoiceIOProperty_BypassVoiceProcessing, kAudioUnitScope_Global, 0, &flag, 4))
                try app.setRenderCallback()
                try app.enableInput()
                try app.initializeAndStart()
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
}
