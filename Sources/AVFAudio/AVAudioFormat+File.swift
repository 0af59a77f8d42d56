import AudioFiles

extension AVAudioFormat {
    /// The on-disk format of an open file, as Apple describes it: interleaved PCM with the file's
    /// width and byte order, or the codec's format ID with no fixed frame size.
    convenience init(file: SoundFile, layout: AVAudioChannelLayout?) {
        let format = file.format
        let channels = UInt32(format.channels)
        var d = AudioStreamBasicDescription()
        d.mSampleRate = Double(format.sampleRate)
        d.mChannelsPerFrame = channels
        if let bits = format.encoding.bitsPerSample.map(UInt32.init) {
            d.mFormatID = kAudioFormatLinearPCM
            d.mFormatFlags = Self.linearFlags(format.encoding, bigEndian: file.isBigEndian)
            d.mBitsPerChannel = bits
            d.mFramesPerPacket = 1
            d.mBytesPerFrame = bits / 8 * channels
            d.mBytesPerPacket = d.mBytesPerFrame
        } else {
            d.mFormatID = Self.codecID(format)
        }
        let stated = file.channelMap.flatMap(AVAudioChannelLayout.init(channelMap:))
        let chosen = layout ?? (channels > 2 ? stated ?? AVAudioChannelLayout.defaultLayout(channels: channels) : nil)
        self.init(validated: d, layout: chosen)
    }

    private static func linearFlags(_ encoding: SampleEncoding, bigEndian: Bool) -> AudioFormatFlags {
        var flags = kAudioFormatFlagIsPacked
        if encoding.isFloat { flags |= kAudioFormatFlagIsFloat }
        else if encoding != .pcmU8 { flags |= kAudioFormatFlagIsSignedInteger }
        if bigEndian && encoding.bitsPerSample != 8 { flags |= kAudioFormatFlagIsBigEndian }
        return flags
    }

    /// Apple's format ID for a compressed encoding; 0 where Apple has none (e.g. Vorbis).
    private static func codecID(_ format: SoundFileFormat) -> AudioFormatID {
        if format.type == .flac { return kAudioFormatFLAC }
        switch format.encoding {
        case .ulaw: return kAudioFormatULaw
        case .alaw: return kAudioFormatALaw
        case .alac16, .alac24: return kAudioFormatAppleLossless
        case .opus: return kAudioFormatOpus
        case .mpegLayer3: return kAudioFormatMPEGLayer3
        default: return 0
        }
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
