import Foundation
import OpenAVFAudio

/// AVAudioFile on real files (written and read through libsndfile), in a scratch folder.
enum FileChecks {
    /// A fresh scratch folder for one check, unique to this process (several `soundcheck`
    /// processes may run the checks at once); removed by the caller's `defer`.
    static func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-check-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The folder of this process's scratch files that several checks share; `soundcheck
    /// conformance` removes it when every check has run.
    static let scratchRoot = FileManager.default.temporaryDirectory
        .appendingPathComponent("soundcheck-checks-\(ProcessInfo.processInfo.processIdentifier)")

    /// A new empty folder below `scratchRoot`, unique even when checks run in parallel (as the tests run them).
    static func uniqueScratch(_ name: String) throws -> URL {
        let url = scratchRoot.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A buffer of `frames` frames counting up (sample n = n / 65536), on every channel.
    static func ramp(_ format: AVAudioFormat, frames: Int) -> AVAudioPCMBuffer? {
        guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames)),
              let data = buffer.floatChannelData else { return nil }
        for channel in 0..<Int(format.channelCount) {
            for frame in 0..<frames { data[channel][frame] = Float(frame) / 65_536 }
        }
        buffer.frameLength = AVAudioFrameCount(frames)
        return buffer
    }

    static func settings(rate: Double, channels: Int, format: AudioFormatID = kAudioFormatLinearPCM, bits: Int = 16) -> [String: Any] {
        [AVFormatIDKey: format, AVSampleRateKey: rate, AVNumberOfChannelsKey: channels, AVLinearPCMBitDepthKey: bits]
    }

    static let all: [BuiltInCheck] = [
        BuiltInCheck(["FILE-WRITE-SETTINGS", "FILE-WRITE-FRAME-LENGTH", "FILE-LENGTH-FRAMES", "FILE-FILE-FORMAT", "FILE-PROCESSING-FORMAT",
                      "FILE-DEFAULT-PROCESSING-STANDARD", "FILE-NO-RATE-CONVERSION"],
                     "a file written with recorder settings holds the buffers' valid frames, and reads back in the standard format at its own rate") { p in
            let folder = try scratch("write")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("take.wav")
            do {
                let file = try AVAudioFile(forWriting: url, settings: settings(rate: 22_050, channels: 2))
                let buffer = try p.require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 4_096), "buffer")
                let ramp = try p.require(Self.ramp(file.processingFormat, frames: 1_000), "ramp")
                buffer.frameLength = 1_000
                for channel in 0..<2 { buffer.floatChannelData![channel].update(from: ramp.floatChannelData![channel], count: 1_000) }
                try file.write(from: buffer)
                try file.write(from: buffer)
                p.expect(file.length, equals: 2_000, "length after writing two buffers of 1,000 valid frames in 4,096 capacity")
            }
            let file = try AVAudioFile(forReading: url)
            p.expect(file.length, equals: 2_000, "length read back")
            p.expect(Double(file.length) / file.fileFormat.sampleRate, equals: 2_000 / 22_050, "duration from length and rate")
            p.expect(file.fileFormat.commonFormat, equals: .pcmFormatInt16, "the on-disk format is 16-bit")
            p.expect(file.processingFormat.isStandard, "the processing format is the standard one")
            p.expect(file.processingFormat.sampleRate == 22_050 && file.processingFormat.channelCount == 2, "at the file's rate and channels")
        },
        BuiltInCheck(["FILE-READ-FILLS-CAPACITY", "FILE-RANDOM-ACCESS", "FILE-ZERO-LENGTH-AT-END"],
                     "reads fill the buffer until the end, framePosition seeks, and a read at the end gives zero frames") { p in
            let folder = try scratch("read")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("ramp.caf")
            do {
                let file = try AVAudioFile(forWriting: url, settings: settings(rate: 48_000, channels: 1, bits: 24))
                try file.write(from: try p.require(ramp(file.processingFormat, frames: 1_000), "ramp"))
            }
            let file = try AVAudioFile(forReading: url)
            let buffer = try p.require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 300), "buffer")
            try file.read(into: buffer)
            p.expect(buffer.frameLength, equals: 300, "a read fills the capacity")
            p.expect(file.framePosition, equals: 300, "and moves the position")
            file.framePosition = 900
            try file.read(into: buffer)
            p.expect(buffer.frameLength, equals: 100, "a read near the end stops at the end")
            p.expect(buffer.floatChannelData![0][0], equals: Float(900) / 65_536, "after seeking to 900 the read starts at frame 900")
            try file.read(into: buffer)
            p.expect(buffer.frameLength, equals: 0, "a read at the end gives zero frames")
        },
        BuiltInCheck(["FILE-TYPE-FROM-EXTENSION"], "the extension chooses the container, and an existing file is overwritten") { p in
            let folder = try scratch("types")
            defer { try? FileManager.default.removeItem(at: folder) }
            for ext in ["wav", "aif", "caf"] {
                let url = folder.appendingPathComponent("tone.\(ext)")
                for frames in [2_000, 500] {
                    let file = try AVAudioFile(forWriting: url, settings: settings(rate: 44_100, channels: 1))
                    try file.write(from: try p.require(ramp(file.processingFormat, frames: frames), "ramp"))
                }
                let bytes = try Data(contentsOf: url).prefix(12)
                let magic = String(decoding: bytes.prefix(4), as: UTF8.self)
                p.expect(magic, equals: ["wav": "RIFF", "aif": "FORM", "caf": "caff"][ext]!, ".\(ext) container")
                p.expect(try AVAudioFile(forReading: url).length, equals: 500, ".\(ext) overwritten by the second file")
            }
        },
        BuiltInCheck(["FILE-TRANSPARENT-CODEC"], "a FLAC file is encoded as PCM is written and decoded as it is read") { p in
            let folder = try scratch("flac")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("ramp.flac")
            let ramp: AVAudioPCMBuffer
            do {
                let file = try AVAudioFile(forWriting: url, settings: settings(rate: 48_000, channels: 1, format: kAudioFormatFLAC))
                ramp = try p.require(Self.ramp(file.processingFormat, frames: 4_800), "ramp")
                try file.write(from: ramp)
            }
            let bytes = try Data(contentsOf: url)
            p.expect(String(decoding: bytes.prefix(4), as: UTF8.self), equals: "fLaC", "the file is FLAC on disk")
            let file = try AVAudioFile(forReading: url)
            let back = try p.require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 4_800), "buffer")
            try file.read(into: back)
            let same = (0..<4_800).allSatisfy { abs(back.floatChannelData![0][$0] - ramp.floatChannelData![0][$0]) < 1.0 / 32_768 }
            p.expect(back.frameLength == 4_800 && same, "the PCM read back matches what was written, to 16-bit precision")
        },
        BuiltInCheck(["FILE-BUFFER-FORMAT-MATCH"], "reading into or writing from a buffer of another format fails") { p in
            let folder = try scratch("mismatch")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = try AVAudioFile(forWriting: folder.appendingPathComponent("a.wav"), settings: settings(rate: 48_000, channels: 2))
            let wrong = try p.require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1), "mono 44.1 kHz")
            let buffer = try p.require(ramp(wrong, frames: 100), "buffer")
            var threw = false
            do { try file.write(from: buffer) } catch { threw = true }
            p.expect(threw, "writing a mono 44.1 kHz buffer to a stereo 48 kHz file throws")
            p.expect(file.length, equals: 0, "and writes nothing")
        },
    ]
}
