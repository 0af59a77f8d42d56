import Foundation
import AVFAudio
import Testing

/// AVAudioFile writes WAV, AIFF, CAF and FLAC and reads them back sample-exactly.
@Suite("AVAudioFile round trips")
struct AudioFileRoundTripTests {
    /// A file to write: container extension, processing format, channels, on-disk bits and float-ness.
    struct Case: CustomTestStringConvertible, Sendable {
        var ext: String
        var common: AVAudioCommonFormat
        var channels: UInt32
        var bits: Int
        var isFloat: Bool

        var testDescription: String { "\(ext) \(common == .pcmFormatInt16 ? "Int16" : "Float32") \(channels)ch \(bits)-bit\(isFloat ? " float" : "")" }
        var interleaved: Bool { common == .pcmFormatInt16 }
        var settings: [String: Any] {
            let formatID: AudioFormatID = ext == "flac" ? kAudioFormatFLAC : kAudioFormatLinearPCM
            var settings: [String: Any] = [AVFormatIDKey: formatID, AVSampleRateKey: 44_100.0]
            settings[AVNumberOfChannelsKey] = Int(channels)
            settings[AVLinearPCMBitDepthKey] = bits
            settings[AVLinearPCMIsFloatKey] = isFloat
            return settings
        }
    }

    /// Int16 cases use 16-bit files; Float32 cases use 16-bit (WAV), float (AIFF) or 24-bit files.
    static let cases: [Case] = {
        var cases: [Case] = []
        for ext in ["wav", "aif", "caf", "flac"] {
            let floatBits = ext == "wav" ? 16 : ext == "aif" ? 32 : 24
            for channels: UInt32 in [1, 2, 6] {
                cases.append(Case(ext: ext, common: .pcmFormatInt16, channels: channels, bits: 16, isFloat: false))
                cases.append(Case(ext: ext, common: .pcmFormatFloat32, channels: channels, bits: floatBits, isFloat: ext == "aif"))
            }
        }
        return cases
    }()

    @Test("FILES-ROUNDTRIP-EXACT: written frames read back exactly, with length and framePosition", arguments: cases)
    func roundTrip(_ c: Case) throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("tone.\(c.ext)")
        try write(c, to: url)
        let file = try AVAudioFile(forReading: url, commonFormat: c.common, interleaved: c.interleaved)
        #expect(file.length == 1_000 && file.framePosition == 0)
        #expect(file.fileFormat.channelCount == c.channels && file.fileFormat.sampleRate == 44_100)
        #expect(file.processingFormat == Signal.format(c.common, rate: 44_100, channels: c.channels, interleaved: c.interleaved))
        if c.ext != "flac" { #expect(file.fileFormat.streamDescription.pointee.mBitsPerChannel == UInt32(c.bits)) }
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 700))
        try file.read(into: buffer)
        #expect(buffer.frameLength == 700 && file.framePosition == 700)
        #expect(Signal.firstMismatch(buffer) == nil)
        try file.read(into: buffer)
        #expect(buffer.frameLength == 300 && Signal.firstMismatch(buffer, offset: 700) == nil)
        try file.read(into: buffer)
        #expect(buffer.frameLength == 0, "reading at the end gives no frames")
        file.framePosition = 250
        try file.read(into: buffer, frameCount: 10)
        #expect(buffer.frameLength == 10 && Signal.firstMismatch(buffer, offset: 250) == nil)
    }

    /// Writes 1000 frames of `Signal` in two buffers (600 + 400).
    private func write(_ c: Case, to url: URL) throws {
        let file = try AVAudioFile(forWriting: url, settings: c.settings, commonFormat: c.common, interleaved: c.interleaved)
        #expect(file.processingFormat.commonFormat == c.common && file.processingFormat.channelCount == c.channels)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 600))
        Signal.fill(buffer, frames: 600)
        try file.write(from: buffer)
        Signal.fill(buffer, frames: 400, offset: 600)
        try file.write(from: buffer)
        #expect(file.length == 1_000 && file.framePosition == 1_000)
        file.close()
    }

    @Test("FILES-STANDARD-PROCESSING: init(forReading:) processes in the standard format at the file's rate")
    func standardProcessing() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("voice.wav")
        let writer = try AVAudioFile(forWriting: url, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 22_050.0,
                                                                 AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: 24])
        #expect(writer.processingFormat.isStandard && writer.processingFormat.sampleRate == 22_050)
        writer.close()
        let file = try AVAudioFile(forReading: url)
        #expect(file.processingFormat.isStandard && file.processingFormat.sampleRate == 22_050)
        #expect(file.fileFormat.commonFormat == .otherFormat, "24-bit is not a common format")
        #expect(file.fileFormat.settings[AVLinearPCMBitDepthKey] as? Int == 24)
    }

    @Test("FILES-TYPE-KEY: AVAudioFileTypeKey chooses the container over the extension")
    func fileTypeKey() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("named.wav")
        let settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 8_000.0, AVNumberOfChannelsKey: 1,
                                       AVAudioFileTypeKey: kAudioFileAIFFType]
        try AVAudioFile(forWriting: url, settings: settings).close()
        let header = try Data(contentsOf: url).prefix(4)
        #expect(String(decoding: header, as: UTF8.self) == "FORM")
        let file = try AVAudioFile(forReading: url)
        #expect(file.fileFormat.streamDescription.pointee.mFormatFlags & kAudioFormatFlagIsBigEndian != 0, "AIFF is big-endian")
    }

    @Test("FILES-ERRORS: wrong buffer formats, unknown data and missing files throw NSErrors naming the file")
    func errors() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("short.caf")
        let writer = try AVAudioFile(forWriting: url, settings: [AVSampleRateKey: 48_000.0, AVNumberOfChannelsKey: 2])
        let monoFormat = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
        let mono = try #require(AVAudioPCMBuffer(pcmFormat: monoFormat, frameCapacity: 8))
        #expect(code(of: { try writer.write(from: mono) }) == Int(kAudio_ParamError))

        let broken = scratch.file("broken.wav")
        try Data("RIFF????WAVEnot really".utf8).write(to: broken)
        let error = try #require(nsError(of: { _ = try AVAudioFile(forReading: broken) }))
        #expect(error.domain == "NSOSStatusErrorDomain")
        #expect([Int(kAudioFileUnsupportedFileTypeError), Int(kAudioFileInvalidFileError)].contains(error.code))
        #expect(error.localizedDescription.hasPrefix("broken.wav: "))

        let missing = scratch.file("missing.wav")
        #expect(code(of: { _ = try AVAudioFile(forReading: missing) }) == Int(kAudioFileUnspecifiedError))
        #expect(code(of: { _ = try AVAudioFile(forWriting: scratch.file("x.xyz"), settings: [AVSampleRateKey: 8_000.0,
                                                                                            AVNumberOfChannelsKey: 1]) })
                == Int(kAudioFileUnsupportedFileTypeError))
        #expect(code(of: { _ = try AVAudioFile(forWriting: scratch.file("x.wav"), settings: [AVFormatIDKey: kAudioFormatMPEG4AAC,
                     AVSampleRateKey: 8_000.0, AVNumberOfChannelsKey: 1]) }) == Int(kAudioFileUnsupportedDataFormatError))
    }

    private func nsError(of body: () throws -> Void) -> NSError? {
        do { try body() } catch { return error as NSError }
        return nil
    }

    private func code(of body: () throws -> Void) -> Int? { nsError(of: body)?.code }
}

