import Foundation
import OpenAVFAudio

/// Signal helpers for the engine tests: make tone buffers, read rendered channels, measure a
/// tone's amplitude (Goertzel) and a stretch's peak.
enum EngineSignals {
    static func tone(frequency: Double, amplitude: Float = 0.5, seconds: Double, rate: Double = 48_000,
                     channels: AVAudioChannelCount = 1) -> AVAudioPCMBuffer {
        let format = AVAudioFormat(standardFormatWithSampleRate: rate, channels: channels)!
        let frames = AVAudioFrameCount(seconds * rate)
        let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frames)!
        buffer.frameLength = frames
        for channel in 0..<Int(channels) {
            for frame in 0..<Int(frames) {
                buffer.floatChannelData![channel][frame] = amplitude * Float(sin(2 * Double.pi * frequency * Double(frame) / rate))
            }
        }
        return buffer
    }

    static func samples(_ buffer: AVAudioPCMBuffer, channel: Int) -> [Float] {
        Array(UnsafeBufferPointer(start: buffer.floatChannelData![channel], count: Int(buffer.frameLength)))
    }

    static func amplitude(_ samples: ArraySlice<Float>, frequency: Double, rate: Double) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
        var (s1, s2) = (0.0, 0.0)
        for sample in samples {
            let s0 = Double(sample) + coefficient * s1 - s2
            (s2, s1) = (s1, s0)
        }
        return 2 * (s1 * s1 + s2 * s2 - coefficient * s1 * s2).squareRoot() / Double(samples.count)
    }

    static func peak(_ samples: ArraySlice<Float>) -> Float { samples.map(abs).max() ?? 0 }

    /// Renders `seconds` of an engine in offline manual rendering mode, in pulls of `chunk` frames.
    static func renderOffline(_ engine: AVAudioEngine, seconds: Double, chunk: AVAudioFrameCount = 512) throws -> AVAudioPCMBuffer {
        let format = engine.manualRenderingFormat
        let total = AVAudioFrameCount(seconds * format.sampleRate)
        let result = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: total)!
        let pull = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: engine.manualRenderingMaximumFrameCount)!
        while result.frameLength < total {
            let frames = min(chunk, total - result.frameLength)
            let status = try engine.renderOffline(frames, to: pull)
            guard status == .success else { throw NSError(domain: "render", code: status.rawValue) }
            for channel in 0..<Int(format.channelCount) {
                (result.floatChannelData![channel] + Int(result.frameLength)).update(from: pull.floatChannelData![channel], count: Int(pull.frameLength))
            }
            result.frameLength += pull.frameLength
        }
        return result
    }
}

/// What completion handlers (which are `@Sendable`) report, collected for a test to read.
final class CallLog<Value>: @unchecked Sendable {
    var values: [Value] = []
    func append(_ value: Value) { values.append(value) }
}
