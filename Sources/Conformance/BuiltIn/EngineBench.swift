import Foundation
import AVFAudio

/// Signal helpers for the engine's checks and tests: an offline engine, tone buffers, a rendered
/// channel's samples, a tone's amplitude (Goertzel) and a stretch's peak.
enum EngineSignals {
    static let stereo48 = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2)!
    static let mono48 = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!

    /// An engine in offline manual rendering mode, so every rendered frame is known.
    static func offlineEngine(format: AVAudioFormat = stereo48, maximumFrames: AVAudioFrameCount = 1024) throws -> AVAudioEngine {
        let engine = AVAudioEngine()
        try engine.enableManualRenderingMode(.offline, format: format, maximumFrameCount: maximumFrames)
        return engine
    }

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

    /// A mono 48 kHz buffer of `frames` frames all at `value` (easy to find in the output).
    static func constant(_ value: Float, frames: AVAudioFrameCount) -> AVAudioPCMBuffer {
        let buffer = AVAudioPCMBuffer(pcmFormat: mono48, frameCapacity: frames)!
        buffer.frameLength = frames
        buffer.floatChannelData![0].update(repeating: value, count: Int(frames))
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

    /// The frequency near `guess` (±30 %) where `samples` are loudest, to 1 Hz. A coarse pass in
    /// 10 Hz steps over a tenth of a second (whose resolution is 10 Hz) finds the peak's
    /// neighbourhood; 1 Hz steps over all the samples then place it: thirty times fewer sums
    /// than 1 Hz steps across the whole ±30 %.
    static func frequency(_ samples: ArraySlice<Float>, around guess: Double, rate: Double = 48_000) -> Double {
        func loudest(_ candidates: StrideThrough<Double>, in slice: ArraySlice<Float>) -> Double {
            candidates.map { ($0, amplitude(slice, frequency: $0, rate: rate)) }.max { $0.1 < $1.1 }!.0
        }
        let near = loudest(stride(from: guess * 0.7, through: guess * 1.3, by: 10), in: samples.prefix(Int(rate / 10)))
        return loudest(stride(from: near - 10, through: near + 10, by: 1), in: samples)
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

    /// player → `effect` → main mixer, mono 48 kHz, offline; returns the rendered channel.
    static func render(through effect: AVAudioNode, _ buffer: AVAudioPCMBuffer, seconds: Double, loops: Bool = false) throws -> [Float] {
        let engine = try offlineEngine(format: mono48, maximumFrames: 4096)
        let player = AVAudioPlayerNode()
        engine.attach(player)
        engine.attach(effect)
        engine.connect(player, to: effect, format: buffer.format)
        engine.connect(effect, to: engine.mainMixerNode, format: buffer.format)
        player.scheduleBuffer(buffer, at: nil, options: loops ? .loops : [])
        try engine.start()
        player.play()
        return samples(try renderOffline(engine, seconds: seconds), channel: 0)
    }
}

/// What completion handlers (which are `@Sendable`) report, collected for a check to read.
final class CallLog<Value>: @unchecked Sendable {
    var values: [Value] = []
    func append(_ value: Value) { values.append(value) }
}
