@testable import BuiltInChecks
import AVFAudio
import Foundation
import Synchronization
import Testing

/// The async forms Swift makes of AVAudioPlayerNode's completion-handler methods: the await
/// returns when the handler would have run, with the callback type asked for.
@Suite("AVAudioPlayerNode async scheduling")
struct EnginePlayerAsyncTests {
    /// A 1 kHz stereo tone of `frames` frames at 0.5.
    static func tone(frames: Int) -> AVAudioPCMBuffer {
        let buffer = AVAudioPCMBuffer(pcmFormat: EngineSignals.stereo48, frameCapacity: AVAudioFrameCount(frames))!
        buffer.frameLength = AVAudioFrameCount(frames)
        for channel in 0..<2 {
            for frame in 0..<frames { buffer.floatChannelData![channel][frame] = 0.5 * Float(sin(2 * Double.pi * 1000 * Double(frame) / 48_000)) }
        }
        return buffer
    }

    /// An offline engine whose player node plays (nothing scheduled yet).
    static func playingEngine() throws -> (AVAudioEngine, AVAudioPlayerNode) {
        let engine = try EngineSignals.offlineEngine()
        let player = AVAudioPlayerNode()
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, format: EngineSignals.stereo48)
        try engine.start()
        player.play()
        return (engine, player)
    }

    @Test("await scheduleBuffer(_:completionCallbackType:) returns .dataRendered once the tone has rendered, not before")
    func awaitedBufferReturnsAfterItRendered() async throws {
        let (engine, player) = try Self.playingEngine()
        let returned = Mutex<AVAudioPlayerNodeCompletionCallbackType?>(nil)
        // Task.immediate schedules the buffer here, on this thread, before the first render.
        let waiter = Task.immediate {
            let type = await player.scheduleBuffer(Self.tone(frames: 4_800), completionCallbackType: .dataRendered)
            returned.withLock { $0 = type }
        }
        let first = try EngineSignals.renderOffline(engine, seconds: 0.05)   // 2,400 of the 4,800 frames
        #expect(EngineSignals.peak(EngineSignals.samples(first, channel: 0)[...]) > 0.4, "the tone plays from the first render")
        try await Task.sleep(for: .milliseconds(20))
        #expect(returned.withLock { $0 } == nil, "returned with half the buffer still to render")
        let second = try EngineSignals.renderOffline(engine, seconds: 0.1)
        let left = EngineSignals.samples(second, channel: 1)
        #expect(EngineSignals.peak(left[..<2_400]) > 0.4 && EngineSignals.peak(left[2_400...]) == 0, "the second half, then silence")
        await waiter.value
        #expect(returned.withLock { $0 } == .dataRendered)
    }

    @Test("await scheduleBuffer(_:) returns once the buffer is consumed")
    func awaitedBuffersInTurn() async throws {
        let (engine, player) = try Self.playingEngine()
        let finished = Mutex(0)
        let waiter = Task.immediate {
            await player.scheduleBuffer(Self.tone(frames: 1_024))
            finished.withLock { $0 += 1 }
        }
        _ = try EngineSignals.renderOffline(engine, seconds: 0.1)
        await waiter.value
        #expect(finished.withLock { $0 } == 1)
    }
}
