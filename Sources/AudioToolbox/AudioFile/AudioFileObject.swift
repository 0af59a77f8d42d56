import AudioFiles
import CoreAudioTypes
import Foundation

/// An open audio file, what an `AudioFileID` points at: a libsndfile file (WAV, AIFF, CAF, FLAC …)
/// or an MPEG-4 file's AAC or Apple Lossless track (FFmpeg), read as Apple's AudioFile reads it.
///
/// Linear PCM files are packets of one frame in the file's own layout (width, byte order); an
/// MPEG-4 file's packets are its compressed packets with their descriptions and magic cookie.
/// Writing packets takes linear PCM; encoded files (AAC, FLAC, Apple Lossless) are written
/// through ExtAudioFile, which encodes its client's samples.
final class AudioFileObject {
    enum Content {
        /// A libsndfile file; for linear PCM its frames are the packets.
        case sound(SoundFile)
        /// An MPEG-4 file being read: its compressed packets.
        case mpeg4(MPEG4Audio.Packets)
        /// An MPEG-4 file being written: samples are staged and encoded when it closes.
        case export(MPEG4Export)
    }

    let url: URL
    let fileType: AudioFileTypeID
    let dataFormat: AudioStreamBasicDescription
    let isWritable: Bool
    let content: Content
    /// The PCM layout of packet bytes, for linear PCM files.
    let packetCodec: LinearPCMCodec?
    private(set) var isOpen = true
    /// An MPEG-4 file decoded for ExtAudioFile on its first sample read.
    private var decoded: SoundFile?

    var name: String { url.lastPathComponent }

    init(url: URL, fileType: AudioFileTypeID, dataFormat: AudioStreamBasicDescription, writable: Bool, content: Content) {
        self.url = url
        self.fileType = fileType
        self.dataFormat = dataFormat
        self.isWritable = writable
        self.content = content
        packetCodec = LinearPCMCodec(dataFormat)
    }

    deinit { _ = close() }

    /// Opens an existing file for reading; the type hint is not needed (the bytes say what they are).
    static func open(_ url: URL, permissions: AudioFilePermissions) throws(AudioFileFailure) -> AudioFileObject {
        guard permissions == .readPermission else {
            throw AudioFileFailure(kAudioFileOperationNotSupportedError, "\(url.lastPathComponent): rewriting an existing file in place is not simulated; create a new one")
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw AudioFileFailure(kAudioFileFileNotFoundError, "\(url.path): no such file")
        }
        if MPEG4Audio.isMPEG4(path: url.path) {
            let packets = try AudioFileFailure.translating { () throws(SoundFileError) in try MPEG4Audio.packets(path: url.path) }
            return AudioFileObject(url: url, fileType: packets.brand == .m4a ? kAudioFileM4AType : kAudioFileMPEG4Type,
                                   dataFormat: mpeg4Format(packets), writable: false, content: .mpeg4(packets))
        }
        let file = try AudioFileFailure.translating { () throws(SoundFileError) in try SoundFile(readingPath: url.path) }
        return AudioFileObject(url: url, fileType: AudioFileContainer.typeID(of: file.format),
                               dataFormat: AudioFileContainer.dataFormat(of: file), writable: false, content: .sound(file))
    }

