import Foundation
import OpenAVFAudio
import OpenAudioToolbox
import Soundcheck
import Testing

/// Voice processing on the engine's IO nodes: one switch for both nodes, only while stopped and
/// only when rendering to the device; its other switches read false while it is off.
@Suite("AVAudioEngine voice processing")
struct EngineVoiceProcessingTests {
    @Test("ENGINE-VOICE-PROCESSING-BOTH-NODES: enabling it on the output node enables it on the input node; not while running, not in manual mode")
    func bothNodes() throws {
        let engine = AVAudioEngine()
        #expect(!engine.inputNode.isVoiceProcessingEnabled)
        #expect(!engine.inputNode.isVoiceProcessingAGCEnabled && !engine.inputNode.isVoiceProcessingBypassed)
        try engine.outputNode.setVoiceProcessingEnabled(true)
        #expect(engine.inputNode.isVoiceProcessingEnabled && engine.outputNode.isVoiceProcessingEnabled)
        #expect(engine.inputNode.isVoiceProcessingAGCEnabled)        // on by default
        engine.inputNode.isVoiceProcessingInputMuted = true
        engine.inputNode.isVoiceProcessingBypassed = true
        #expect(engine.inputNode.isVoiceProcessingInputMuted && engine.inputNode.isVoiceProcessingBypassed)
        try engine.inputNode.setVoiceProcessingEnabled(false)
        #expect(!engine.outputNode.isVoiceProcessingEnabled && !engine.inputNode.isVoiceProcessingInputMuted)

        try engine.enableManualRenderingMode(.offline, format: AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2)!,
                                             maximumFrameCount: 512)
        do { try engine.inputNode.setVoiceProcessingEnabled(true); Issue.record("enabled in manual rendering mode") }
        catch { #expect((error as NSError).code == -80800) }
        engine.disableManualRenderingMode()

        let device = try SimulatedDevice(seed: 31)
        try device.launch("Call", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let code = try device.run(as: "Call") { () throws -> Int? in
            let engine = AVAudioEngine()
            _ = engine.mainMixerNode
            try engine.start()
            defer { engine.stop() }
            do { try engine.inputNode.setVoiceProcessingEnabled(true); return nil } catch { return (error as NSError).code }
        }
        #expect(code == -10849)
    }
}

extension EngineVoiceProcessingTests {
    @Test("ENGINE-VOICE-PROCESSING-BOTH-NODES: with voice processing the IO nodes sit on a voice-processing IO unit that gets the switches")
    func voiceProcessingUnit() throws {
        let device = try SimulatedDevice(seed: 32)
        try device.launch("Call", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.answerRecordPermission("Call", granted: true)
        let engine = try device.run(as: "Call") { () throws -> AVAudioEngine in
            let engine = AVAudioEngine()
            try engine.inputNode.setVoiceProcessingEnabled(true)
            engine.connect(engine.inputNode, to: engine.mainMixerNode, format: engine.inputNode.outputFormat(forBus: 0))
            engine.mainMixerNode.outputVolume = 0
            try engine.start()
            engine.inputNode.isVoiceProcessingInputMuted = true
            return engine
        }
        device.advance(by: .milliseconds(200))
        #expect(engine.isRunning)
        let unit = try #require(engine.outputNode.audioUnit)
        var description = AudioComponentDescription()
        #expect(AudioComponentGetDescription(AudioComponentInstanceGetComponent(unit)!, &description) == 0)
        #expect(description.componentSubType == kAudioUnitSubType_VoiceProcessingIO)
        var muted: UInt32 = 0
        var size = UInt32(MemoryLayout<UInt32>.size)
        #expect(AudioUnitGetProperty(unit, kAUVoiceIOProperty_MuteOutput, kAudioUnitScope_Global, 0, &muted, &size) == 0)
        #expect(muted == 1)
    }
}
