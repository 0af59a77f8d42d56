import Foundation
import OpenAVFAudio
import Testing

/// AVAudioPlayerNode's timelines and scheduling rules, rendered offline so every frame is known.
@Suite("AVAudioPlayerNode scheduling")
struct EnginePlayerTests {
    static let mono48 = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!

    /// A buffer of `frames` frames all at `value` (easy to find in the output).
    static func constant(_ value: Float, frames: AVAudioFrameCount) -> AVAudioPCMBuffer {
        let buffer = AVAudioPCMBuffer(pcmFormat: mono48, frameCapacity: frames)!
        buffer.frameLength = frames
        buffer.floatChannelData![0].update(repeating: value, count: Int(frames))
        return buffer
    }

    static func setUp() throws -> (AVAudioEngine, AVAudioPlayerNode) {
        let engine = try EngineGraphTests.offlineEngine(format: mono48)
        let player = AVAudioPlayerNode()
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, format: mono48)
        try engine.start()
        return (engine, player)
    }

    @Test("ENGINE-PLAYER-WHEN-RULES: play(at:) starts on the exact node sample; items at player times leave gaps; nil follows the previous")
    func sampleAccurateStart() throws {
        let (engine, player) = try Self.setUp()
        player.scheduleBuffer(Self.constant(0.1, frames: 100))
        player.scheduleBuffer(Self.constant(0.2, frames: 100), at: AVAudioTime(sampleTime: 300, atRate: 48_000))
        player.scheduleBuffer(Self.constant(0.3, frames: 100))
        _ = try EngineSignals.renderOffline(engine, seconds: 0.01)  // 480 frames, paused
        let start = try #require(player.lastRenderTime).sampleTime + 480 + 1_000
        player.play(at: AVAudioTime(sampleTime: start, atRate: 48_000))
        #expect(player.isPlaying)
        let out = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.1, chunk: 256), channel: 0)
        let offset = Int(start) - 480
        #expect(out[..<offset].allSatisfy { $0 == 0 })
        #expect(out[offset..<offset + 100].allSatisfy { $0 == 0.1 })
        #expect(out[offset + 100..<offset + 300].allSatisfy { $0 == 0 })
        #expect(out[offset + 300..<offset + 400].allSatisfy { $0 == 0.2 })
        #expect(out[offset + 400..<offset + 500].allSatisfy { $0 == 0.3 })
        #expect(out[(offset + 500)...].allSatisfy { $0 == 0 })
        let nodeTime = try #require(player.nodeTime(forPlayerTime: AVAudioTime(sampleTime: 300, atRate: 48_000)))
        #expect(nodeTime.sampleTime == start + 300)
        #expect(player.playerTime(forNodeTime: nodeTime)?.sampleTime == 300)
        player.pause()
        #expect(player.nodeTime(forPlayerTime: AVAudioTime(sampleTime: 0, atRate: 48_000)) == nil)
    }

    @Test("ENGINE-PLAYER-BUFFER-OPTIONS: a loop plays until interruptsAtLoop ends it at its loop point; interrupts cuts at once")
    func loopsAndInterrupts() throws {
        let (engine, player) = try Self.setUp()
        let done = CallLog<String>()
        player.scheduleBuffer(Self.constant(0.5, frames: 1000), at: nil, options: .loops) { done.append("loop") }
        player.play()
        _ = try EngineSignals.renderOffline(engine, seconds: 0.05, chunk: 400) // 2,400 frames: third pass of the loop
        player.scheduleBuffer(Self.constant(0.25, frames: 500), at: nil, options: .interruptsAtLoop) { done.append("after") }
        let out = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.05, chunk: 400), channel: 0)
        // The loop finishes its pass at frame 3,000 (600 frames in), then the new buffer plays.
        #expect(out[..<600].allSatisfy { $0 == 0.5 })
        #expect(out[600..<1_100].allSatisfy { $0 == 0.25 })
        #expect(out[1_100...].allSatisfy { $0 == 0 })
        #expect(done.values == ["loop", "after"])
        player.scheduleBuffer(Self.constant(0.5, frames: 1000), at: nil, options: .loops) { done.append("loop2") }
        _ = try EngineSignals.renderOffline(engine, seconds: 0.01)
        player.scheduleBuffer(Self.constant(0.75, frames: 100), at: nil, options: .interrupts)
        #expect(done.values.last == "loop2")
        let cut = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.01), channel: 0)
        #expect(cut[..<100].allSatisfy { $0 == 0.75 } && cut[100...].allSatisfy { $0 == 0 })
    }

    @Test("ENGINE-PLAYER-STOP-UNSCHEDULES: stop() calls the handlers of everything scheduled and sets player time to 0")
    func stopCompletes() throws {
        let (engine, player) = try Self.setUp()
        let types = CallLog<AVAudioPlayerNodeCompletionCallbackType>()
        player.scheduleBuffer(Self.constant(0.5, frames: 48_000), completionCallbackType: .dataRendered) { types.append($0) }
        player.scheduleBuffer(Self.constant(0.5, frames: 48_000), completionCallbackType: .dataPlayedBack) { types.append($0) }
        player.play()
        _ = try EngineSignals.renderOffline(engine, seconds: 0.5)
        #expect(types.values.isEmpty)
        player.stop()
        #expect(types.values == [.dataRendered, .dataPlayedBack])
        #expect(!player.isPlaying)
        player.play()
        _ = try EngineSignals.renderOffline(engine, seconds: 0.01)
        #expect(player.playerTime(forNodeTime: player.lastRenderTime!)?.sampleTime == 0)
        #expect(engine.isRunning)
    }

    @Test("ENGINE-PLAYER-NODE-USES-FILES-BUFFERS: a file segment at another rate is converted to the node's rate; bad requests are refused")
    func scheduleSegment() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("engine-segment-\(UUID().uuidString).caf")
        let settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 24_000.0, AVNumberOfChannelsKey: 1,
                                       AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true]
        let file = try AVAudioFile(forWriting: url, settings: settings)
        try file.write(from: EngineSignals.tone(frequency: 1000, seconds: 1, rate: 24_000))
        file.close()
        let (engine, player) = try Self.setUp()
        let reading = try AVAudioFile(forReading: url)
        let finished = CallLog<Bool>()
        player.scheduleSegment(reading, startingFrame: 12_000, frameCount: 6_000, at: nil) { finished.append(true) }
        player.play()
        let out = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.5), channel: 0)
        // 6,000 frames at 24 kHz = 0.25 s = 12,000 frames at 48 kHz.
        #expect(abs(EngineSignals.amplitude(out[1_000..<11_000], frequency: 1000, rate: 48_000) - 0.5) < 0.01)
        #expect(EngineSignals.peak(out[12_100...]) < 0.001)
        #expect(finished.values == [true])
        let stereo = AVAudioPCMBuffer(pcmFormat: EngineGraphTests.stereo48, frameCapacity: 10)!
        player.scheduleBuffer(stereo)   // channel count differs: Apple raises; the bench ignores it
        _ = try EngineSignals.renderOffline(engine, seconds: 0.01)
    }
}
