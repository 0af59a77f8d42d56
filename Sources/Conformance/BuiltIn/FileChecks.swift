import AudioFiles
import Foundation
import AVFAudio

/// AVAudioFile on real files (written and read through libsndfile, or FFmpeg for .m4a/.mp4), in a scratch folder.
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

    /// `seconds` of a stereo sine at `frequency`, amplitude 0.5 on the 16-bit grid (so lossless
    /// codecs and 16-bit PCM give it back exactly), in `format`.
    static func tone(_ format: AVAudioFormat, frequency: Double, seconds: Double) -> AVAudioPCMBuffer? {
        let frames = Int(format.sampleRate * seconds)
        guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames)),
              let data = buffer.floatChannelData else { return nil }
        for frame in 0..<frames {
            let value = (0.5 * sin(2 * Double.pi * frequency * Double(frame) / format.sampleRate) * 32_768).rounded() / 32_768
            for channel in 0..<Int(format.channelCount) { data[channel][frame] = Float(value) }
        }
        buffer.frameLength = AVAudioFrameCount(frames)
        return buffer
    }

    /// Writes `buffer` to a new file at `url` with `settings` (closing it), and reads it all back.
    static func roundTrip(_ url: URL, _ settings: [String: Any], _ make: (AVAudioFormat) -> AVAudioPCMBuffer?) throws
        -> (written: AVAudioPCMBuffer, file: AVAudioFile, back: AVAudioPCMBuffer) {
        let writer = try AVAudioFile(forWriting: url, settings: settings)
        let written = try CheckProbe.required(make(writer.processingFormat), "a buffer for \(url.lastPathComponent)")
        try writer.write(from: written)
        writer.close()
        let file = try AVAudioFile(forReading: url)
        let back = try CheckProbe.required(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: AVAudioFrameCount(max(file.length, 1))))
        try file.read(into: back)
        return (written, file, back)
    }

    static func samples(_ buffer: AVAudioPCMBuffer, channel: Int) -> [Float] {
        Array(UnsafeBufferPointer(start: buffer.floatChannelData![channel], count: Int(buffer.frameLength)))
    }

    /// The code of the NSError `body` throws, or nil when it succeeds.
    static func errorCode(_ body: () throws -> Void) -> Int? {
        do { try body(); return nil } catch { return (error as NSError).code }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["FILE-ANY-FORMAT"],
                     "M4A and MP4 (AAC), WAV, CAF and AIFF files are written and read back: the extension picks the container, the tone comes back") { p in
            let folder = try scratch("any-format")
            defer { try? FileManager.default.removeItem(at: folder) }
            let aac: [String: Any] = [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 2,
                                      AVEncoderBitRateKey: 128_000]
            let pcm = settings(rate: 44_100, channels: 2)
            let kinds: [(ext: String, settings: [String: Any], magic: String, format: AudioFormatID)] = [
                ("m4a", aac, "ftypM4A ", kAudioFormatMPEG4AAC), ("mp4", aac, "ftypisom", kAudioFormatMPEG4AAC),
                ("wav", pcm, "RIFF", kAudioFormatLinearPCM), ("caf", pcm, "caff", kAudioFormatLinearPCM), ("aiff", pcm, "FORM", kAudioFormatLinearPCM),
            ]
            for kind in kinds {
                let url = folder.appendingPathComponent("tone.\(kind.ext)")
                let (_, file, back) = try roundTrip(url, kind.settings) { tone($0, frequency: 1_000, seconds: 0.25) }
                let bytes = try Data(contentsOf: url)
                let magic = kind.ext.hasPrefix("m") ? bytes.dropFirst(4).prefix(8) : bytes.prefix(4)
                p.expect(String(decoding: magic, as: UTF8.self), equals: kind.magic, ".\(kind.ext): the container's signature")
                p.expect(file.fileFormat.streamDescription.pointee.mFormatID, equals: kind.format, ".\(kind.ext): the file's format ID")
                p.expect(file.fileFormat.sampleRate == 44_100 && file.fileFormat.channelCount == 2,
                         ".\(kind.ext): the file is \(file.fileFormat.sampleRate) Hz with \(file.fileFormat.channelCount) channel(s); expected 44,100 Hz stereo")
                p.expect(file.length, equals: 11_025, ".\(kind.ext): frames read back (0.25 s at 44.1 kHz)")
                let level = AudioRecorderChecks.toneAmplitude(samples(back, channel: 1)[2_205..<8_820][...], frequency: 1_000, rate: 44_100)
                p.expect(abs(level - 0.5) < 0.01, ".\(kind.ext): the 1 kHz tone comes back at amplitude \(level); expected 0.5")
            }
            let again = folder.appendingPathComponent("again.m4a")
            _ = try roundTrip(again, aac) { tone($0, frequency: 1_000, seconds: 0.25) }
            let encoded = try Data(contentsOf: again)
            p.expect(encoded == (try Data(contentsOf: folder.appendingPathComponent("tone.m4a"))), "the same tone encoded twice gives byte-identical M4A files")
            // What would differ between runs or machines: a creation time, an encoder version string.
            p.expect(encoded.range(of: Data("Lav".utf8)) == nil, "the M4A file carries no encoder version string")
            let header = try p.require(encoded.range(of: Data("mvhd".utf8)), "the M4A file's movie header")
            p.expect(encoded[header.upperBound..<header.upperBound + 8].allSatisfy { $0 == 0 },
                     "the movie header's version, flags and creation time are zero")
        },
        BuiltInCheck(["FILE-ANY-FORMAT", "RECORDER-ENCODINGS"],
                     "Apple Lossless in M4A and CAF gives back exactly the samples written; formats a container cannot hold fail with 'fmt?'") { p in
            let folder = try scratch("lossless")
            defer { try? FileManager.default.removeItem(at: folder) }
            let alac: [String: Any] = [AVFormatIDKey: kAudioFormatAppleLossless, AVSampleRateKey: 48_000.0, AVNumberOfChannelsKey: 2,
                                       AVEncoderBitDepthHintKey: 16]
            for ext in ["m4a", "caf"] {
                let (written, file, back) = try roundTrip(folder.appendingPathComponent("take.\(ext)"), alac) { tone($0, frequency: 440, seconds: 0.2) }
                p.expect(file.fileFormat.streamDescription.pointee.mFormatID, equals: kAudioFormatAppleLossless, ".\(ext): the file's format ID")
                p.expect(back.frameLength, equals: written.frameLength, ".\(ext): frames read back")
                p.expect(samples(back, channel: 0) == samples(written, channel: 0) && samples(back, channel: 1) == samples(written, channel: 1),
                         ".\(ext): the Apple Lossless round trip is bit-exact")
            }
            let fmt = Int(kAudioFileUnsupportedDataFormatError)
            var aacSettings = alac
            aacSettings[AVFormatIDKey] = kAudioFormatMPEG4AAC
            p.expect(errorCode { _ = try AVAudioFile(forWriting: folder.appendingPathComponent("a.wav"), settings: aacSettings) }, equals: fmt,
                     "AAC into a WAV file: the error code ('fmt?')")
            p.expect(errorCode { _ = try AVAudioFile(forWriting: folder.appendingPathComponent("a.aiff"), settings: alac) }, equals: fmt,
                     "Apple Lossless into an AIFF file: the error code ('fmt?')")
            p.expect(errorCode { _ = try AVAudioFile(forWriting: folder.appendingPathComponent("a.m4a"), settings: settings(rate: 48_000, channels: 2)) },
                     equals: fmt, "linear PCM into an M4A file: the error code ('fmt?')")
            aacSettings[AVSampleRateKey] = 44_000.0
            p.expect(errorCode { _ = try AVAudioFile(forWriting: folder.appendingPathComponent("b.m4a"), settings: aacSettings) }, equals: fmt,
                     "AAC at 44,000 Hz (no AAC sample-rate index): the error code ('fmt?')")
            p.expect(errorCode { _ = try AVAudioFile(forWriting: folder.appendingPathComponent("a.xyz"), settings: alac) },
                     equals: Int(kAudioFileUnsupportedFileTypeError), "an unknown extension: the error code ('typ?')")
        },
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
    ] }
}
