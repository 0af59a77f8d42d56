import AudioFiles
import AudioToolbox
import Foundation

/// `AVAudioFile`: reads and writes audio files (WAV, AIFF, CAF, FLAC … through libsndfile; M4A
/// and MP4 holding AAC or Apple Lossless through FFmpeg, see `MPEG4Audio`) in PCM buffers.
///
/// The file's own encoding is `fileFormat`; buffers are in `processingFormat`, a common PCM
/// format at the FILE's sample rate: no sample-rate conversion happens while reading or writing.
/// Failures throw `NSError`s in `NSOSStatusErrorDomain` with AudioFile.h codes whose description
/// names the file and libsndfile's reason.
open class AVAudioFile: NSObject, @unchecked Sendable {
    public let url: URL
    public let fileFormat: AVAudioFormat
    public let processingFormat: AVAudioFormat
    /// The samples: the file itself, decoded MPEG-4 audio, or an MPEG-4 export's staging.
    let file: SoundFile
    /// Set while writing an .m4a/.mp4 file: encodes the staged samples when the file closes.
    let export: MPEG4Export?

    private init(url: URL, file: SoundFile, fileFormat: AVAudioFormat, processingFormat: AVAudioFormat,
                 export: MPEG4Export? = nil) {
        self.url = url
        self.file = file
        self.fileFormat = fileFormat
        self.processingFormat = processingFormat
        self.export = export
    }

    deinit { close() }

    /// Opens for reading; buffers are deinterleaved Float32 (the standard format).
    public convenience init(forReading fileURL: URL) throws {
        try self.init(forReading: fileURL, commonFormat: .pcmFormatFloat32, interleaved: false)
    }

    /// Opens for reading with buffers in `format`, interleaved or not.
    public convenience init(forReading fileURL: URL, commonFormat format: AVAudioCommonFormat, interleaved: Bool) throws {
        if MPEG4Audio.isMPEG4(path: fileURL.path) {
            try self.init(mpeg4: fileURL, commonFormat: format, interleaved: interleaved)
            return
        }
        let file = try Self.translating { () throws(SoundFileError) in try SoundFile(readingPath: fileURL.path) }
        try self.init(url: fileURL, reading: file, commonFormat: format, interleaved: interleaved)
    }

    /// An .m4a/.mp4 file is decoded whole when opened; reads then come from the decoded samples.
    private convenience init(mpeg4 url: URL, commonFormat format: AVAudioCommonFormat, interleaved: Bool) throws {
        let decoded = try Self.translating { () throws(SoundFileError) in try MPEG4Audio.read(path: url.path) }
        let file = try Self.translating { () throws(SoundFileError) in
            try SoundFile(decoded: decoded.samples, sampleRate: decoded.sampleRate, channels: decoded.channels, name: url.lastPathComponent)
        }
        let fileFormat = AVAudioFormat(mpeg4: decoded.codec, sampleRate: decoded.sampleRate, channels: decoded.channels,
                                       bitsPerSample: decoded.bitsPerSample, layout: nil)
        guard let processing = AVAudioFormat(processing: format, like: fileFormat, interleaved: interleaved) else {
            throw Self.error(kAudio_ParamError, "\(file.name): cannot process in \(format)")
        }
        self.init(url: url, file: file, fileFormat: fileFormat, processingFormat: processing)
    }

    /// Opens bytes in memory for reading (for `AVAudioPlayer(data:)`); `name` appears in errors.
    convenience init(forReadingData data: Data, name: String, commonFormat format: AVAudioCommonFormat = .pcmFormatFloat32,
                     interleaved: Bool = false) throws {
        let file = try Self.translating { () throws(SoundFileError) in try SoundFile(readingData: data, name: name) }
        try self.init(url: URL(fileURLWithPath: name), reading: file, commonFormat: format, interleaved: interleaved)
    }

    private convenience init(url: URL, reading file: SoundFile, commonFormat format: AVAudioCommonFormat,
                             interleaved: Bool) throws {
        let fileFormat = AVAudioFormat(file: file, layout: nil)
        guard let processing = AVAudioFormat(processing: format, like: fileFormat, interleaved: interleaved) else {
            throw Self.error(kAudio_ParamError, "\(file.name): cannot process in \(format)")
        }
        self.init(url: url, file: file, fileFormat: fileFormat, processingFormat: processing)
    }

    /// Creates (or replaces) a file; buffers written are deinterleaved Float32.
    public convenience init(forWriting fileURL: URL, settings: [String: Any]) throws {
        try self.init(forWriting: fileURL, settings: settings, commonFormat: .pcmFormatFloat32, interleaved: false)
    }

    /// Creates (or replaces) a file described by `settings`, taking buffers in `format`.
    /// The container comes from `AVAudioFileTypeKey`, else from the URL's extension.
    public convenience init(forWriting fileURL: URL, settings: [String: Any], commonFormat format: AVAudioCommonFormat,
                            interleaved: Bool) throws {
        let request = try FileSettings(settings, url: fileURL)
        let channels = UInt32(request.format.channels)
        let layout = request.layout ?? (channels > 2 ? AVAudioChannelLayout.defaultLayout(channels: channels) : nil)
        let export = try request.mpeg4.map { mpeg4 in
            try Self.translating { () throws(SoundFileError) in try MPEG4Export(path: fileURL.path, settings: mpeg4, staging: request.format) }
        }
        let file = try export?.staging ?? Self.translating { () throws(SoundFileError) in
            try SoundFile(writingPath: fileURL.path, format: request.format, channelMap: layout?.channelMap)
        }
        let fileFormat = request.mpeg4.map {
            AVAudioFormat(mpeg4: $0.codec, sampleRate: $0.sampleRate, channels: $0.channels, bitsPerSample: $0.bitsPerSample, layout: layout)
        } ?? AVAudioFormat(file: file, layout: layout)
        guard let processing = AVAudioFormat(processing: format, like: fileFormat, interleaved: interleaved) else {
            throw Self.error(kAudio_ParamError, "\(file.name): cannot process in \(format)")
        }
        self.init(url: fileURL, file: file, fileFormat: fileFormat, processingFormat: processing, export: export)
    }

    // MARK: Position

    /// Frames in the file; while writing, the frames written so far.
    public var length: AVAudioFramePosition { file.frameCount }

    /// The next frame read or written; setting it seeks (clamped to 0…length).
    public var framePosition: AVAudioFramePosition {
        get { file.position }
        set { try? file.seek(to: min(max(newValue, 0), file.frameCount)) }
    }

    /// Closes the file (macOS 15 / iOS 18 API); a written file is complete once closed or released.
    public func close() { try? finish() }

    /// Closes the file, reporting a failure to encode an .m4a/.mp4 file (the recorder tells its delegate).
    func finish() throws {
        file.close()
        try Self.translating { () throws(SoundFileError) in try export?.finish() }
    }
    public var isOpen: Bool { file.isOpen }

    // MARK: Errors

    static func error(_ code: OSStatus, _ message: String) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: Int(code), userInfo: [NSLocalizedDescriptionKey: message])
    }

    /// Runs a SoundFile call, turning its typed error into the AudioFile.h code Apple reports.
    static func translating<T>(_ body: () throws(SoundFileError) -> T) throws -> T {
        do { return try body() } catch { throw Self.error(AudioFileFailure(error).status, error.description) }
    }
}
