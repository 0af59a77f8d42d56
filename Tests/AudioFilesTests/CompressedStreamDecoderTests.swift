import AudioFiles
import Foundation
import Testing

/// MP3 arriving in pieces (as an Audio Queue receives it) decodes to the same tone as the whole file.
@Suite struct CompressedStreamDecoderTests {
    @Test func piecesDecodeToTheWholeStreamsTone() throws {
        let mp3 = try TestToneFile.mp3(frequency: 1000, amplitude: 0.5, sampleRate: 44_100, seconds: 1)
        let whole = try SoundFile(readingData: mp3, name: "tone.mp3")
        #expect(whole.format.type == .mpeg)
        let decoder = CompressedStreamDecoder()
        var samples: [Float] = []
        var offset = 0
        while offset < mp3.count {
            let piece = mp3[offset..<min(offset + 1500, mp3.count)]
            samples += try Data(piece).withUnsafeBytes { try decoder.append($0) }
            offset += 1500
        }
        #expect(decoder.sampleRate == 44_100 && decoder.channels == 1)
        // Every frame of the file arrives, in order: within one MPEG frame of the whole-file count.
        #expect(abs(samples.count - Int(whole.frameCount)) <= 1152, "\(samples.count) of \(whole.frameCount)")
        let middle = samples[11_025..<33_075]
        let rms = (middle.reduce(0) { $0 + $1 * $1 } / Float(middle.count)).squareRoot()
        #expect(abs(Double(rms) - 0.5 / 2.0.squareRoot()) < 0.03, "rms \(rms)")
        // 1 kHz: 2 zero crossings per ms, 44.1 samples per ms.
        let crossings = zip(middle, middle.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        #expect(abs(crossings - 500) <= 2, "\(crossings) upward crossings in 0.5 s")
    }

    /// Found by fuzzing (Fuzz/, fuzz-mp3): frames in a second format used to come out interleaved
    /// after the first format's samples, so a reader split them into the wrong frames.
    @Test func aStreamThatChangesFormatIsRefusedAtTheChange() throws {
        let first = try TestToneFile.mp3(frequency: 1000, sampleRate: 44_100, seconds: 1)
        let second = try TestToneFile.mp3(frequency: 1000, sampleRate: 22_050, seconds: 1)
        let decoder = CompressedStreamDecoder()
        var decoded = try first.withUnsafeBytes { try decoder.append($0) }
        #expect(decoder.sampleRate == 44_100 && decoded.count > 40_000)
        #expect {
            decoded += try second.withUnsafeBytes { try decoder.append($0) }
        } throws: { error in
            "\(error)".contains("the stream changes from 1 channel(s) at 44100 Hz to 1 at 22050 Hz")
        }
        #expect(decoder.sampleRate == 44_100 && decoder.channels == 1)
    }

    @Test func garbageIsAnErrorNamingTheStream() throws {
        let decoder = CompressedStreamDecoder()
        let junk = Data(repeating: 0x41, count: 10)
        #expect(try junk.withUnsafeBytes { try decoder.append($0) }.isEmpty)
    }
}
