import Foundation

/// Compressed audio that arrives in pieces — an Audio Queue's enqueued buffers of MP3 frames — and
/// is decoded by libsndfile (mpg123 for MP3) as it comes.
///
/// libsndfile reads whole files, not packets, so each piece is appended to the bytes received so
/// far and the stream is decoded again from memory, from its start; the frames past those already
/// returned are the piece's output. An MPEG frame cut at the end of a piece decodes once the next piece
/// completes it, so output may lag input by one frame (1152 samples) until `finish()`.
/// Control side only (it allocates); the cost grows with the stream, which suits the short
/// files of a simulation.
public final class CompressedStreamDecoder {
    private var bytes = Data()
    private var decodedFrames: Int64 = 0
    /// The stream's rate and channel count, known once the first frames decode.
    public private(set) var sampleRate: Int?
    public private(set) var channels: Int?

    public init() {}

    /// Appends `piece` and returns the frames it completes, interleaved Float32 (possibly none).
    public func append(_ piece: UnsafeRawBufferPointer) throws(SoundFileError) -> [Float] {
        bytes.append(contentsOf: piece)
        return try decodeNewFrames()
    }

    /// Bytes received so far.
    public var byteCount: Int { bytes.count }

    private func decodeNewFrames() throws(SoundFileError) -> [Float] {
        let file: SoundFile
        do {
            file = try SoundFile(readingData: bytes, name: "stream")
        } catch let error where error.kind == .unrecognisedFormat || error.kind == .malformed {
            // Too few bytes yet to recognise the stream: wait for the next piece.
            if decodedFrames == 0 { return [] }
            throw error
        }
        defer { file.close() }
        sampleRate = file.format.sampleRate
        channels = file.format.channels
        // Decoded from the start every time: seeking in a stream cut mid-frame is not exact.
        let total = Int(file.frameCount)
        guard total > decodedFrames else { return [] }
        let channelCount = file.format.channels
        var samples = [Float](repeating: 0, count: total * channelCount)
        let got = try samples.withUnsafeMutableBufferPointer { buffer throws(SoundFileError) in
            try file.read(interleavedInto: buffer.baseAddress!, frames: total)
        }
        guard got > decodedFrames else { return [] }
        samples.removeLast((total - got) * channelCount)
        samples.removeFirst(Int(decodedFrames) * channelCount)
        decodedFrames = Int64(got)
        return samples
    }
}
