import AudioFiles
import Foundation
import AVFAudio
import SimCore
import Testing

/// Corrupt, truncated and hostile files produce errors, never crashes, through both the
/// in-memory (`Data`) path and the file path.
///
/// Deterministic: case N mutates seed file N % seeds with `SimRandom(seed: rootSeed).fork("case-N")`.
/// To replay one case, run with `SOUNDCHECK_FUZZ_CASE=N`.
@Suite("Hostile files")
struct HostileFileTests {
    static let rootSeed: UInt64 = 0x50DC_4EC4_F11E
    static let caseCount = 10_000

    /// An AIFF whose header declares 255 channels and whose CHAN chunk's layout tag is stereo:
    /// libsndfile 1.2.0 keeps a 2-entry map and would copy 255 entries out of it (a heap over-read
    /// the address sanitizer reported; found by Fuzz/, fuzz-sound-file). The map is not asked for.
    static func aiff(channels: UInt16, layoutTag: UInt32) -> Data {
        func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func be32(_ value: UInt32) -> [UInt8] { be16(UInt16(value >> 16)) + be16(UInt16(value & 0xFFFF)) }
        let frames: UInt32 = 16
        let samples = [UInt8](repeating: 0x10, count: Int(frames) * Int(channels) * 2)
        let comm = Array("COMM".utf8) + be32(18) + be16(channels) + be32(frames) + be16(16)
            + [0x40, 0x0B, 0xFA, 0, 0, 0, 0, 0, 0, 0]   // 8000 Hz, 80-bit extended
        let chan = Array("CHAN".utf8) + be32(12) + be32(layoutTag) + be32(0) + be32(0)
        let ssnd = Array("SSND".utf8) + be32(UInt32(8 + samples.count)) + be32(0) + be32(0) + samples
        let body = Array("AIFF".utf8) + comm + chan + ssnd
        return Data(Array("FORM".utf8) + be32(UInt32(body.count)) + body)
    }

    @Test("an AIFF whose channel layout tag names fewer channels than its header is read without its map")
    func layoutTagShorterThanChannels() throws {
        let stereoTag: UInt32 = 101 << 16 | 2   // kAudioChannelLayoutTag_Stereo
        let hostile = try SoundFile(readingData: Self.aiff(channels: 255, layoutTag: stereoTag), name: "hostile.aiff")
        #expect(hostile.format.channels == 255)
        #expect(hostile.channelMap == nil)
        let matching = try SoundFile(readingData: Self.aiff(channels: 2, layoutTag: stereoTag), name: "stereo.aiff")
        #expect(matching.channelMap == [.left, .right])
    }

    @Test("FILES-HOSTILE-INPUT: 10,000 mutated WAV/AIFF/CAF/FLAC files are rejected or read, never crash")
    func mutatedFiles() throws {
        let scratch = try ScratchDirectory()
        let seeds = try Self.seedFiles(in: scratch)
        let root = SimRandom(seed: Self.rootSeed)
        let only = ProcessInfo.processInfo.environment["SOUNDCHECK_FUZZ_CASE"].flatMap(Int.init)
        var tally = Tally()
        let target = scratch.file("case")
        for index in only.map({ [$0] }) ?? Array(0..<Self.caseCount) {
            let seed = seeds[index % seeds.count]
            var mutator = ByteMutator(random: root.fork("case-\(index)"))
            var bytes = seed.bytes
            mutator.mutate(&bytes)
            tally.count(Self.readFromData(Data(bytes), name: "case-\(index).\(seed.ext)"))
            let url = target.appendingPathExtension(seed.ext)
            try Self.overwrite(url, with: bytes)
            tally.count(Self.readFromPath(url))
        }
        print("hostile files (seed \(Self.rootSeed)): \(tally.opened) opened, \(tally.rejected) rejected, \(tally.frames) frames read")
        #expect(tally.opened > 0 && tally.rejected > 0, "the mutations should both break and spare files")
    }

    struct Tally {
        var opened = 0, rejected = 0, frames = 0

        mutating func count(_ frames: Int?) {
            if let frames { opened += 1; self.frames += frames } else { rejected += 1 }
        }
    }

    /// Opens through libsndfile's virtual I/O and reads everything; nil when rejected.
    static func readFromData(_ data: Data, name: String) -> Int? {
        guard let file = try? SoundFile(readingData: data, name: name) else { return nil }
        let channels = file.format.channels
        var samples = [Float](repeating: 0, count: 64 * channels)
        var total = 0
        for _ in 0..<64 {
            let got = (try? samples.withUnsafeMutableBufferPointer { try file.read(interleavedInto: $0.baseAddress!, frames: 64) }) ?? 0
            total += got
            if got == 0 { break }
        }
        try? file.seek(to: file.frameCount / 2)
        return total
    }

    /// Opens with AVAudioFile from a path and reads up to 16 buffers; nil when rejected.
    static func readFromPath(_ url: URL) -> Int? {
        guard let file = try? AVAudioFile(forReading: url),
              let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 64) else { return nil }
        var total = 0
        for _ in 0..<16 {
            guard (try? file.read(into: buffer)) != nil, buffer.frameLength > 0 else { break }
            total += Int(buffer.frameLength)
        }
        file.framePosition = .max
        return total
    }

    /// Replaces a file's bytes by unlinking and creating it: rewriting in place (`O_TRUNC`, or
    /// Foundation's `Data.write`) makes ext4 flush on close, and 10,000 flushes took ~15 s.
    static func overwrite(_ url: URL, with bytes: [UInt8]) throws {
        unlink(url.path)
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Tiny valid files (48 frames each): PCM, float and codec encodings: the starting points for mutation.
    static func seedFiles(in scratch: ScratchDirectory) throws -> [(ext: String, bytes: [UInt8])] {
        let kinds: [(String, SoundFileType, SampleEncoding, Int)] = [
            ("wav", .wav, .pcm16, 2), ("wav", .wav, .float32, 1), ("aiff", .aiff, .pcm16, 2), ("aiff", .aiff, .pcm24, 3),
            ("caf", .caf, .pcm16, 2), ("caf", .caf, .float32, 6), ("flac", .flac, .pcm16, 2), ("flac", .flac, .pcm24, 1),
            ("caf", .caf, .alac16, 2), ("aiff", .aiff, .ulaw, 1), ("wav", .wav, .imaADPCM, 2), ("wav", .wavex, .pcm16, 6),
        ]
        return try kinds.enumerated().map { index, kind in
            let url = scratch.file("seed\(index).\(kind.0)")
            let file = try SoundFile(writingPath: url.path,
                                     format: SoundFileFormat(type: kind.1, encoding: kind.2, sampleRate: 44_100, channels: kind.3))
            let samples = (0..<(48 * kind.3)).map { Float(Signal.int16(frame: $0, channel: 0)) / 32_768 }
            try samples.withUnsafeBufferPointer { try file.write(interleaved: $0.baseAddress!, frames: 48) }
            file.close()
            return (kind.0, [UInt8](try Data(contentsOf: url)))
        }
    }
}
