import SimCore

/// Damages valid file bytes the ways real corrupt and hostile files are damaged: flipped bits,
/// truncation, header fields overwritten with extreme values, chunk sizes made huge, and
/// spliced garbage. Draws only from the `SimRandom` it is given, so a seed replays exactly.
struct ByteMutator {
    /// Chunk IDs whose following size field is worth attacking (WAV, AIFF, CAF, FLAC).
    static let chunkIDs: [[UInt8]] = ["RIFF", "fmt ", "data", "FORM", "COMM", "SSND", "caff", "desc", "kuki", "pakt", "fLaC"]
        .map { Array($0.utf8) }
    static let extremes: [UInt32] = [0, 1, 2, 0x7F, 0xFF, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF]

    var random: SimRandom

    /// Applies one to three mutations.
    mutating func mutate(_ bytes: inout [UInt8]) {
        for _ in 0..<(1 + random.uniform(below: 3)) {
            switch random.uniform(below: 6) {
            case 0: flipBits(&bytes)
            case 1: truncate(&bytes)
            case 2: overwriteHeaderField(&bytes)
            case 3: hugeChunkSize(&bytes)
            case 4: splice(&bytes)
            default: overwriteHeaderField(&bytes); flipBits(&bytes)
            }
        }
    }

    private mutating func offset(in bytes: [UInt8], within limit: Int = .max) -> Int? {
        let count = min(bytes.count, limit)
        return count > 0 ? Int(random.uniform(below: UInt64(count))) : nil
    }

    private mutating func flipBits(_ bytes: inout [UInt8]) {
        for _ in 0..<(1 + random.uniform(below: 8)) {
            guard let at = offset(in: bytes) else { return }
            bytes[at] ^= 1 << UInt8(random.uniform(below: 8))
        }
    }

    private mutating func truncate(_ bytes: inout [UInt8]) {
        guard let at = offset(in: bytes) else { return }
        bytes.removeSubrange(at...)
    }

    /// Writes an extreme or random 16/32-bit value, either byte order, into the first 128 bytes.
    private mutating func overwriteHeaderField(_ bytes: inout [UInt8]) {
        guard let at = offset(in: bytes, within: 128) else { return }
        let value = random.chance(1, in: 2) ? random.pick(Self.extremes) : UInt32(truncatingIfNeeded: random.next())
        write(value, at: at, width: random.chance(1, in: 3) ? 2 : 4, bigEndian: random.chance(1, in: 2), into: &bytes)
    }

    /// Finds a chunk ID and sets the size that follows it to an extreme value.
    private mutating func hugeChunkSize(_ bytes: inout [UInt8]) {
        let id = random.pick(Self.chunkIDs)
        guard let found = Self.firstIndex(of: id, in: bytes) else { return overwriteHeaderField(&bytes) }
        let sizeAt = found + id.count + (id == Array("desc".utf8) || id == Array("data".utf8) ? Int(random.uniform(below: 5)) : 0)
        write(random.pick(Self.extremes), at: sizeAt, width: 4, bigEndian: random.chance(1, in: 2), into: &bytes)
    }

    /// Inserts up to 64 random bytes somewhere in the first half.
    private mutating func splice(_ bytes: inout [UInt8]) {
        let at = offset(in: bytes, within: max(bytes.count / 2, 1)) ?? 0
        let garbage = (0..<random.uniform(below: 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes.insert(contentsOf: garbage, at: min(at, bytes.count))
    }

    private func write(_ value: UInt32, at start: Int, width: Int, bigEndian: Bool, into bytes: inout [UInt8]) {
        for i in 0..<width where start + i < bytes.count {
            let shift = bigEndian ? (width - 1 - i) * 8 : i * 8
            bytes[start + i] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
        }
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        outer: for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            for i in 1..<pattern.count where bytes[start + i] != pattern[i] { continue outer }
            return start
        }
        return nil
    }
}
