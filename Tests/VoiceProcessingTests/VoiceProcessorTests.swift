import Testing
import VoiceProcessing

@Suite("Voice processing: framing, bypass, mute, errors")
struct VoiceProcessorTests {
    @Test("the capture lags by exactly one 10 ms frame, whatever the call sizes", arguments: [1, 160, 320, 441, 1_024])
    func fixedLatency(cycleFrames: Int) throws {
        let processor = try VoiceProcessor(sampleRate: 16_000, channels: 1)
        processor.bypassed = true
        #expect(processor.latencyFrames == 160)
        var samples = (0..<4_000).map { Float($0 % 97) / 97 }
        let input = samples
        samples.withUnsafeMutableBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let frames = min(cycleFrames, buffer.count - start)
                processor.processCapture(buffer.baseAddress! + start, frameCount: frames)
                start += frames
            }
        }
        #expect(samples.prefix(160).allSatisfy { $0 == 0 })
        #expect(Array(samples.dropFirst(160)) == Array(input.prefix(4_000 - 160)))
    }

    @Test("processing is the same for any IO cycle size, and the same on every run")
    func blockSizeInvariantAndDeterministic() throws {
        let scene = EchoScene(sampleRate: 16_000)
        let reference = scene.process(with: try VoiceProcessor(sampleRate: 16_000, channels: 1), cycleFrames: 320)
        #expect(scene.process(with: try VoiceProcessor(sampleRate: 16_000, channels: 1), cycleFrames: 320) == reference)
        #expect(scene.process(with: try VoiceProcessor(sampleRate: 16_000, channels: 1), cycleFrames: 441) == reference)
        #expect(reference != scene.microphone)
    }

    @Test("muted output is silence; processing goes on")
    func mutedOutput() throws {
        let scene = EchoScene(sampleRate: 16_000)
        let processor = try VoiceProcessor(sampleRate: 16_000, channels: 1)
        processor.outputMuted = true
        let processed = scene.process(with: processor, cycleFrames: 320)
        #expect(processed.allSatisfy { $0 == 0 })
        #expect(processor.lastError == 0)
    }

    @Test("stereo capture is processed per channel, interleaved")
    func stereo() throws {
        let processor = try VoiceProcessor(sampleRate: 48_000, channels: 2)
        processor.bypassed = true
        var samples = (0..<2_000).flatMap { [Float($0), -Float($0)] }
        samples.withUnsafeMutableBufferPointer { processor.processCapture($0.baseAddress!, frameCount: 2_000) }
        #expect(samples[2 * 480] == 0 && samples[2 * 480 + 2] == 1 && samples[2 * 480 + 3] == -1)
    }

    @Test("unsupported formats are refused with the reason")
    func unsupportedFormats() {
        #expect(throws: VoiceProcessorError.unsupportedSampleRate(44_100)) { try VoiceProcessor(sampleRate: 44_100, channels: 1) }
        #expect(throws: VoiceProcessorError.unsupportedChannelCount(3)) { try VoiceProcessor(sampleRate: 16_000, channels: 3) }
        #expect(VoiceProcessorError.unsupportedSampleRate(44_100).description.contains("44100"))
    }

    @Test("AECM above 16 kHz is refused by webrtc, and the error is kept")
    func mobileAt48k() throws {
        let processor = try VoiceProcessor(sampleRate: 48_000, channels: 1)
        processor.echoCanceller = .mobile
        var samples = [Float](repeating: 0.1, count: 960)
        samples.withUnsafeMutableBufferPointer { processor.processCapture($0.baseAddress!, frameCount: 960) }
        #expect(processor.lastError != 0)
    }
}
