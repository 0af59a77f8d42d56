import CSndFile
import Foundation
import Synchronization

/// An open sound file, read or written through libsndfile (WAV, AIFF, CAF, FLAC, Ogg, RF64 …).
///
/// Reading works from a path or from bytes in memory (libsndfile's virtual I/O), so players can
/// take `Data`. Samples move as `Float`, `Double`, `Int16` or `Int32` frames, interleaved or one
/// pointer per channel; the conversion scratch is allocated once at open, never per read.
/// Damaged or hostile input produces a `SoundFileError`, never a crash.
public final class SoundFile {
    /// libsndfile's own channel limit; a header claiming more is damage, not a format.
    public static let maximumChannels = 1024

    /// The last path component, or the name given for in-memory data; used in error messages.
    public let name: String
    public let format: SoundFileFormat
    public let isWriting: Bool
    /// True when samples are stored big-endian (AIFF, usually CAF): libsndfile reports that the
    /// raw data needs swapping on this little-endian host.
    public let isBigEndian: Bool
    /// Which speaker each channel feeds, when the file says (WAV channel mask, CAF `chan`).
    public internal(set) var channelMap: [ChannelPosition]?
    /// Frames in the file (for a file being written: frames written so far).
    public internal(set) var frameCount: Int64
    /// The next frame read or written.
    public internal(set) var position: Int64 = 0

    var handle: OpaquePointer?
    /// Keeps the in-memory bytes alive for as long as libsndfile may call back into them.
    private let stream: MemoryStream?
    /// Frames moved per libsndfile call when (de)interleaving or converting: 1024, fewer for
    /// wide files so the staging stays small (a hostile header may claim 1024 channels).
    let chunkFrames: Int
    /// Interleaved staging for one chunk of any sample type (8 bytes per sample).
    let scratch: UnsafeMutableRawPointer
    /// Doubles read from float files before they become integers (8 bytes per sample).
    let converted: UnsafeMutablePointer<Double>
    /// Quantized Int32 staging for float writes into integer files.
    let quantized: UnsafeMutablePointer<Int32>

    /// libsndfile reports open failures through a process-wide error slot, so opening and
    /// reading that slot happen under one lock; tests open files in parallel.
    static let libraryLock = Mutex(())

    /// Opens a file for reading.
    public convenience init(readingPath path: String) throws(SoundFileError) {
        let name = (path as NSString).lastPathComponent
        var info = SF_INFO()
        let handle = try Self.open(name: name) { sf_open(path, Int32(SFM_READ), &info) }
        let file = FileHandle(forReadingAtPath: path)
        defer { try? file?.close() }
        try self.init(handle: handle, info: info, name: name, stream: nil, writing: false) { offset, count in
            guard let file, (try? file.seek(toOffset: UInt64(offset))) != nil else { return [] }
            return [UInt8]((try? file.read(upToCount: count)) ?? Data())
        }
    }

    /// Opens bytes in memory for reading; `name` is what error messages call them.
    public convenience init(readingData data: Data, name: String = "data") throws(SoundFileError) {
        let stream = MemoryStream(data)
        var io = MemoryStream.callbacks
        var info = SF_INFO()
        let user = Unmanaged.passUnretained(stream).toOpaque()
        let handle = try Self.open(name: name) { sf_open_virtual(&io, Int32(SFM_READ), &info, user) }
        try self.init(handle: handle, info: info, name: name, stream: stream, writing: false) { offset, count in
            guard offset < data.count else { return [] }
            let start = data.startIndex + offset
            return [UInt8](data[start..<(start + min(count, data.count - offset))])
        }
    }

    /// Creates (or replaces) a file to write in `format`, recording `channelMap` when the
    /// container can hold one (WAV writes it as a channel mask, CAF as a `chan` chunk).
    public convenience init(writingPath path: String, format: SoundFileFormat, channelMap: [ChannelPosition]? = nil)
        throws(SoundFileError) {
        let name = (path as NSString).lastPathComponent
        guard format.isWritable else {
            throw SoundFileError(kind: .unsupportedEncoding, file: name,
                                 message: "libsndfile cannot write \(format.type) with encoding 0x\(String(format.encoding.rawValue, radix: 16)), \(format.channels) channels at \(format.sampleRate) Hz.")
        }
        var info = SF_INFO(frames: 0, samplerate: Int32(format.sampleRate), channels: Int32(format.channels),
                           format: format.formatWord, sections: 0, seekable: 0)
        let handle = try Self.open(name: name) { sf_open(path, Int32(SFM_WRITE), &info) }
        try self.init(handle: handle, info: info, name: name, stream: nil, writing: true)
        if let channelMap, channelMap.count == format.channels { record(channelMap, handle) }
    }

