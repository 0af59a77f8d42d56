import Foundation
import MediaServer
import SimCore

/// How many of an app's players and recorders run I/O: the server is told when the first starts
/// and when the last stops (`setIORunning`), as mediaserverd sees one client per app.
final class AudioObjectIO {
    private var running = 0
    private var epoch: Int

    private init(epoch: Int) { self.epoch = epoch }

    static func of(_ binding: AppBinding) -> AudioObjectIO {
        binding.server.attachment(for: binding.app, key: "OpenAVFAudio.AudioObjectIO") {
            AudioObjectIO(epoch: binding.server.epoch)
        }
    }

    /// An object starts I/O; the policy may refuse (e.g. `cannotStartPlaying` from the background).
    func start(_ binding: AppBinding) throws(SessionError) {
        resetIfStale(binding)
        try binding.server.setIORunning(binding.app, true)
        running += 1
    }

    func stop(_ binding: AppBinding) {
        resetIfStale(binding)
        guard running > 0 else { return }
        running -= 1
        if running == 0 { try? binding.server.setIORunning(binding.app, false) }
    }

    /// A media-services reset forgot every app's I/O; objects from before it no longer count.
    private func resetIfStale(_ binding: AppBinding) {
        if epoch != binding.server.epoch { (epoch, running) = (binding.server.epoch, 0) }
    }
}

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
