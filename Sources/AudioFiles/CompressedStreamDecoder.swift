import CMpg123
import Foundation

/// Compressed audio that arrives in pieces — an Audio Queue's enqueued buffers of MP3 frames — and
/// is decoded by libmpg123's feed decoder as it comes: each piece is fed once, and the frames it
/// completes come out (an MPEG frame cut at the end of a piece decodes when the next piece
/// completes it). Output is interleaved Float32 at the stream's own rate and channel count.
/// Control side only (it allocates).
public final class CompressedStreamDecoder {
    /// The decoder, or nil when libmpg123 could not make one (then `append` says why).
    private let handle: OpaquePointer?
    private let openStatus: Int32
    private var received = 0
    /// The stream's rate and channel count, known once the first frame header is read.
    public private(set) var sampleRate: Int?
    public private(set) var channels: Int?

    public init() {
        var status: Int32 = 0
        let handle = mpg123_new(nil, &status)
        if let handle {
            // Quiet: mpg123 would print to stderr about the stream (e.g. Xing headers of partial files).
            mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_QUIET.rawValue | MPG123_FORCE_FLOAT.rawValue), 0)
            status = mpg123_open_feed(handle)
        }
        self.handle = status == MPG123_OK.rawValue ? handle : nil
        if self.handle == nil, let handle { mpg123_delete(handle) }
        openStatus = status
    }

    deinit { if let handle { mpg123_delete(handle) } }

    /// Bytes received so far.
    public var byteCount: Int { received }

    /// Feeds `piece` and returns the frames it completes, interleaved Float32 (possibly none).
    public func append(_ piece: UnsafeRawBufferPointer) throws(SoundFileError) -> [Float] {
        guard let handle else { throw Self.error("cannot open an MPEG feed decoder", openStatus) }
        received += piece.count
        var samples: [Float] = []
        var input = piece.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) }
        var inputSize = piece.count
        var chunk = [Float](repeating: 0, count: 8192)
        while true {
            var done = 0
            let status = chunk.withUnsafeMutableBytes { out in
                mpg123_decode(handle, input, inputSize, out.baseAddress, out.count, &done)
            }
            input = nil; inputSize = 0  // fed once; later calls only drain what it completed
            samples.append(contentsOf: chunk.prefix(done / MemoryLayout<Float>.size))
            switch status {
            case MPG123_NEW_FORMAT.rawValue: try readFormat()
            case MPG123_OK.rawValue: continue
            case MPG123_NEED_MORE.rawValue, MPG123_DONE.rawValue: return samples
            default: throw Self.error(String(cString: mpg123_strerror(handle)), status)
            }
        }
    }

    /// The stream's format, from its first frame. A later frame in another rate or channel count
    /// (a damaged or spliced stream) is refused: the samples already handed out are interleaved
    /// for the first format, and a reader cannot tell where the next one would begin (found by
    /// fuzzing: Fuzz/, fuzz-mp3).
    private func readFormat() throws(SoundFileError) {
        guard let handle else { return }
        var rate = 0, channelCount: Int32 = 0, encoding: Int32 = 0
        guard mpg123_getformat(handle, &rate, &channelCount, &encoding) == MPG123_OK.rawValue else { return }
        if let sampleRate, let channels, sampleRate != rate || channels != Int(channelCount) {
            throw Self.error("the stream changes from \(channels) channel(s) at \(sampleRate) Hz to \(channelCount) at \(rate) Hz", MPG123_NEW_FORMAT.rawValue)
        }
        sampleRate = rate
        channels = Int(channelCount)
    }

    private static func error(_ message: String, _ status: Int32) -> SoundFileError {
        SoundFileError(kind: .malformed, file: "stream", message: "MPEG decoding: \(message)", code: status)
    }
}