extension AudioFileRoundTripTests {
    @Test("FILES-CHANNEL-LAYOUT: a surround layout written to WAV or CAF is read back from the file",
          arguments: [("wav", kAudioChannelLayoutTag_MPEG_5_1_A), ("caf", kAudioChannelLayoutTag_MPEG_5_1_A),
                      ("caf", kAudioChannelLayoutTag_MPEG_5_1_D), ("wav", kAudioChannelLayoutTag_Quadraphonic)])
    func channelLayout(ext: String, tag: AudioChannelLayoutTag) throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("surround.\(ext)")
        let layout = try #require(AVAudioChannelLayout(layoutTag: tag))
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channelLayout: layout)
        let writer = try AVAudioFile(forWriting: url, settings: format.settings)
        #expect(writer.processingFormat.channelLayout?.layoutTag == tag)
        writer.close()
        let reader = try AVAudioFile(forReading: url)
        #expect(reader.fileFormat.channelLayout?.layoutTag == tag)
        #expect(reader.processingFormat.channelLayout?.layoutTag == tag)
    }
}

extension AudioFileRoundTripTests {
    @Test("FILES-CONVERT-ON-READ: a float file read as Int16 arrives at full scale, exactly on the grid",
          arguments: [(false, "caf"), (true, "wav")])
    func floatFileAsIntegers(interleaved: Bool, ext: String) throws {
        let scratch = try ScratchDirectory()
        let url = scratch.file("float.\(ext)")
        let settings: [String: Any] = [AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 2, AVLinearPCMIsFloatKey: true,
                                       AVLinearPCMBitDepthKey: 32]
        let writer = try AVAudioFile(forWriting: url, settings: settings)
        let source = try #require(AVAudioPCMBuffer(pcmFormat: writer.processingFormat, frameCapacity: 300))
        Signal.fill(source, frames: 300)
        try writer.write(from: source)
        writer.close()
        let reader = try AVAudioFile(forReading: url, commonFormat: .pcmFormatInt16, interleaved: interleaved)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: reader.processingFormat, frameCapacity: 300))
        try reader.read(into: buffer)
        #expect(buffer.frameLength == 300 && Signal.firstMismatch(buffer) == nil)
    }
}
