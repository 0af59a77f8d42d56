import AudioFiles
import Foundation

/// Writes the generated seeds of the audio targets' corpora (`Tools/fuzz --seed`): short tones in
/// each container and encoding the readers meet, small enough that libFuzzer mutates them quickly.
/// The text targets' seeds are the repository's own files, which Tools/fuzz copies.
@main
enum FuzzSeeds {
    static func main() throws {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: fuzz-seeds CORPUS-FOLDER\n".utf8))
            exit(2)
        }
        let corpus = URL(fileURLWithPath: CommandLine.arguments[1])
        try soundFiles(into: corpus.appendingPathComponent("sound-file"))
        try mpeg4Files(into: corpus.appendingPathComponent("m4a"))
        try mp3Streams(into: corpus.appendingPathComponent("mp3"))
    }

    /// 64 frames of a 1 kHz tone at 8 kHz: a few hundred bytes per file.
    static let tone: [Float] = (0..<128).map { Float(sin(Double($0 / 2) * 2 * .pi / 8) * 0.5) }

    static func soundFiles(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let formats: [(String, SoundFileType, SampleEncoding)] = [
            ("wav-16", .wav, .pcm16), ("wav-24", .wav, .pcm24), ("wav-float", .wav, .float32), ("aiff-16", .aiff, .pcm16),
            ("caf-16", .caf, .pcm16), ("caf-float", .caf, .float32), ("flac-16", .flac, .pcm16),
        ]
        for (name, type, encoding) in formats {
            let path = folder.appendingPathComponent("seed-\(name)").path
            let file = try SoundFile(writingPath: path, format: SoundFileFormat(type: type, encoding: encoding, sampleRate: 8000, channels: 2),
                                     channelMap: [.left, .right])
            try tone.withUnsafeBufferPointer { buffer throws(SoundFileError) in try file.write(interleaved: buffer.baseAddress!, frames: 64) }
            file.close()
        }
    }

    static func mpeg4Files(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, codec) in [("aac", MPEG4Audio.Codec.aac), ("alac", .appleLossless)] {
            let settings = MPEG4Audio.Settings(codec: codec, brand: .m4a, sampleRate: 8000, channels: 2, bitRate: codec == .aac ? 16_000 : nil,
                                               bestQuality: false)
            try MPEG4Audio.write(Array(tone), settings: settings, to: folder.appendingPathComponent("seed-\(name)").path)
        }
    }

    /// The first byte is the piece size of the feed (see fuzz-mp3); a few frames of the tone.
    static func mp3Streams(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stream = try TestToneFile.mp3(frequency: 1000, sampleRate: 8000, seconds: 1)
        for (name, piece) in [("whole", UInt8(255)), ("pieces", UInt8(12))] {
            try (Data([piece]) + stream.prefix(1200)).write(to: folder.appendingPathComponent("seed-\(name)"))
        }
    }
}
