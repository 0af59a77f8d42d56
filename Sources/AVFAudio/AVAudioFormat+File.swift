import AudioFiles
import AudioToolbox

extension AVAudioFormat {
    /// The on-disk format of an open file, as Apple describes it: interleaved PCM with the file's
    /// width and byte order, or the codec's format ID with no fixed frame size.
    convenience init(file: SoundFile, layout: AVAudioChannelLayout?) {
        let channels = UInt32(file.format.channels)
        let stated = file.channelMap.flatMap(AVAudioChannelLayout.init(channelMap:))
        let chosen = layout ?? (channels > 2 ? stated ?? AVAudioChannelLayout.defaultLayout(channels: channels) : nil)
        self.init(validated: AudioFileContainer.dataFormat(of: file), layout: chosen)
    }

    /// The buffers' format for a file: `common` at the file's rate and channels, with its layout.
    convenience init?(processing common: AVAudioCommonFormat, like file: AVAudioFormat, interleaved: Bool) {
        guard common != .otherFormat else { return nil }
        if let layout = file.channelLayout {
            self.init(commonFormat: common, sampleRate: file.sampleRate, interleaved: interleaved, channelLayout: layout)
        } else {
            self.init(commonFormat: common, sampleRate: file.sampleRate, channels: file.channelCount, interleaved: interleaved)
        }
    }
}
