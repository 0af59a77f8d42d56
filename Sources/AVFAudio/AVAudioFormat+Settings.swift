import Foundation

extension AVAudioFormat {
    /// A format from an AVAudioSettings.h dictionary; nil when a value has the wrong type,
    /// an LPCM bit depth is outside 8…32 (64 is accepted for float), or more than two channels
    /// come without a matching `AVChannelLayoutKey`. Encoder-only keys are ignored.
    public convenience init?(settings: [String: Any]) {
        guard let parsed = try? SettingsReader(settings).formatDescription() else { return nil }
        self.init(validated: parsed.description, layout: parsed.layout)
    }

    /// The format as settings keys, with Swift values (`Int`, `Double`, `Bool`, `Data`).
    public var settings: [String: Any] {
        let d = streamDescription.pointee
        var result: [String: Any] = [
            AVFormatIDKey: Int(d.mFormatID),
            AVSampleRateKey: d.mSampleRate,
            AVNumberOfChannelsKey: Int(d.mChannelsPerFrame),
        ]
        if isPCM {
            result[AVLinearPCMBitDepthKey] = Int(d.mBitsPerChannel)
            result[AVLinearPCMIsFloatKey] = d.mFormatFlags & kAudioFormatFlagIsFloat != 0
            result[AVLinearPCMIsBigEndianKey] = d.mFormatFlags & kAudioFormatFlagIsBigEndian != 0
            result[AVLinearPCMIsNonInterleaved] = !isInterleaved
        }
        if let channelLayout { result[AVChannelLayoutKey] = channelLayout.settingsData }
        return result
    }
}