    /// `read(offset, count)` gives the bytes of a file being read, for its channel layout chunk.
    private init(handle: OpaquePointer, info: SF_INFO, name: String, stream: MemoryStream?, writing: Bool,
                 read: (Int, Int) -> [UInt8] = { _, _ in [] }) throws(SoundFileError) {
        guard info.channels > 0, info.channels <= Int32(Self.maximumChannels), info.samplerate > 0 else {
            sf_close(handle)
            throw SoundFileError(kind: .malformed, file: name,
                                 message: "Header declares \(info.channels) channels at \(info.samplerate) Hz.")
        }
        self.handle = handle
        self.name = name
        self.stream = stream
        self.isWriting = writing
        self.format = SoundFileFormat(info)
        self.isBigEndian = sf_command(handle, Int32(SFC_RAW_DATA_NEEDS_ENDSWAP), nil, 0) == Int32(SF_TRUE)
        self.frameCount = writing ? 0 : max(info.frames, 0)
        chunkFrames = max(16, min(1024, 16_384 / Int(info.channels)))
        let samples = chunkFrames * Int(info.channels)
        scratch = .allocate(byteCount: samples * 8, alignment: 16)
        converted = .allocate(capacity: writing ? 0 : samples)
        quantized = .allocate(capacity: writing ? samples : 0)
        if !writing, format.type != .aiff && format.type != .caf
            || (ChannelLayoutChunk.tagChannels(type: format.type, read: read) ?? Int(info.channels)) >= Int(info.channels) {
            channelMap = Self.readChannelMap(handle, channels: Int(info.channels))
        }
        // Out-of-range floats clip instead of wrapping, and integers written to float files are
        // scaled to ±1 (libsndfile's default stores 16384 as 16384.0). Flags travel in `datasize`.
        sf_command(handle, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        sf_command(handle, Int32(SFC_SET_SCALE_INT_FLOAT_WRITE), nil, Int32(SF_TRUE))
    }

    deinit {
        close()
        scratch.deallocate()
        converted.deallocate()
        quantized.deallocate()
    }

    /// Flushes and closes; later calls fail with `.io`. Closing twice is harmless.
    public func close() {
        guard let handle else { return }
        sf_close(handle)
        self.handle = nil
    }

    public var isOpen: Bool { handle != nil }

    private static func readChannelMap(_ handle: OpaquePointer, channels: Int) -> [ChannelPosition]? {
        var map = [Int32](repeating: 0, count: channels)
        let found = sf_command(handle, Int32(SFC_GET_CHANNEL_MAP_INFO), &map, Int32(channels * MemoryLayout<Int32>.size))
        guard found == Int32(SF_TRUE), !map.contains(Int32(SF_CHANNEL_MAP_INVALID)) else { return nil }
        return map.map(ChannelPosition.init(rawValue:))
    }

    /// Containers that cannot hold a map (AIFF, FLAC) ignore it; the file is still valid.
    private func record(_ map: [ChannelPosition], _ handle: OpaquePointer) {
        var raw = map.map(\.rawValue)
        if sf_command(handle, Int32(SFC_SET_CHANNEL_MAP_INFO), &raw, Int32(raw.count * MemoryLayout<Int32>.size)) == Int32(SF_TRUE) {
            channelMap = map
        }
    }

    /// Moves to `frame` (0…frameCount) for the next read or write.
    public func seek(to frame: Int64) throws(SoundFileError) {
        let handle = try openHandle()
        guard frame >= 0, frame <= frameCount else {
            throw error(.invalidArgument, "Cannot seek to frame \(frame) of \(frameCount).")
        }
        guard sf_seek(handle, frame, SEEK_SET) >= 0 else { throw libraryError(.io, handle) }
        position = frame
    }

    func openHandle() throws(SoundFileError) -> OpaquePointer {
        guard let handle else { throw error(.io, "The file is closed.") }
        return handle
    }

    func error(_ kind: SoundFileError.Kind, _ message: String) -> SoundFileError {
        SoundFileError(kind: kind, file: name, message: message)
    }

    /// The error libsndfile recorded on an open handle.
    func libraryError(_ kind: SoundFileError.Kind, _ handle: OpaquePointer) -> SoundFileError {
        SoundFileError(kind: kind, file: name, message: String(cString: sf_strerror(handle)), code: sf_error(handle))
    }

    /// Runs an `sf_open` variant, turning a nil handle into an error that quotes libsndfile.
    private static func open(name: String, _ body: () -> OpaquePointer?) throws(SoundFileError) -> OpaquePointer {
        let result: Result<OpaquePointer, SoundFileError> = libraryLock.withLock { _ in
            if let handle = body() { return .success(handle) }
            let code = sf_error(nil)
            let message = String(cString: sf_strerror(nil))
            return .failure(SoundFileError(kind: SoundFileError.kind(ofLibraryCode: code), file: name,
                                           message: message, code: code))
        }
        return try result.get()
    }
}
