import Foundation

/// `AVAudioBuffer`: the base of audio buffers, holding the format its samples are in.
public class AVAudioBuffer: NSObject, @unchecked Sendable {
    public let format: AVAudioFormat

    init(format: AVAudioFormat) {
        self.format = format
    }
}
