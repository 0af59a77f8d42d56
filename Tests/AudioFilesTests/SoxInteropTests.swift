import Foundation
import AVFAudio
import Testing

/// Files Soundcheck writes are read correctly by sox, and files sox writes are read correctly by
/// Soundcheck: the bench's files are real files, not a private dialect.
@Suite("sox interop")
struct SoxInteropTests {
    static let extensions = ["wav", "aiff", "caf", "flac"]

    @Test("FILES-INTEROP-SOX-READS: soxi and sox see our rate, channels, length and tone levels", arguments: extensions)
    func soxReadsOurFiles(ext: String) throws {
        try requireSox()
        let scratch = try ScratchDirectory()
        let url = scratch.file("tone.\(ext)")
        try writeTone(to: url, ext: ext)
        let path = url.path
        #expect(try Sox.run("soxi", ["-r", path]).output.trimmed == "48000")
        #expect(try Sox.run("soxi", ["-c", path]).output.trimmed == "2")
        #expect(try Sox.run("soxi", ["-s", path]).output.trimmed == "24000")
        for (channel, amplitude) in [(1, 0.5), (2, 0.25)] {
            let stat = try Sox.run("sox", [path, "-n", "remix", "\(channel)", "stat"])
            #expect(stat.status == 0, "\(stat.output)")
            let maximum = try #require(Self.statValue("Maximum amplitude", stat.output), "\(stat.output)")
            let rms = try #require(Self.statValue("RMS     amplitude", stat.output), "\(stat.output)")
            #expect(abs(maximum - amplitude) < 0.001, "channel \(channel) peak \(maximum)")
            #expect(abs(rms - amplitude / 2.squareRoot()) < 0.001, "channel \(channel) RMS \(rms)")
        }
    }

    @Test("FILES-INTEROP-SOX-WRITES: sox-made tones read with the right length, rate, peak and channels",
          arguments: [("wav", "16"), ("aiff", "16"), ("caf", "24"), ("flac", "24")])
    func weReadSoxFiles(ext: String, bits: String) throws {
        try requireSox()
        let scratch = try ScratchDirectory()
        let path = scratch.file("tone.\(ext)").path
        // Left: 1000 Hz, right: 250 Hz, both at half scale.
        let made = try Sox.run("sox", ["-n", "-r", "44100", "-c", "2", "-b", bits, path, "synth", "1", "sine", "1000", "sine", "250", "vol", "0.5"])
        #expect(made.status == 0, "\(made.output)")
        let file = try AVAudioFile(forReading: URL(fileURLWithPath: path))
        #expect(file.length == 44_100 && file.fileFormat.sampleRate == 44_100 && file.fileFormat.channelCount == 2)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 50_000))
        try file.read(into: buffer)
        #expect(buffer.frameLength == 44_100)
        let channels = try #require(buffer.floatChannelData)
        let frames = Int(buffer.frameLength)
        for (channel, hertz) in [(0, 1_000), (1, 250)] {
            let samples = UnsafeBufferPointer(start: channels[channel], count: frames)
            let peak = samples.reduce(Float(0)) { max($0, abs($1)) }
            #expect(abs(peak - 0.5) < 0.001, "channel \(channel) peak \(peak)")
            let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
            #expect(abs(crossings - 2 * hertz) <= 2, "channel \(channel): \(crossings) sign changes for \(hertz) Hz")
        }
    }

    /// Half a second of 1 kHz at 0.5 (left) and 0.25 (right), 48 kHz, 16-bit (24-bit for FLAC).
    private func writeTone(to url: URL, ext: String) throws {
        let settings: [String: Any] = [AVFormatIDKey: ext == "flac" ? kAudioFormatFLAC : kAudioFormatLinearPCM,
                                       AVSampleRateKey: 48_000.0, AVNumberOfChannelsKey: 2,
                                       AVLinearPCMBitDepthKey: ext == "flac" ? 24 : 16]
        let file = try AVAudioFile(forWriting: url, settings: settings)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 24_000))
        let channels = try #require(buffer.floatChannelData)
        for frame in 0..<24_000 {
            let phase = sin(2 * Double.pi * 1_000 * Double(frame) / 48_000)
            channels[0][frame] = Float(0.5 * phase)
            channels[1][frame] = Float(0.25 * phase)
        }
        buffer.frameLength = 24_000
        try file.write(from: buffer)
        file.close()
    }

    private func requireSox() throws {
        guard Sox.path("sox") != nil, Sox.path("soxi") != nil else {
            Issue.record(Comment(rawValue: Sox.missing))
            throw Sox.SoxMissing()
        }
    }

    /// A number from `sox … stat` output, e.g. "Maximum amplitude:     0.500031".
    static func statValue(_ label: String, _ output: String) -> Double? {
        output.split(separator: "\n").first { $0.hasPrefix(label) }
            .flatMap { $0.split(separator: ":").last }
            .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
