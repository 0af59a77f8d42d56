import CAVCodec
import Foundation

/// AAC or Apple Lossless audio in an MPEG-4 container (.m4a, .mp4): the files Apple's recorder
/// and `AVAudioFile` write for `kAudioFormatMPEG4AAC` and `kAudioFormatAppleLossless`.
///
/// libsndfile has no MPEG-4 support, so FFmpeg does the work: its AAC and ALAC encoders with the
/// mov muxer write the files, its demuxer with `CompressedPacketDecoder` reads them. Files are
/// byte-identical on every run: one encoder thread, and both the muxer and the encoder in
/// bit-exact mode (no encoder version string, no creation time).
public enum MPEG4Audio {
    public enum Codec: Sendable, Hashable { case aac, appleLossless }

    /// The file's brand ('ftyp' box): M4A files say 'M4A ' (FFmpeg's "ipod" muxer), MP4 files
    /// 'isom' (its "mp4" muxer). Apple picks the brand from the file type, as we do.
    public enum Brand: Sendable, Hashable {
        case m4a, mp4

        var muxer: String { self == .m4a ? "ipod" : "mp4" }
    }

    /// What to encode.
    public struct Settings: Sendable, Hashable {
        public var codec: Codec
        public var brand: Brand
        public var sampleRate: Int
        public var channels: Int
        /// AAC: the target bit rate in bit/s; nil lets the encoder choose (64 kbit/s per channel
        /// at 44.1 kHz and above). Apple Lossless ignores it.
        public var bitRate: Int?
        /// Apple Lossless: bits per sample of the source, 16 or 24.
        public var bitsPerSample: Int
        /// AAC: true (quality high or max) searches quantizers with FFmpeg's two-loop coder;
        /// false uses its fast coder — Apple's quality key trades encoding effort the same way.
        public var bestQuality: Bool

        public init(codec: Codec, brand: Brand, sampleRate: Int, channels: Int, bitRate: Int? = nil, bitsPerSample: Int = 16,
                    bestQuality: Bool = true) {
            self.codec = codec
            self.brand = brand
            self.sampleRate = sampleRate
            self.channels = channels
            self.bitRate = bitRate
            self.bitsPerSample = bitsPerSample
            self.bestQuality = bestQuality
        }
    }

    /// A file's audio, decoded.
    public struct Decoded: Sendable {
        public var codec: Codec
        public var brand: Brand
        public var sampleRate: Int
        public var channels: Int
        /// Apple Lossless: the source's bits per sample; nil for AAC.
        public var bitsPerSample: Int?
        /// The stream's average bit rate (its packets' bytes over its duration), bit/s.
        public var bitRate: Int
        /// Interleaved, the encoder's priming and the last packet's padding removed.
        public var samples: [Float]

        public var frameCount: Int { samples.count / max(channels, 1) }
    }

    /// True when the file at `path` starts with an MPEG-4 'ftyp' box.
    public static func isMPEG4(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        return head.count == 8 && head.dropFirst(4).elementsEqual("ftyp".utf8)
    }

    static func error(_ kind: SoundFileError.Kind, _ file: String, _ message: String, _ status: Int32 = 0) -> SoundFileError {
        SoundFileError(kind: kind, file: file, message: message, code: status)
    }
}
