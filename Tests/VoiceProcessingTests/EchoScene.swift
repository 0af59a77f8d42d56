import Foundation
import SimCore
import VoiceProcessing

/// A call on a phone's speaker, in samples: the far end talks for the first 8 s, the near-end
/// talker from 6 s to 10 s (2 s of double talk), and the microphone hears the far end through an
/// echo path (a delay and an attenuation, as the device's acoustic path makes it) plus the
/// near-end talker and a −70 dBFS noise floor.
struct EchoScene {
    let sampleRate: Int
    let far: [Float]
    let near: [Float]
    let echo: [Float]
    let microphone: [Float]

    init(sampleRate: Int, echoDelayMilliseconds: Int = 2, echoAttenuationDecibels: Float = 25) {
        self.sampleRate = sampleRate
        let frames = 10 * sampleRate
        let farTalker = SpeechLikeSignal.samples(frames: 8 * sampleRate, sampleRate: sampleRate, seed: 1)
        let nearTalker = SpeechLikeSignal.samples(frames: 4 * sampleRate, sampleRate: sampleRate, seed: 2)
        far = farTalker + [Float](repeating: 0, count: frames - farTalker.count)
        near = [Float](repeating: 0, count: 6 * sampleRate) + nearTalker
        let delay = echoDelayMilliseconds * sampleRate / 1_000
        let gain = Float.pow10(-echoAttenuationDecibels / 20)
        echo = (0..<frames).map { $0 >= delay ? gain * farTalkerSample($0 - delay, farTalker) : 0 }
        let noise = WhiteNoise.samples(frames: frames, level: 0.000_316, seed: 3)
        microphone = (0..<frames).map { [echo, near] in echo[$0] + near[$0] + noise[$0] }
    }

    /// After convergence (2 s), before the near end starts: only echo in the microphone.
    var farEndOnly: Range<Int> { (2 * sampleRate)..<(6 * sampleRate) }
    /// After the far end stopped: only the near-end talker.
    var nearEndOnly: Range<Int> { (8 * sampleRate + sampleRate / 2)..<(10 * sampleRate - sampleRate / 10) }

    /// Runs the scene through `processor` in IO cycles of `cycleFrames`: each cycle's render is
    /// analyzed, then its capture processed, as a voice-processing IO unit does. Returns the capture.
    func process(with processor: VoiceProcessor, cycleFrames: Int) -> [Float] {
        var output = microphone
        var start = 0
        far.withUnsafeBufferPointer { far in
            output.withUnsafeMutableBufferPointer { capture in
                while start < far.count {
                    let frames = min(cycleFrames, far.count - start)
                    processor.analyzeRender(far.baseAddress! + start, frameCount: frames)
                    processor.processCapture(capture.baseAddress! + start, frameCount: frames)
                    start += frames
                }
            }
        }
        return output
    }
}

/// Seeded uniform noise of RMS `level`.
private func farTalkerSample(_ index: Int, _ samples: [Float]) -> Float { index < samples.count ? samples[index] : 0 }

extension Float {
    static func pow10(_ exponent: Float) -> Float { Float(Foundation.pow(10, Double(exponent))) }
}