    /// Creates a file of `typeID` holding `format`; an existing file is replaced only with `.eraseFile`.
    static func create(_ url: URL, typeID: AudioFileTypeID, format: AudioStreamBasicDescription,
                       flags: AudioFileFlags) throws(AudioFileFailure) -> AudioFileObject {
        let name = url.lastPathComponent
        guard let container = AudioFileContainer(typeID: typeID) else {
            throw AudioFileFailure(kAudioFileUnsupportedFileTypeError, "\(name): file type \(fourCC(typeID)) cannot be written")
        }
        if FileManager.default.fileExists(atPath: url.path), !flags.contains(.eraseFile) {
            throw AudioFileFailure(kAudioFilePermissionsError, "\(name): the file exists and kAudioFileFlags_EraseFile is not set")
        }
        switch container {
        case let .sound(type):
            guard let sound = AudioFileContainer.soundFormat(format, type: type, typeID: typeID) else {
                throw AudioFileFailure(kAudioFileUnsupportedDataFormatError, "\(name): \(fourCC(typeID)) cannot hold \(describe(format))")
            }
            let file = try AudioFileFailure.translating { () throws(SoundFileError) in try SoundFile(writingPath: url.path, format: sound) }
            return AudioFileObject(url: url, fileType: typeID, dataFormat: format, writable: true, content: .sound(file))
        case let .mpeg4(brand):
            guard let settings = AudioFileContainer.mpeg4Settings(format, brand: brand, name: name) else {
                throw AudioFileFailure(kAudioFileUnsupportedDataFormatError, "\(name): an MPEG-4 file holds AAC or Apple Lossless, not \(describe(format))")
            }
            let staging = SoundFileFormat(type: .caf, encoding: .float32, sampleRate: settings.sampleRate, channels: settings.channels)
            let export = try AudioFileFailure.translating { () throws(SoundFileError) in
                try MPEG4Export(path: url.path, settings: settings, staging: staging)
            }
            var described = format
            described.mFramesPerPacket = settings.codec == .aac ? 1024 : 4096
            return AudioFileObject(url: url, fileType: typeID, dataFormat: described, writable: true, content: .export(export))
        }
    }

    /// Closes the file; an MPEG-4 file being written is encoded now.
    func close() -> OSStatus {
        guard isOpen else { return kAudioFileNotOpenError }
        isOpen = false
        decoded?.close()
        switch content {
        case let .sound(file): file.close()
        case .mpeg4: break
        case let .export(export):
            do { try export.finish() } catch { return AudioFileFailure(error).status }
        }
        return noErr
    }

    /// The file's audio as PCM frames, for ExtAudioFile: libsndfile decodes its codecs; an MPEG-4
    /// file is decoded whole on first use (as `AVAudioFile` does); a file being encoded is staged.
    func samples() throws(AudioFileFailure) -> SoundFile {
        guard isOpen else { throw AudioFileFailure(kAudioFileNotOpenError, "\(name): the file is closed") }
        switch content {
        case let .sound(file): return file
        case let .export(export): return export.staging
        case .mpeg4:
            if let decoded { return decoded }
            let file = try AudioFileFailure.translating { () throws(SoundFileError) in
                let track = try MPEG4Audio.read(path: url.path)
                return try SoundFile(decoded: track.samples, sampleRate: track.sampleRate, channels: track.channels, name: url.lastPathComponent)
            }
            decoded = file
            return file
        }
    }

    /// An MPEG-4 track's format as Apple describes it: no bytes per packet, its frames per packet.
    private static func mpeg4Format(_ packets: MPEG4Audio.Packets) -> AudioStreamBasicDescription {
        var d = AudioStreamBasicDescription()
        d.mSampleRate = Double(packets.sampleRate)
        d.mChannelsPerFrame = UInt32(packets.channels)
        d.mFramesPerPacket = UInt32(packets.framesPerPacket)
        d.mFormatID = packets.codec == .aac ? kAudioFormatMPEG4AAC : kAudioFormatAppleLossless
        return d
    }

    static func describe(_ d: AudioStreamBasicDescription) -> String {
        "format \(fourCC(d.mFormatID)) flags 0x\(String(d.mFormatFlags, radix: 16)), \(d.mBitsPerChannel) bits, \(d.mChannelsPerFrame) ch at \(d.mSampleRate) Hz"
    }

    static func fourCC(_ code: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (24 - 8 * $0)) }
        return bytes.allSatisfy { (0x20...0x7E).contains($0) } ? "'\(String(decoding: bytes, as: UTF8.self))'" : "\(code)"
    }
}
