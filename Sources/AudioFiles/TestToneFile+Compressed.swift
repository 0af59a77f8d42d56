import Foundation
import Synchronization

extension TestToneFile {
    /// Numbers scratch files, so tests encoding at once in one process never share one.
    private static let scratchCounter = Mutex(0)

    /// The same tone as an MPEG Layer III stream (libsndfile's LAME encoder): the compressed
    /// soundtrack a simulated game or player hands its Audio Queue. Encoded through a scratch
    /// file because libsndfile's in-memory streams are read-only here; the bytes are the same
    /// on every run (LAME is deterministic for the same input and settings).
    public static func mp3(frequency: Int, amplitude: Double = 0.25, sampleRate: Int = 44_100, seconds: Int = 1)
        throws(SoundFileError) -> Data {
        try mp3Cache.value(for: .init(frequency: frequency, amplitude: amplitude, sampleRate: sampleRate, seconds: seconds))
        { () throws(SoundFileError) -> Data in
            try encodeMP3(frequency: frequency, amplitude: amplitude, sampleRate: sampleRate, seconds: seconds)
        }
    }

    private static let mp3Cache = TestToneCache<Data>()

    private static func encodeMP3(frequency: Int, amplitude: Double, sampleRate: Int, seconds: Int) throws(SoundFileError) -> Data {
        let pcm = try SoundFile(readingData: wav(frequency: frequency, amplitude: amplitude, sampleRate: sampleRate, seconds: seconds),
                                name: "tone.wav")
        defer { pcm.close() }
        var samples = [Float](repeating: 0, count: Int(pcm.frameCount))
        let frames = try samples.withUnsafeMutableBufferPointer { buffer throws(SoundFileError) in
            try pcm.read(interleavedInto: buffer.baseAddress!, frames: buffer.count)
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("soundcheck-tone-\(getpid())-\(frequency)-\(seconds)-\(scratchCounter.withLock { $0 += 1; return $0 }).mp3").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let format = SoundFileFormat(type: .mpeg, encoding: .mpegLayer3, sampleRate: sampleRate, channels: 1)
        let file = try SoundFile(writingPath: path, format: format)
        try samples.withUnsafeBufferPointer { buffer throws(SoundFileError) in
            try file.write(interleaved: buffer.baseAddress!, frames: frames)
        }
        file.close()
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SoundFileError(kind: .system, file: "tone.mp3", message: "The encoded file could not be read back.")
        }
        return data
    }
}
