import Foundation
import OpenAVFAudio
import Testing

/// Manual rendering mode: its rules and error codes, the realtime block, the input node's block.
@Suite("AVAudioEngine manual rendering")
struct EngineManualRenderingTests {
    @Test("ENGINE-MANUAL-RENDERING-STOPPED: manual rendering is switched on only while stopped (-80801); the modes' calls check their mode")
    func rules() throws {
        let engine = try EngineGraphTests.offlineEngine()
        _ = engine.mainMixerNode
        let buffer = AVAudioPCMBuffer(pcmFormat: engine.manualRenderingFormat, frameCapacity: 1024)!
        #expect(throws: (any Error).self) { try engine.renderOffline(256, to: buffer) }   // not running: -80802
        do { _ = try engine.renderOffline(256, to: buffer) } catch { #expect((error as NSError).code == -80802) }
        try engine.start()
        do {
            try engine.enableManualRenderingMode(.realtime, format: engine.manualRenderingFormat, maximumFrameCount: 256)
            Issue.record("enabling manual rendering on a running engine succeeded")
        } catch { #expect((error as NSError).code == -80801) }
        #expect(try engine.renderOffline(256, to: buffer) == .success)
        #expect(buffer.frameLength == 256 && engine.manualRenderingSampleTime == 256)
        do { _ = try engine.renderOffline(2048, to: buffer) } catch { #expect((error as NSError).code == -50) }
        engine.reset()
        #expect(engine.manualRenderingSampleTime == 0)
        engine.stop()
        try engine.enableManualRenderingMode(.realtime, format: engine.manualRenderingFormat, maximumFrameCount: 256)
        try engine.start()
        do { _ = try engine.renderOffline(256, to: buffer); Issue.record("renderOffline in realtime mode") }
        catch { #expect((error as NSError).code == -80800) }
        let block = engine.manualRenderingBlock
        var status: OSStatus = 1
        #expect(block(256, buffer.mutableAudioBufferList, &status) == .success && status == 0)
        #expect(block(512, buffer.mutableAudioBufferList, &status) == .error)
        engine.disableManualRenderingMode()
        #expect(!engine.isInManualRenderingMode && !engine.isRunning)
    }

    @Test("ENGINE-MANUAL-RENDERING-RAW-VALUES: the input node plays what the app's input block gives; too little is insufficientDataFromInputNode")
    func inputBlock() throws {
        let engine = try EngineGraphTests.offlineEngine()
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let source = EngineSignals.tone(frequency: 500, seconds: 0.25)
        var offset = 0
        let slice = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 1024)!
        #expect(engine.inputNode.setManualRenderingInputPCMFormat(format) { frames in
            let count = min(Int(frames), Int(source.frameLength) - offset)
            guard count > 0 else { return nil }
            slice.frameLength = AVAudioFrameCount(count)
            slice.floatChannelData![0].update(from: source.floatChannelData![0] + offset, count: count)
            offset += count
            return slice.audioBufferList
        })
        engine.connect(engine.inputNode, to: engine.mainMixerNode, format: format)
        try engine.start()
        let buffer = AVAudioPCMBuffer(pcmFormat: engine.manualRenderingFormat, frameCapacity: 1000)!
        var rendered: [Float] = []
        var statuses: [AVAudioEngineManualRenderingStatus] = []
        for _ in 0..<13 {
            statuses.append(try engine.renderOffline(1000, to: buffer))
            rendered += EngineSignals.samples(buffer, channel: 0)
        }
        #expect(statuses.prefix(12).allSatisfy { $0 == .success })
        #expect(statuses.last == .insufficientDataFromInputNode)
        #expect(Array(rendered[..<12_000]) == EngineSignals.samples(source, channel: 0))
        #expect(AVAudioEngineManualRenderingStatus.insufficientDataFromInputNode.rawValue == 1)
        #expect(AVAudioEngineManualRenderingStatus.cannotDoInCurrentContext.rawValue == 2)
        #expect(AVAudioEngineManualRenderingStatus.error.rawValue == -1)
    }
}

extension EngineManualRenderingTests {
    @Test("ENGINE-MANUAL-RENDERING-STOPPED: a graph built before manual rendering renders in the manual format; the output node converts the rest")
    func graphBuiltFirst() throws {
        let engine = AVAudioEngine()
        let player = AVAudioPlayerNode()
        engine.attach(player)
        let tone = EngineSignals.tone(frequency: 1000, seconds: 1, rate: 48_000)
        engine.connect(player, to: engine.mainMixerNode, format: tone.format)
        let format = AVAudioFormat(standardFormatWithSampleRate: 32_000, channels: 1)!
        try engine.enableManualRenderingMode(.offline, format: format, maximumFrameCount: 4096)
        #expect(engine.mainMixerNode.outputFormat(forBus: 0).sampleRate == 32_000)
        #expect(engine.outputNode.outputFormat(forBus: 0).channelCount == 1)
        player.scheduleBuffer(tone, at: nil, options: .loops)
        try engine.start()
        player.play()
        let out = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.5), channel: 0)
        #expect(abs(EngineSignals.amplitude(out[3_200...], frequency: 1000, rate: 32_000) - 0.5) < 0.01)
    }
}
