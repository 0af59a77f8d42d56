import FuzzDriver
import AudioFiles

/// MP3 arriving in pieces, as an Audio Queue's enqueued buffers reach libmpg123's feed decoder:
/// the first byte sets the piece size, the rest is the stream. A damaged stream must give a
/// `SoundFileError`, and the samples out must be whole frames once the format is known.
@main
enum FuzzMP3 {
    static func main() { FuzzDriver.run(testOneInput) }
}

func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzDriver.bytes(data, size)
    guard let first = input.first else { return 0 }
    let piece = 1 + Int(first) * 8
    let stream = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input.dropFirst()))
    let decoder = CompressedStreamDecoder()
    var offset = 0
    var samples = 0
    while offset < stream.count {
        let end = min(offset + piece, stream.count)
        guard let decoded = try? decoder.append(UnsafeRawBufferPointer(rebasing: stream[offset..<end])) else { break }
        samples += decoded.count
        offset = end
    }
    if let channels = decoder.channels { FuzzDriver.require(channels > 0 && samples % channels == 0, "a partial frame") }
    return 0
}
