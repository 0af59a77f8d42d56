import CSndFile

/// How samples are stored inside a sound file (libsndfile's "subtype"): PCM width, float, codec.
public struct SampleEncoding: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue & Int32(SF_FORMAT_SUBMASK) }

    public static let pcmS8 = Self(rawValue: Int32(SF_FORMAT_PCM_S8))
    public static let pcmU8 = Self(rawValue: Int32(SF_FORMAT_PCM_U8))
    public static let pcm16 = Self(rawValue: Int32(SF_FORMAT_PCM_16))
    public static let pcm24 = Self(rawValue: Int32(SF_FORMAT_PCM_24))
    public static let pcm32 = Self(rawValue: Int32(SF_FORMAT_PCM_32))
    public static let float32 = Self(rawValue: Int32(SF_FORMAT_FLOAT))
    public static let float64 = Self(rawValue: Int32(SF_FORMAT_DOUBLE))
    public static let ulaw = Self(rawValue: Int32(SF_FORMAT_ULAW))
    public static let alaw = Self(rawValue: Int32(SF_FORMAT_ALAW))
    public static let imaADPCM = Self(rawValue: Int32(SF_FORMAT_IMA_ADPCM))
    public static let msADPCM = Self(rawValue: Int32(SF_FORMAT_MS_ADPCM))
    public static let vorbis = Self(rawValue: Int32(SF_FORMAT_VORBIS))
    public static let opus = Self(rawValue: Int32(SF_FORMAT_OPUS))
    public static let alac16 = Self(rawValue: Int32(SF_FORMAT_ALAC_16))
    public static let alac24 = Self(rawValue: Int32(SF_FORMAT_ALAC_24))
    public static let mpegLayer3 = Self(rawValue: Int32(SF_FORMAT_MPEG_LAYER_III))

    /// The PCM encoding with `bits` per sample (8 → signed 8-bit), or nil for other widths.
    public init?(integerBits bits: Int) {
        switch bits {
        case 8: self = .pcmS8
        case 16: self = .pcm16
        case 24: self = .pcm24
        case 32: self = .pcm32
        default: return nil
        }
    }

    /// True for IEEE float storage (32 or 64 bit).
    public var isFloat: Bool { self == .float32 || self == .float64 }

    /// Bits per stored sample for linear PCM and float; nil for compressed encodings.
    public var bitsPerSample: Int? {
        switch self {
        case .pcmS8, .pcmU8: 8
        case .pcm16: 16
        case .pcm24: 24
        case .pcm32, .float32: 32
        case .float64: 64
        default: nil
        }
    }

    /// Bits of integer precision that lossless and lossy codecs decode to (ALAC, FLAC via type).
    var integerBits: Int? {
        if let bits = bitsPerSample { return isFloat ? nil : bits }
        switch self {
        case .alac16: return 16
        case .alac24: return 24
        default: return nil
        }
    }
}
