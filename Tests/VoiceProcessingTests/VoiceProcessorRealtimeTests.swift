import CRealtimeProbe
import Foundation
import Testing
import VoiceProcessing

/// What the render path of voice processing does that a real-time thread must not, counted by
/// the probe on this thread. Serialized: the probe watches one thread at a time.
@Suite("Voice processing on the render path", .serialized)
struct VoiceProcessorRealtimeTests {
    /// The counted exception to the real-time rules (docs/architecture.md, "Real-time
    /// exceptions"): webrtc 0.3's `AudioProcessing` takes its own per-processor locks, at most
    /// 3 per 10 ms frame, never contended (one simulation, one thread); at 48 kHz too, where its
    /// band splitter (C++ only) leaves no lock-free way through the library. Nothing else: no
    /// allocation, no write, no lock of ours.
    @Test("a cycle of echo cancellation, noise suppression and AGC allocates nothing and takes at most webrtc's own 3 locks per 10 ms frame", arguments: [16_000, 48_000])
    func renderPathTakesOnlyWebRTCsOwnLocks(rate: Int) throws {
        let scene = EchoScene(sampleRate: rate)
        let processor = try VoiceProcessor(sampleRate: rate, channels: 1)
        let cycle = rate / 50   // 20 ms: two webrtc frames per IO cycle
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
        let frames = Int64(cycles * 2)
        print("webrtc at \(rate) Hz: \(counts.locks) locks in \(frames) frames of 10 ms")
        #expect(counts.allocations == 0)
        #expect(counts.writes == 0)
        #expect(counts.locks <= 3 * frames, "\(counts.locks) locks in \(frames) frames: more than webrtc's 3 per frame")
        #expect(counts.locks > 0, "the probe saw webrtc's locks at all (else it watched the wrong thread)")
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
