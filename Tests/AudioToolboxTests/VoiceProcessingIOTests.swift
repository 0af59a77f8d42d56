@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
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

    /// At the iPhone's default IO (48 kHz, 1,024 frames); the VoIP settings and other apps'
    /// sounds are the built-in check's (VoiceProcessingChecks).
    @Test("the unit's own tone, heard back by the built-in mic from the speaker at 48 kHz, is cancelled in what the app captures; bypassed, it is not")
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
