import AudioFiles
import Foundation

/// What `AVAudioFile(forWriting:settings:)` asks for, translated to a libsndfile format, or for
/// .m4a/.mp4 files to the MPEG-4 encoder's settings (then `format` is its Float32 staging).
///
/// More lenient than `AVAudioFormat(settings:)` in one way: more than two channels without
/// `AVChannelLayoutKey` get the default layout for that count, since the file still has a
/// well-defined channel order.
struct FileSettings {
    let format: SoundFileFormat
    let mpeg4: MPEG4Audio.Settings?
    let layout: AVAudioChannelLayout?

    /// A container: one libsndfile writes, or an MPEG-4 brand.
    private enum Container {
        case sound(SoundFileType)
        case mpeg4(MPEG4Audio.Brand)
    }

    init(_ settings: [String: Any], url: URL) throws {
        let reader = SettingsReader(settings)
        let name = url.lastPathComponent
        do {
            let container = try Self.container(reader, url: url, name: name)
            let channels = try reader.integer(AVNumberOfChannelsKey) ?? 0
            guard let rate = try reader.number(AVSampleRateKey), rate > 0, rate == rate.rounded(), rate < 0x8000_0000,
                  channels > 0, channels <= SoundFile.maximumChannels else {
                throw AVAudioFile.error(kAudioFileUnsupportedDataFormatError,
                                        "\(name): settings need a whole AVSampleRateKey and 1…\(SoundFile.maximumChannels) channels")
            }
            layout = try reader.layout()
            switch container {
            case let .mpeg4(brand):
                mpeg4 = try Self.mpeg4(reader, brand: brand, rate: Int(rate), channels: channels, name: name)
                format = SoundFileFormat(type: .caf, encoding: .float32, sampleRate: Int(rate), channels: channels)
            case let .sound(type):
                mpeg4 = nil
                let encoding = try Self.encoding(reader, type: type, name: name)
                // Above two channels WAV needs WAVE_FORMAT_EXTENSIBLE to state its speakers, as Apple writes it.
                let written = type == .wav && channels > 2 ? SoundFileType.wavex : type
                format = SoundFileFormat(type: written, encoding: encoding, sampleRate: Int(rate), channels: channels)
            }
        } catch is SettingsReader.WrongType {
            throw AVAudioFile.error(kAudio_ParamError, "\(name): a settings value has the wrong type")
        }
    }

    /// `AVAudioFileTypeKey` if present, else the URL's extension (.m4a and .mp4 are MPEG-4).
    private static func container(_ reader: SettingsReader, url: URL, name: String) throws -> Container {
        if let id = try reader.integer(AVAudioFileTypeKey) {
            let known: [(AudioFileTypeID, Container)] = [
                (kAudioFileWAVEType, .sound(.wav)), (kAudioFileAIFFType, .sound(.aiff)), (kAudioFileAIFCType, .sound(.aiff)),
                (kAudioFileCAFType, .sound(.caf)), (kAudioFileFLACType, .sound(.flac)), (kAudioFileNextType, .sound(.au)),
                (kAudioFileRF64Type, .sound(.rf64)), (kAudioFileM4AType, .mpeg4(.m4a)), (kAudioFileMPEG4Type, .mpeg4(.mp4)),
            ]
            if let match = known.first(where: { $0.0 == UInt32(truncatingIfNeeded: id) }) { return match.1 }
        } else if let brand = ["m4a": MPEG4Audio.Brand.m4a, "mp4": .mp4][url.pathExtension.lowercased()] {
            return .mpeg4(brand)
        } else if let type = SoundFileType(pathExtension: url.pathExtension) {
            return .sound(type)
        }
        throw AVAudioFile.error(kAudioFileUnsupportedFileTypeError, "\(name): no writable file type for this name or AVAudioFileTypeKey")
    }

    /// The sample encoding the format ID and bit depth ask for.
    private static func encoding(_ reader: SettingsReader, type: SoundFileType, name: String) throws -> SampleEncoding {
        let formatID = try reader.integer(AVFormatIDKey).map { UInt32(truncatingIfNeeded: $0) } ?? kAudioFormatLinearPCM
        let hint = try reader.integer(AVLinearPCMBitDepthKey) ?? reader.integer(AVEncoderBitDepthHintKey)
        switch formatID {
        case kAudioFormatLinearPCM where try reader.flag(AVLinearPCMIsFloatKey) == true:
            if hint == 64 { return .float64 }
            if hint == nil || hint == 32 { return .float32 }
        case kAudioFormatLinearPCM, kAudioFormatFLAC:
            let bits = hint ?? 16
            if bits == 8, type == .wav || type == .rf64 { return .pcmU8 }
            if let encoding = SampleEncoding(integerBits: bits) { return encoding }
        case kAudioFormatAppleLossless:
            if hint == 24 { return .alac24 }
            return .alac16
        case kAudioFormatULaw: return .ulaw
        case kAudioFormatALaw: return .alaw
        default: break
        }
        throw AVAudioFile.error(kAudioFileUnsupportedDataFormatError,
                                "\(name): cannot write format ID \(formatID) with bit depth \(hint.map(String.init) ?? "default")")
    }

    /// AAC or Apple Lossless for an MPEG-4 file (other formats, linear PCM included, it cannot hold).
    private static func mpeg4(_ reader: SettingsReader, brand: MPEG4Audio.Brand, rate: Int, channels: Int, name: String)
        throws -> MPEG4Audio.Settings {
        let formatID = try reader.integer(AVFormatIDKey).map { UInt32(truncatingIfNeeded: $0) } ?? kAudioFormatLinearPCM
        let depth = try reader.integer(AVEncoderBitDepthHintKey) ?? reader.integer(AVLinearPCMBitDepthKey) ?? 16
        let perChannel = try reader.integer(AVEncoderBitRatePerChannelKey).map { $0 * channels }
        let bitRate = try reader.integer(AVEncoderBitRateKey) ?? perChannel
        let quality = try reader.integer(AVEncoderAudioQualityKey) ?? AVAudioQuality.high.rawValue
        let settings: MPEG4Audio.Settings
        switch formatID {
        case kAudioFormatMPEG4AAC:
            settings = .init(codec: .aac, brand: brand, sampleRate: rate, channels: channels, bitRate: bitRate,
                             bestQuality: quality >= AVAudioQuality.high.rawValue)
        case kAudioFormatAppleLossless:
            settings = .init(codec: .appleLossless, brand: brand, sampleRate: rate, channels: channels, bitsPerSample: depth)
        default:
            throw AVAudioFile.error(kAudioFileUnsupportedDataFormatError, "\(name): an MPEG-4 file holds AAC or Apple Lossless, not format ID \(formatID)")
        }
        do { try MPEG4Audio.check(settings, file: name) } catch {
            throw AVAudioFile.error(kAudioFileUnsupportedDataFormatError, error.description)
        }
        return settings
    }
}
