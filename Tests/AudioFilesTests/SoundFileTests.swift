import AudioFiles
import Foundation
import Testing

/// The libsndfile wrapper on its own: formats, seeking, the in-memory path and its errors.
@Suite("SoundFile")
struct SoundFileTests {
    @Test("libsndfile offers WAV, AIFF, CAF and FLAC containers")
    func containers() {
        let types = SoundFileType.available.map(\.type)
        for type in [SoundFileType.wav, .aiff, .caf, .flac, .rf64, .w64, .ogg] { #expect(types.contains(type), "\(type)") }
        #expect(SoundFileType.wav.description.contains("WAV"))
    }

    @Test("interleaved frames written are read back, from the path and from Data, with seeking")
    func roundTripAndSeek() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("ramp.caf").path
        let samples = (0..<200).map { Float($0 - 100) / 128 }
        let writer = try SoundFile(writingPath: path, format: SoundFileFormat(type: .caf, encoding: .float32, sampleRate: 8_000, channels: 2))
        try samples.withUnsafeBufferPointer { try writer.write(interleaved: $0.baseAddress!, frames: 100) }
        #expect(writer.frameCount == 100)
        writer.close()

        let fromPath = try SoundFile(readingPath: path)
        let fromData = try SoundFile(readingData: try Data(contentsOf: URL(fileURLWithPath: path)), name: "ramp.caf")
        for file in [fromPath, fromData] {
            #expect(file.format == SoundFileFormat(type: .caf, encoding: .float32, sampleRate: 8_000, channels: 2))
            #expect(file.frameCount == 100)
            try file.seek(to: 90)
            var tail = [Float](repeating: 0, count: 40)
            let got = try tail.withUnsafeMutableBufferPointer { try file.read(interleavedInto: $0.baseAddress!, frames: 20) }
            #expect(got == 10 && Array(tail[0..<20]) == Array(samples[180..<200]) && file.position == 100)
        }
    }

    @Test("errors name the file and quote libsndfile")
    func errorMessages() throws {
        let garbage = Data("this is not audio at all, just some text bytes".utf8)
        #expect {
            try SoundFile(readingData: garbage, name: "broken.wav")
        } throws: { error in
            guard let error = error as? SoundFileError else { return false }
            return error.kind == .unrecognisedFormat && error.description.hasPrefix("broken.wav: ") && error.message.count > 10
        }
        #expect {
            try SoundFile(readingPath: "/nonexistent/missing.wav")
        } throws: { error in
            (error as? SoundFileError)?.kind == .system && "\(error)".hasPrefix("missing.wav: ")
        }
        let scratch = try ScratchDirectory()
        #expect(throws: SoundFileError.self) {
            try SoundFile(writingPath: scratch.file("x.flac").path,
                          format: SoundFileFormat(type: .flac, encoding: .float32, sampleRate: 44_100, channels: 1))
        }
    }
}

extension SoundFileTests {
    @Test("messages are libsndfile's: unknown bytes, empty data, a missing file")
    func libraryMessages() {
        #expect(Self.message { try SoundFile(readingData: Data(repeating: 0x42, count: 64), name: "broken.wav") }
                == "broken.wav: Format not recognised.")
        #expect(Self.message { try SoundFile(readingData: Data(), name: "empty.wav") } == "empty.wav: Format not recognised.")
        #expect(Self.message { try SoundFile(readingPath: "/nonexistent/missing.wav") }?.hasSuffix("No such file or directory.") == true)
    }

    private static func message(_ body: () throws -> SoundFile) -> String? {
        do { _ = try body() } catch { return "\(error)" }
        return nil
    }

    @Test("other libsndfile containers round-trip frame counts", arguments: [
        (SoundFileType.w64, SampleEncoding.pcm16), (.rf64, .pcm24), (.au, .pcm16), (.wavex, .float32), (.ogg, .vorbis), (.caf, .alac16),
    ])
    func otherContainers(type: SoundFileType, encoding: SampleEncoding) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("other").path
        let format = SoundFileFormat(type: type, encoding: encoding, sampleRate: 44_100, channels: 2)
        #expect(format.isWritable)
        let samples = (0..<2_000).map { Float(Signal.int16(frame: $0, channel: 0)) / 65_536 }
        let writer = try SoundFile(writingPath: path, format: format)
        try samples.withUnsafeBufferPointer { try writer.write(interleaved: $0.baseAddress!, frames: 1_000) }
        writer.close()
        let reader = try SoundFile(readingPath: path)
        #expect(reader.format == format && reader.frameCount == 1_000)
    }
}

