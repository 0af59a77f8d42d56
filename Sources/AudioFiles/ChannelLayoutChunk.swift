import Foundation

/// The channel count of an AIFF or CAF file's channel layout tag (its `CHAN` / `chan` chunk),
/// read from the file's own bytes.
///
/// libsndfile 1.2.0 builds a tag's channel map with as many entries as the tag names, but
/// `SFC_GET_CHANNEL_MAP_INFO` copies as many as the header declares: a file whose header says 255
/// channels and whose tag says stereo makes it read past its map (a heap over-read, found by
/// fuzzing: Fuzz/, fuzz-sound-file). The map is asked for only when the tag covers every channel.
enum ChannelLayoutChunk {
    /// `read(offset, count)` gives up to `count` bytes of the file from `offset` (fewer at its end).
    /// Nil when the file has no layout chunk among its first 64 chunks.
    static func tagChannels(type: SoundFileType, read: (Int, Int) -> [UInt8]) -> Int? {
        let header = read(0, 12)
        guard header.count == 12 else { return nil }
        // CAF: 'caff', version, flags; chunks of type (4) and size (8). AIFF: 'FORM', size, 'AIFF'
        // or 'AIFC'; chunks of type (4) and size (4), padded to an even length.
        let isCAF = type == .caf
        var offset = isCAF ? 8 : 12
        let sizeBytes = isCAF ? 8 : 4
        let wanted = Array((isCAF ? "chan" : "CHAN").utf8)
        for _ in 0..<64 {
            let chunk = read(offset, 4 + sizeBytes + 4)
            guard chunk.count >= 4 + sizeBytes else { return nil }
            if Array(chunk[0..<4]) == wanted {
                guard chunk.count == 4 + sizeBytes + 4 else { return nil }
                return Int(bigEndian(chunk[(4 + sizeBytes)...]) & 0xFFFF)
            }
            let size = bigEndian(chunk[4..<(4 + sizeBytes)])
            guard size >= 0, size < UInt64(Int.max / 2) else { return nil }
            offset += 4 + sizeBytes + Int(size) + (isCAF ? 0 : Int(size) & 1)
        }
        return nil
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
