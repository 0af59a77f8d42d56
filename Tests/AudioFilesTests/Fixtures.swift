import Foundation
import AVFAudio
import Testing

/// A scratch directory removed when the test releases it.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// Deterministic test signals whose samples lie on the 16-bit grid, so every PCM width and float
/// stores them exactly and a round trip can be compared with `==`.
enum Signal {
    /// A distinct value per (frame, channel): a sawtooth walk through the Int16 range.
    static func int16(frame: Int, channel: Int) -> Int16 {
        Int16(truncatingIfNeeded: (frame * 613 + channel * 7919) % 65_536 - 32_768)
    }

    static func float(frame: Int, channel: Int) -> Float { Float(int16(frame: frame, channel: channel)) / 32_768 }

    /// Fills `frames` frames of a Float32 or Int16 buffer (any interleaving) and sets frameLength.
    static func fill(_ buffer: AVAudioPCMBuffer, frames: Int, offset: Int = 0) {
        let stride = buffer.stride
        for channel in 0..<Int(buffer.format.channelCount) {
            for frame in 0..<frames {
                if let data = buffer.floatChannelData {
                    data[channel][frame * stride] = float(frame: frame + offset, channel: channel)
                } else if let data = buffer.int16ChannelData {
                    data[channel][frame * stride] = int16(frame: frame + offset, channel: channel)
                }
            }
        }
        buffer.frameLength = AVAudioFrameCount(frames)
    }

    /// The first (frame, channel) whose value differs from the signal, or nil if all match.
    static func firstMismatch(_ buffer: AVAudioPCMBuffer, offset: Int = 0) -> (frame: Int, channel: Int)? {
        let stride = buffer.stride
        for channel in 0..<Int(buffer.format.channelCount) {
            for frame in 0..<Int(buffer.frameLength) {
                let matches: Bool
                if let data = buffer.floatChannelData {
                    matches = data[channel][frame * stride] == float(frame: frame + offset, channel: channel)
                } else if let data = buffer.int16ChannelData {
                    matches = data[channel][frame * stride] == int16(frame: frame + offset, channel: channel)
                } else {
                    matches = false
                }
                if !matches { return (frame, channel) }
            }
        }
        return nil
    }

    /// A standard or common format with a layout when it needs one.
    static func format(_ common: AVAudioCommonFormat, rate: Double, channels: UInt32, interleaved: Bool) -> AVAudioFormat? {
        if channels <= 2 {
            return AVAudioFormat(commonFormat: common, sampleRate: rate, channels: channels, interleaved: interleaved)
        }
        let tag = channels == 6 ? kAudioChannelLayoutTag_MPEG_5_1_A : kAudioChannelLayoutTag_DiscreteInOrder | channels
        guard let layout = AVAudioChannelLayout(layoutTag: tag) else { return nil }
        return AVAudioFormat(commonFormat: common, sampleRate: rate, interleaved: interleaved, channelLayout: layout)
    }
}