extension SoundFileTests {
    @Test("channel maps are written to and read from WAVEX and CAF", arguments: [SoundFileType.wavex, .caf])
    func channelMaps(type: SoundFileType) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("map").path
        let map: [ChannelPosition] = [.left, .right, .center, .lfe, .rearLeft, .rearRight]
        let writer = try SoundFile(writingPath: path, format: SoundFileFormat(type: type, encoding: .pcm16, sampleRate: 48_000, channels: 6),
                                   channelMap: map)
        #expect(writer.channelMap == map)
        writer.close()
        let read = try #require(try SoundFile(readingPath: path).channelMap)
        #expect(read.count == 6 && read[3] == .lfe && read[4] == .rearLeft, "\(read.map(\.rawValue))")
    }
}

extension SoundFileTests {
    @Test("every PCM width and float size stores on-grid floats exactly; 32-bit ints and doubles too",
          arguments: [SampleEncoding.pcmS8, .pcm16, .pcm24, .pcm32, .float32, .float64])
    func encodings(encoding: SampleEncoding) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("grid.caf").path
        let floats = (0..<256).map { Float($0 - 128) / 128 }
        let format = SoundFileFormat(type: .caf, encoding: encoding, sampleRate: 96_000, channels: 1)
        let writer = try SoundFile(writingPath: path, format: format)
        try floats.withUnsafeBufferPointer { try writer.write(interleaved: $0.baseAddress!, frames: 256) }
        let doubles = floats.map { Double($0) / 2 }
        try doubles.withUnsafeBufferPointer { try writer.write(interleaved: $0.baseAddress!, frames: 256) }
        writer.close()

        let reader = try SoundFile(readingPath: path)
        #expect(reader.format == format && reader.frameCount == 512)
        var back = [Float](repeating: .nan, count: 256)
        var backDoubles = [Double](repeating: .nan, count: 256)
        _ = try back.withUnsafeMutableBufferPointer { try reader.read(interleavedInto: $0.baseAddress!, frames: 256) }
        _ = try backDoubles.withUnsafeMutableBufferPointer { try reader.read(interleavedInto: $0.baseAddress!, frames: 256) }
        #expect(back == floats)
        #expect(backDoubles == doubles.map { encoding == .pcmS8 ? ($0 * 128).rounded() / 128 : $0 })
        try reader.seek(to: 0)
        var ints = [Int32](repeating: 0, count: 256)
        _ = try ints.withUnsafeMutableBufferPointer { try reader.read(interleavedInto: $0.baseAddress!, frames: 256) }
        #expect(ints[128] == 0 && abs(Int64(ints[192]) - (1 << 30)) <= 1, "\(ints[192])")
        #expect(abs(Int64(ints[0]) - Int64(Int32.min)) <= 1, "\(ints[0])")
    }
}

extension SoundFileTests {
    @Test("integers written to float files arrive at full scale", arguments: [SampleEncoding.float32, .float64])
    func integersIntoFloatFiles(encoding: SampleEncoding) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("ints.wav").path
        let writer = try SoundFile(writingPath: path, format: SoundFileFormat(type: .wav, encoding: encoding, sampleRate: 8_000, channels: 1))
        let shorts: [Int16] = [-32_768, -16_384, 0, 16_384]
        try shorts.withUnsafeBufferPointer { try writer.write(interleaved: $0.baseAddress!, frames: 4) }
        writer.close()
        var back = [Float](repeating: .nan, count: 4)
        _ = try back.withUnsafeMutableBufferPointer { try SoundFile(readingPath: path).read(interleavedInto: $0.baseAddress!, frames: 4) }
        #expect(back == [-1, -0.5, 0, 0.5])
    }
}
