import Foundation
import MediaServer
import SimCore

/// Decoded audio of a file: planar float channels at the file's rate.
struct DecodedAudio {
    var channels: [[Float]]
    var sampleRate: Double
    var frameCount: Int { channels.first?.count ?? 0 }
    /// A decoding failure part way through: the frames before it play, then the error is reported.
    var error: Error?

    /// Reads all of `file`; a read that fails part way keeps what was decoded before it.
    init(file: AVAudioFile) {
        let format = file.processingFormat
        sampleRate = format.sampleRate
        let channelCount = Int(format.channelCount)
        channels = Array(repeating: [], count: channelCount)
        let chunk: AVAudioFrameCount = 16_384
        guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: chunk) else { return }
        while true {
            do { try file.read(into: buffer) } catch { self.error = error; break }
            let frames = Int(buffer.frameLength)
            if frames == 0 { break }
            if let data = buffer.floatChannelData {
                for channel in 0..<channelCount {
                    channels[channel].append(contentsOf: UnsafeBufferPointer(start: data[channel], count: frames))
                }
            }
            if frames < Int(chunk) { break }
        }
    }
}

/// Meter levels in dBFS over a stretch of samples: 0 dB is full scale, −160 dB silence.
enum MeterLevels {
    static let floor: Float = -160

    static func decibels(_ linear: Float) -> Float {
        linear > 0 ? max(floor, 20 * Float(log10(Double(linear)))) : floor
    }

    /// (average = RMS, peak) in dBFS of `samples`, scaled by `gain`.
    static func measure(_ samples: ArraySlice<Float>, gain: Float) -> (average: Float, peak: Float) {
        guard !samples.isEmpty else { return (floor, floor) }
        var sum = 0.0
        var peak: Float = 0
        for sample in samples {
            sum += Double(sample) * Double(sample)
            peak = max(peak, abs(sample))
        }
        let rms = Float((sum / Double(samples.count)).squareRoot())
        return (decibels(rms * gain), decibels(peak * gain))
    }
}
