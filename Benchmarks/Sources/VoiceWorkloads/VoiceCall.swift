import VoiceProcessing

/// A speaker-phone call through a `VoiceProcessor` in 20 ms IO cycles: the far end (speech-like)
/// is analyzed, and the microphone (its echo 25 dB down, 2 ms late, plus a near-end talker that
/// joins half-way) is processed in place, cycle after cycle, looping over 10 s of signal.
public final class VoiceCall {
    public let processor: VoiceProcessor
    public let sampleRate: Int
    public let cycleFrames: Int
    private let far: [Float]
    private let microphone: [Float]
    private var capture: [Float]
    private var position = 0

    public init(sampleRate: Int, echoCancellation: Bool = true, noiseSuppression: Bool = true,
                automaticGainControl: Bool = true) throws {
        self.sampleRate = sampleRate
        cycleFrames = sampleRate / 50
        let frames = 10 * sampleRate
        far = SpeechLikeSignal.samples(frames: frames, sampleRate: sampleRate, seed: 1)
        let near = SpeechLikeSignal.samples(frames: frames, sampleRate: sampleRate, seed: 2)
        let delay = 2 * sampleRate / 1_000
        let gain: Float = 0.056_234   // −25 dB
        microphone = (0..<frames).map { [far] index in
            (index >= delay ? gain * far[index - delay] : 0) + (index >= frames / 2 ? near[index] : 0)
        }
        capture = [Float](repeating: 0, count: cycleFrames)
        processor = try VoiceProcessor(sampleRate: sampleRate, channels: 1)
        processor.echoCancellation = echoCancellation
        processor.noiseSuppression = noiseSuppression
        processor.automaticGainControl = automaticGainControl
    }

    /// Processes `seconds` of the call (50 cycles a second); returns the last output sample.
    public func run(seconds: Int) -> Float {
        for _ in 0..<(50 * seconds) {
            if position + cycleFrames > far.count { position = 0 }
            far.withUnsafeBufferPointer { processor.analyzeRender($0.baseAddress! + position, frameCount: cycleFrames) }
            capture.withUnsafeMutableBufferPointer { capture in
                microphone.withUnsafeBufferPointer { capture.baseAddress!.update(from: $0.baseAddress! + position, count: cycleFrames) }
                processor.processCapture(capture.baseAddress!, frameCount: cycleFrames)
            }
            position += cycleFrames
        }
        return capture[cycleFrames - 1]
    }
}
