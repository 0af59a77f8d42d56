import CSndFile

/// What a sound file holds: container, sample encoding, rate and channel count.
public struct SoundFileFormat: Hashable, Sendable {
    public var type: SoundFileType
    public var encoding: SampleEncoding
    /// Whole frames per second; libsndfile stores integer rates.
    public var sampleRate: Int
    public var channels: Int

    public init(type: SoundFileType, encoding: SampleEncoding, sampleRate: Int, channels: Int) {
        self.type = type
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channels = channels
    }

    init(_ info: SF_INFO) {
        self.init(type: SoundFileType(rawValue: info.format), encoding: SampleEncoding(rawValue: info.format),
                  sampleRate: Int(info.samplerate), channels: Int(info.channels))
    }

    /// libsndfile's combined format word.
    var formatWord: Int32 { type.rawValue | encoding.rawValue }

    /// True when the linked libsndfile can write this combination.
    public var isWritable: Bool {
        guard channels > 0, channels <= SoundFile.maximumChannels, sampleRate > 0, sampleRate <= Int(Int32.max) else {
            return false
        }
        var info = SF_INFO(frames: 0, samplerate: Int32(sampleRate), channels: Int32(channels),
                           format: formatWord, sections: 0, seekable: 0)
        return sf_format_check(&info) == Int32(SF_TRUE)
    }
}
