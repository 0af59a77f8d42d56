extension AVAudioFormat {
    /// Apple's equality (AVAudioFormat, AVAudioCommonFormat, AVAudioFormat.h): interleaving is ignored for mono, packedness and
    /// alignment flags are ignored, and a standard mono/stereo layout equals no layout.
    func isEqualFormat(_ other: AVAudioFormat) -> Bool {
        significant(streamDescription.pointee) == significant(other.streamDescription.pointee)
            && significantLayoutTag == other.significantLayoutTag
    }

    var formatHash: Int {
        var hasher = Hasher()
        hasher.combine(significant(streamDescription.pointee))
        return hasher.finalize()
    }

    private func significant(_ d: AudioStreamBasicDescription) -> SignificantDescription {
        var flags = d.mFormatFlags & ~(kAudioFormatFlagIsPacked | kAudioFormatFlagIsAlignedHigh)
        if d.mChannelsPerFrame == 1 { flags &= ~kAudioFormatFlagIsNonInterleaved }
        return SignificantDescription(rate: d.mSampleRate, id: d.mFormatID, flags: flags, bytesPerFrame: d.mBytesPerFrame,
                                      framesPerPacket: d.mFramesPerPacket, channels: d.mChannelsPerFrame,
                                      bits: d.mBitsPerChannel)
    }

    /// The layout tag that matters for equality: nil for none or for the standard mono/stereo tag.
    private var significantLayoutTag: AudioChannelLayoutTag? {
        guard let tag = channelLayout?.layoutTag else { return nil }
        let standard = (channelCount == 1 && tag == kAudioChannelLayoutTag_Mono)
            || (channelCount == 2 && tag == kAudioChannelLayoutTag_Stereo)
        return standard ? nil : tag
    }
}

/// The ASBD fields that decide format equality.
private struct SignificantDescription: Hashable {
    var rate: Double
    var id: UInt32
    var flags: UInt32
    var bytesPerFrame: UInt32
    var framesPerPacket: UInt32
    var channels: UInt32
    var bits: UInt32
}
