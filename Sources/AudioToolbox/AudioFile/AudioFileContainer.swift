import AudioFiles
import CoreAudioTypes
import Foundation

/// Where an AudioFile's bytes live and how Apple's file type IDs and stream descriptions map to
/// them: libsndfile's containers (WAV, AIFF, CAF, FLAC …) or an MPEG-4 file (FFmpeg). Visible to
/// the package (not to apps) so `AVAudioFile` describes files the same way.
package enum AudioFileContainer: Equatable {
    case sound(SoundFileType)
    case mpeg4(MPEG4Audio.Brand)

    private static let byTypeID: [(AudioFileTypeID, AudioFileContainer)] = [
        (kAudioFileWAVEType, .sound(.wav)), (kAudioFileAIFFType, .sound(.aiff)), (kAudioFileAIFCType, .sound(.aiff)),
        (kAudioFileCAFType, .sound(.caf)), (kAudioFileFLACType, .sound(.flac)), (kAudioFileNextType, .sound(.au)),
        (kAudioFileWave64Type, .sound(.w64)), (kAudioFileRF64Type, .sound(.rf64)), (kAudioFileMP3Type, .sound(.mpeg)),
        (kAudioFileM4AType, .mpeg4(.m4a)), (kAudioFileMPEG4Type, .mpeg4(.mp4)),
    ]

    /// The container a file type ID names, if this simulation has it.
    init?(typeID: AudioFileTypeID) {
        guard let match = Self.byTypeID.first(where: { $0.0 == typeID }) else { return nil }
        self = match.1
    }

    /// Apple's type ID for an open libsndfile file: AIFF holding floats or companded samples is AIFC.
    static func typeID(of format: SoundFileFormat) -> AudioFileTypeID {
        if format.type == .wavex { return kAudioFileWAVEType }
        if format.type == .aiff, format.encoding.isFloat || format.encoding.bitsPerSample == nil { return kAudioFileAIFCType }
        return byTypeID.first { $0.1 == .sound(format.type) }?.0 ?? 0
    }

    /// The on-disk format of an open libsndfile file, as Apple describes it: interleaved PCM with
    /// the file's width and byte order, or the codec's format ID with no fixed packet size.
    package static func dataFormat(of file: SoundFile) -> AudioStreamBasicDescription {
        let format = file.format
        var d = AudioStreamBasicDescription()
        d.mSampleRate = Double(format.sampleRate)
        d.mChannelsPerFrame = UInt32(format.channels)
        guard let bits = format.encoding.bitsPerSample.map(UInt32.init) else {
            d.mFormatID = codecID(format)
            return d
        }
        d.mFormatID = kAudioFormatLinearPCM
        d.mFormatFlags = kAudioFormatFlagIsPacked
        if format.encoding.isFloat { d.mFormatFlags |= kAudioFormatFlagIsFloat }
        else if format.encoding != .pcmU8 { d.mFormatFlags |= kAudioFormatFlagIsSignedInteger }
        if file.isBigEndian && bits > 8 { d.mFormatFlags |= kAudioFormatFlagIsBigEndian }
        d.mBitsPerChannel = bits
        d.mFramesPerPacket = 1
        d.mBytesPerFrame = bits / 8 * d.mChannelsPerFrame
        d.mBytesPerPacket = d.mBytesPerFrame
        return d
    }

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

    /// The libsndfile format that stores `d` in `type` by Apple's rules, or nil
    /// (`kAudioFileUnsupportedDataFormatError`): WAV, RF64 and Wave64 hold little-endian PCM with
    /// unsigned 8-bit samples; AIFF (and Sun/NeXT) big-endian signed PCM; CAF either byte order;
    /// FLAC only FLAC; Apple Lossless lives in CAF; µ-law and A-law in WAV, AIFC, CAF and NeXT.
    static func soundFormat(_ d: AudioStreamBasicDescription, type: SoundFileType, typeID: AudioFileTypeID) -> SoundFileFormat? {
        guard d.mSampleRate > 0, d.mSampleRate == d.mSampleRate.rounded(), d.mSampleRate < 0x8000_0000,
              (1...UInt32(SoundFile.maximumChannels)).contains(d.mChannelsPerFrame) else { return nil }
        let rate = Int(d.mSampleRate), channels = Int(d.mChannelsPerFrame)
        let make = { (encoding: SampleEncoding) -> SoundFileFormat? in
            let written = type == .wav && channels > 2 ? SoundFileType.wavex : type
            let format = SoundFileFormat(type: written, encoding: encoding, sampleRate: rate, channels: channels)
            return format.isWritable ? format : nil
        }
        switch d.mFormatID {
        case kAudioFormatLinearPCM:
            guard let codec = LinearPCMCodec(d), !codec.isNonInterleaved else { return nil }
            let littleEndianOnly: Set<SoundFileType> = [.wav, .rf64, .w64]
            let bits = codec.bytesPerSample * 8
            if littleEndianOnly.contains(type) && (codec.isBigEndian || (bits == 8) == codec.isSigned) { return nil }
            if [.aiff, .au].contains(type) && (!codec.isBigEndian && bits > 8 || !codec.isSigned) { return nil }
            if type == .aiff && codec.isFloat && typeID == kAudioFileAIFFType { return nil }
            if ![.wav, .rf64, .w64, .aiff, .au, .caf].contains(type) { return nil }
            if codec.isFloat { return make(bits == 64 ? .float64 : .float32) }
            return make(bits == 8 ? (codec.isSigned ? .pcmS8 : .pcmU8) : SampleEncoding(integerBits: bits)!)
        case kAudioFormatFLAC where type == .flac:
            return make(d.mFormatFlags == kAppleLosslessFormatFlag_24BitSourceData ? .pcm24 : .pcm16)
        case kAudioFormatAppleLossless where type == .caf:
            return make(d.mFormatFlags == kAppleLosslessFormatFlag_24BitSourceData ? .alac24 : .alac16)
        case kAudioFormatULaw where [.wav, .aiff, .caf, .au].contains(type) && typeID != kAudioFileAIFFType:
            return make(.ulaw)
        case kAudioFormatALaw where [.wav, .aiff, .caf, .au].contains(type) && typeID != kAudioFileAIFFType:
            return make(.alaw)
        default:
            return nil
        }
    }

    /// The encoder settings for AAC or Apple Lossless in an MPEG-4 file, or nil for anything else
    /// (an MPEG-4 file cannot hold linear PCM).
    static func mpeg4Settings(_ d: AudioStreamBasicDescription, brand: MPEG4Audio.Brand, name: String) -> MPEG4Audio.Settings? {
        guard d.mSampleRate > 0, d.mSampleRate == d.mSampleRate.rounded(), d.mSampleRate < 0x8000_0000,
              (1...8).contains(d.mChannelsPerFrame) else { return nil }
        let settings: MPEG4Audio.Settings
        switch d.mFormatID {
        case kAudioFormatMPEG4AAC:
            settings = .init(codec: .aac, brand: brand, sampleRate: Int(d.mSampleRate), channels: Int(d.mChannelsPerFrame))
        case kAudioFormatAppleLossless:
            settings = .init(codec: .appleLossless, brand: brand, sampleRate: Int(d.mSampleRate), channels: Int(d.mChannelsPerFrame),
                             bitsPerSample: d.mFormatFlags == kAppleLosslessFormatFlag_24BitSourceData ? 24 : 16)
        default:
            return nil
        }
        return (try? MPEG4Audio.check(settings, file: name)) == nil ? nil : settings
    }
}
