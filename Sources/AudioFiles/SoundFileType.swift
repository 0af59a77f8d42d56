import CSndFile

/// A container type libsndfile can read or write (its "major format"), e.g. WAV, AIFF, CAF.
///
/// A struct over libsndfile's raw value rather than a closed enum, so every container the linked
/// libsndfile offers is usable (`SoundFileType.available`), not just the ones named here.
public struct SoundFileType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue & Int32(SF_FORMAT_TYPEMASK) }

    public static let wav = Self(rawValue: Int32(SF_FORMAT_WAV))
    public static let aiff = Self(rawValue: Int32(SF_FORMAT_AIFF))
    public static let caf = Self(rawValue: Int32(SF_FORMAT_CAF))
    public static let flac = Self(rawValue: Int32(SF_FORMAT_FLAC))
    public static let au = Self(rawValue: Int32(SF_FORMAT_AU))
    public static let w64 = Self(rawValue: Int32(SF_FORMAT_W64))
    public static let rf64 = Self(rawValue: Int32(SF_FORMAT_RF64))
    public static let wavex = Self(rawValue: Int32(SF_FORMAT_WAVEX))
    public static let ogg = Self(rawValue: Int32(SF_FORMAT_OGG))
    public static let mpeg = Self(rawValue: Int32(SF_FORMAT_MPEG))
    public static let raw = Self(rawValue: Int32(SF_FORMAT_RAW))

    /// The type a path's extension names (`.wav`, `.aif`/`.aiff`, `.caf`, `.flac` …), if any.
    public init?(pathExtension: String) {
        let known: [(String, SoundFileType)] = [
            ("wav", .wav), ("wave", .wav), ("aif", .aiff), ("aiff", .aiff), ("aifc", .aiff), ("caf", .caf),
            ("flac", .flac), ("au", .au), ("snd", .au), ("w64", .w64), ("rf64", .rf64), ("ogg", .ogg),
            ("oga", .ogg), ("opus", .ogg), ("mp3", .mpeg), ("raw", .raw), ("pcm", .raw),
        ]
        let lowered = pathExtension.lowercased()
        guard let match = known.first(where: { $0.0 == lowered }) else { return nil }
        self = match.1
    }

    /// The encoding a file of this type gets when the caller names none.
    public var defaultEncoding: SampleEncoding {
        switch self {
        case .ogg: .vorbis
        case .mpeg: .mpegLayer3
        default: .pcm16
        }
    }

    /// libsndfile's name for the type, e.g. "WAV (Microsoft)".
    public var description: String {
        Self.available.first { $0.type == self }?.name ?? "format 0x\(String(rawValue, radix: 16))"
    }

    /// Every container the linked libsndfile supports, with its name, in libsndfile's order.
    public static let available: [(type: SoundFileType, name: String)] = {
        var count: Int32 = 0
        sf_command(nil, Int32(SFC_GET_FORMAT_MAJOR_COUNT), &count, Int32(MemoryLayout<Int32>.size))
        return (0..<max(count, 0)).map { index in
            var info = SF_FORMAT_INFO(format: index, name: nil, extension: nil)
            sf_command(nil, Int32(SFC_GET_FORMAT_MAJOR), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size))
            return (SoundFileType(rawValue: info.format), info.name.map { String(cString: $0) } ?? "")
        }
    }()
}
