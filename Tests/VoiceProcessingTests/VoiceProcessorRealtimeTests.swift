import CRealtimeProbe
import Foundation
import Testing
import VoiceProcessing

/// What the render path of voice processing does that a real-time thread must not, counted by
/// the probe on this thread. Serialized: the probe watches one thread at a time.
@Suite("Voice processing on the render path", .serialized)
struct VoiceProcessorRealtimeTests {
    @Test("AU-VOICE-PROCESSING-ECHO: a cycle of echo cancellation, noise suppression and AGC allocates nothing and takes no lock of ours: only webrtc's own 3 per-processor locks per 10 ms frame")
    func renderPathTakesOnlyWebRTCsOwnLocks() throws {
        let scene = EchoScene(sampleRate: 16_000)
        let processor = try VoiceProcessor(sampleRate: 16_000, channels: 1)
        let cycle = 320   // 20 ms: two webrtc frames per IO cycle
        let far = Array(scene.far.prefix(cycle))
        var near = Array(scene.microphone.prefix(cycle))
        for _ in 0..<20 {
            processor.analyzeRender(far, frameCount: cycle)
            near.withUnsafeMutableBufferPointer { processor.processCapture($0.baseAddress!, frameCount: cycle) }
        }
        let cycles = 100
        far.withUnsafeBufferPointer { farBuffer in
            near.withUnsafeMutableBufferPointer { nearBuffer in
                rt_probe_watch(pthread_self())
                for _ in 0..<cycles {
                    processor.analyzeRender(farBuffer.baseAddress!, frameCount: cycle)
                    processor.processCapture(nearBuffer.baseAddress!, frameCount: cycle)
                }
            }
        }
        let counts = rt_probe_stop()
        #expect(counts.allocations == 0)
        #expect(counts.writes == 0)
        // 2 frames per cycle, 3 locks per frame, all inside webrtc's AudioProcessing; the shim's
        // own process-wide lock (2 more per frame) is gone from this path.
        #expect(counts.locks == Int64(cycles * 2 * 3), "\(counts.locks) locks in \(cycles) cycles")
        #expect(processor.lastError == 0)
    }

    @Test("the echo canceller's shared FFT tables are built once per process, however many processors are made")
    func fftTablesBuiltOnce() throws {
        let processors = try (0..<3).map { _ in try VoiceProcessor(sampleRate: 16_000, channels: 1) }
        let tables = VoiceProcessor.fftTables
        #expect(processors.count == 3)
        #expect(tables.requests >= 3, "webrtc asks for them with every echo canceller: \(tables.requests)")
        #expect(tables.builds == 1)
    }

    @Test("processors created while another thread processes do not change its output")
    func creationDoesNotDisturbProcessing() async throws {
        let scene = EchoScene(sampleRate: 16_000)
        let reference = scene.process(with: try VoiceProcessor(sampleRate: 16_000, channels: 1), cycleFrames: 320)
        async let processed = Task.detached { scene.process(with: try VoiceProcessor(sampleRate: 16_000, channels: 1), cycleFrames: 320) }.value
        async let churn = Task.detached {
            for _ in 0..<40 { _ = try VoiceProcessor(sampleRate: 16_000, channels: 1) }
        }.value
        try await churn
        #expect(try await processed == reference)
    }
}
