import AudioFiles
import Foundation

/// What `AVAudioFile(forWriting:settings:)` asks for, translated to a libsndfile format.
///
/// More lenient than `AVAudioFormat(settings:)` in one way: more than two channels without
/// `AVChannelLayoutKey` get the default layout for that count, since the file still has a
/// well-defined channel order.
struct FileSettings {
    let format: SoundFileFormat
    let layout: AVAudioChannelLayout?

    init(_ settings: [String: Any], url: URL) throws {
        let reader = SettingsReader(settings)
        let name = url.lastPathComponent
        do {
            let type = try Self.fileType(reader, url: url, name: name)
            let channels = try reader.integer(AVNumberOfChannelsKey) ?? 0
            guard let rate = try reader.number(AVSampleRateKey), rate > 0, rate == rate.rounded(), rate < 0x8000_0000,
                  channels > 0, channels <= SoundFile.maximumChannels else {
                throw AVAudioFile.error(kAudioFileUnsupportedDataFormatError,
                                        "\(name): settings need a whole AVSampleRateKey and 1…\(SoundFile.maximumChannels) channels")
            }
            let encoding = try Self.encoding(reader, type: type, name: name)
            // Above two channels WAV needs WAVE_FORMAT_EXTENSIBLE to state its speakers, as Apple writes it.
            let container = type == .wav && channels > 2 ? SoundFileType.wavex : type
            format = SoundFileFormat(type: container, encoding: encoding, sampleRate: Int(rate), channels: channels)
            layout = try reader.layout()
        } catch is SettingsReader.WrongType {
            throw AVAudioFile.error(kAudio_ParamError, "\(name): a settings value has the wrong type")
        }
    }

    /// `AVAudioFileTypeKey` if present, else the URL's extension.
    private static func fileType(_ reader: SettingsReader, url: URL, name: String) throws -> SoundFileType {
        if let id = try reader.integer(AVAudioFileTypeKey) {
            let known: [(AudioFileTypeID, SoundFileType)] = [
                (kAudioFileWAVEType, .wav), (kAudioFileAIFFType, .aiff), (kAudioFileAIFCType, .aiff),
                (kAudioFileCAFType, .caf), (kAudioFileFLACType, .flac), (kAudioFileNextType, .au),
                (kAudioFileRF64Type, .rf64),
            ]
            if let match = known.first(where: { $0.0 == UInt32(truncatingIfNeeded: id) }) { return match.1 }
        } else if let type = SoundFileType(pathExtension: url.pathExtension) {
            return type
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
}
