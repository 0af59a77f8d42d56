import Foundation
import OpenAVFAudio
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
