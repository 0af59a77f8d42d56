import AudioFiles
import Foundation

extension AVAudioFormat {
    /// The format of an MPEG-4 file's track as Apple describes it: AAC with 1024 frames a packet,
    /// or Apple Lossless with 4096 and its source bit depth in the flags.
    convenience init(mpeg4 codec: MPEG4Audio.Codec, sampleRate: Int, channels: Int, bitsPerSample: Int?, layout: AVAudioChannelLayout?) {
        var d = AudioStreamBasicDescription()
        d.mSampleRate = Double(sampleRate)
        d.mChannelsPerFrame = UInt32(channels)
        switch codec {
        case .aac:
            d.mFormatID = kAudioFormatMPEG4AAC
            d.mFramesPerPacket = 1024
        case .appleLossless:
            d.mFormatID = kAudioFormatAppleLossless
            d.mFramesPerPacket = 4096
            d.mFormatFlags = bitsPerSample == 24 ? kAppleLosslessFormatFlag_24BitSourceData : kAppleLosslessFormatFlag_16BitSourceData
        }
        let chosen = layout ?? (channels > 2 ? AVAudioChannelLayout.defaultLayout(channels: UInt32(channels)) : nil)
        self.init(validated: d, layout: chosen)
    }
}
