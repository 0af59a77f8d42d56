import AudioToolbox
import CoreAudioTypes
import Foundation
import Testing

/// ExtAudioFile over real files: what is written reads back sample for sample, the client format
/// converts sample types, layouts and rates, and bad requests get Apple's result codes.
@Suite("ExtAudioFile")
struct ExtAudioFileTests {
    static let frames = 11_025   // 0.25 s at 44.1 kHz

    /// Writes `left`/`right` through ExtAudioFile as a non-interleaved Float32 client in uneven slices.
    static func write(_ url: URL, type: AudioFileTypeID, file: AudioStreamBasicDescription, left: [Float], right: [Float]) throws {
        var fileFormat = file
        var ext: ExtAudioFileRef?
        try #require(ExtAudioFileCreateWithURL(url as CFURL, type, &fileFormat, nil, AudioFileFlags.eraseFile.rawValue, &ext) == noErr)
        let ref = try #require(ext)
        var client = FileBufferList.pcm(rate: file.mSampleRate, channels: 2, bits: 32, float: true, interleaved: false)
        #expect(ExtAudioFileSetProperty(ref, kExtAudioFileProperty_ClientDataFormat, UInt32(MemoryLayout.size(ofValue: client)), &client) == noErr)
        var start = 0
        for slice in [1_000, 4_096, 333, left.count] where start < left.count {
            let count = min(slice, left.count - start)
            let buffers = FileBufferList(client, frames: count)
            buffers.set(0, Array(left[start..<start + count]))
            buffers.set(1, Array(right[start..<start + count]))
            #expect(ExtAudioFileWrite(ref, UInt32(count), buffers.pointer) == noErr)
            start += count
        }
        var position: Int64 = -1
        #expect(ExtAudioFileTell(ref, &position) == noErr && position == Int64(left.count))
        #expect(ExtAudioFileDispose(ref) == noErr)
    }

    /// Reads the whole file in the given client format, 1000 frames at a time.
    static func read<T>(_ url: URL, client: AudioStreamBasicDescription, as _: T.Type) throws -> (left: [T], right: [T]) {
        var ext: ExtAudioFileRef?
        try #require(ExtAudioFileOpenURL(url as CFURL, &ext) == noErr)
        let ref = try #require(ext)
        defer { _ = ExtAudioFileDispose(ref) }
        var format = client
        try #require(ExtAudioFileSetProperty(ref, kExtAudioFileProperty_ClientDataFormat, UInt32(MemoryLayout.size(ofValue: format)), &format) == noErr)
        var left: [T] = [], right: [T] = []
        let buffers = FileBufferList(client, frames: 1_000)
        while true {
            buffers.reset()
            var count: UInt32 = 1_000
            try #require(ExtAudioFileRead(ref, &count, buffers.pointer) == noErr)
            if count == 0 { break }
            left += buffers.samples(0, as: T.self, count: Int(count))
            right += buffers.samples(1, as: T.self, count: Int(count))
        }
        return (left, right)
    }

    @Test("FILE-EXTAUDIOFILE-ROUNDTRIP: a 16-bit WAV written through a Float32 client reads back identical, as Float32 and as interleaved Int16")
    func int16RoundTrip() throws {
        let url = temporaryAudioURL("roundtrip.wav")
        let left = gridSine(frames: Self.frames, frequency: 441, rate: 44_100, amplitude: 0.5)
        let right = gridSine(frames: Self.frames, frequency: 882, rate: 44_100, amplitude: 0.25)
        try Self.write(url, type: kAudioFileWAVEType, file: FileBufferList.pcm(channels: 2, bits: 16, float: false, interleaved: true),
                       left: left, right: right)

        let floats = try Self.read(url, client: FileBufferList.pcm(channels: 2, bits: 32, float: true, interleaved: false), as: Float.self)
        #expect(floats.left == left && floats.right == right)
        let ints = try Self.read(url, client: FileBufferList.pcm(channels: 2, bits: 16, float: false, interleaved: true), as: Int16.self)
        #expect(ints.left == left.map { Int16($0 * 32_768) } && ints.right == right.map { Int16($0 * 32_768) })

        var ext: ExtAudioFileRef?
        try #require(ExtAudioFileOpenURL(url as CFURL, &ext) == noErr)
        let ref = try #require(ext)
        defer { _ = ExtAudioFileDispose(ref) }
        var fileFormat = AudioStreamBasicDescription()
        var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        #expect(ExtAudioFileGetProperty(ref, kExtAudioFileProperty_FileDataFormat, &size, &fileFormat) == noErr)
        #expect(fileFormat == FileBufferList.pcm(channels: 2, bits: 16, float: false, interleaved: true))
        var length: Int64 = 0
        size = 8
        #expect(ExtAudioFileGetProperty(ref, kExtAudioFileProperty_FileLengthFrames, &size, &length) == noErr && length == Int64(Self.frames))
    }

    @Test("FILE-EXTAUDIOFILE-CLIENT-FORMAT: a Float32 CAF read through an Int16 client is rounded to 16 bits and clipped at full scale")
    func floatFileToInt16Client() throws {
        let url = temporaryAudioURL("float.caf")
        let left = (0..<Self.frames).map { Float(sin(2 * .pi * 1_000 * Double($0) / 44_100)) * 1.25 }   // clips
        let right = (0..<Self.frames).map { Float($0 % 100) / 1_000 }
        try Self.write(url, type: kAudioFileCAFType, file: FileBufferList.pcm(channels: 2, bits: 32, float: true, interleaved: true),
                       left: left, right: right)
        let ints = try Self.read(url, client: FileBufferList.pcm(channels: 2, bits: 16, float: false, interleaved: true), as: Int16.self)
        let expected = { (x: Float) in Int16(max(-32_768, min(32_767, (Double(x) * 32_768).rounded()))) }
        #expect(ints.left == left.map(expected) && ints.right == right.map(expected))
        #expect(ints.left.max() == 32_767 && ints.left.min() == -32_768)
    }

    @Test("FILE-EXTAUDIOFILE-CLIENT-FORMAT: a 48 kHz file read by a 44.1 kHz client keeps its tone and its duration")
    func sampleRateConversion() throws {
        let url = temporaryAudioURL("rate.wav")
        let frames = 12_000
        let tone = gridSine(frames: frames, frequency: 1_000, rate: 48_000, amplitude: 0.5)
        try Self.write(url, type: kAudioFileWAVEType, file: FileBufferList.pcm(rate: 48_000, channels: 2, bits: 16, float: false, interleaved: true),
                       left: tone, right: tone)
        let read = try Self.read(url, client: FileBufferList.pcm(rate: 44_100, channels: 2, bits: 32, float: true, interleaved: false), as: Float.self)
        #expect(read.left.count == 11_025)
        // 1 kHz at 44.1 kHz: 250 cycles in 0.25 s, so about 500 sign changes away from the edges.
        let middle = Array(read.left[500..<10_500])
        let crossings = zip(middle, middle.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(crossings - 2 * 10_000 * 1_000 / 44_100) <= 2)
        let peak = middle.map(abs).max() ?? 0
        #expect(abs(peak - 0.5) < 0.01)
    }

    @Test("FILE-EXTAUDIOFILE-ENCODE: AAC in an .m4a file: encoded on dispose, read back at the tone's level and length")
    func aacRoundTrip() throws {
        let url = temporaryAudioURL("tone.m4a")
        let tone = gridSine(frames: 44_100, frequency: 1_000, rate: 44_100, amplitude: 0.5)
        var aac = AudioStreamBasicDescription()
        aac.mSampleRate = 44_100
        aac.mFormatID = kAudioFormatMPEG4AAC
        aac.mChannelsPerFrame = 2
        try Self.write(url, type: kAudioFileM4AType, file: aac, left: tone, right: tone)
        let read = try Self.read(url, client: FileBufferList.pcm(channels: 2, bits: 32, float: true, interleaved: false), as: Float.self)
        #expect(read.left.count == 44_100)
        let middle = read.left[4_410..<39_690]
        let rms = (middle.reduce(0) { $0 + Double($1 * $1) } / Double(middle.count)).squareRoot()
        #expect(abs(20 * log10(rms / (0.5 / 2.0.squareRoot()))) < 0.5, "RMS \(rms)")
    }

    @Test("FILE-EXTAUDIOFILE-ERRORS: bad requests get ExtAudioFile's result codes")
    func errors() throws {
        let url = temporaryAudioURL("errors.wav")
        let tone = gridSine(frames: 1_000, frequency: 441, rate: 44_100, amplitude: 0.5)
        try Self.write(url, type: kAudioFileWAVEType, file: FileBufferList.pcm(channels: 2, bits: 16, float: false, interleaved: true),
                       left: tone, right: tone)
        var ext: ExtAudioFileRef?
        try #require(ExtAudioFileOpenURL(url as CFURL, &ext) == noErr)
        let ref = try #require(ext)
        defer { _ = ExtAudioFileDispose(ref) }
        var small: UInt32 = 0
        #expect(ExtAudioFileSetProperty(ref, kExtAudioFileProperty_ClientDataFormat, 4, &small) == kExtAudioFileError_InvalidPropertySize)
        var aac = AudioStreamBasicDescription()
        aac.mFormatID = kAudioFormatMPEG4AAC
        aac.mSampleRate = 44_100
        aac.mChannelsPerFrame = 2
        #expect(ExtAudioFileSetProperty(ref, kExtAudioFileProperty_ClientDataFormat, UInt32(MemoryLayout.size(ofValue: aac)), &aac)
                == kExtAudioFileError_NonPCMClientFormat)
        var size: UInt32 = 4
        #expect(ExtAudioFileGetProperty(ref, 0x7878_7878, &size, &small) == kExtAudioFileError_InvalidProperty)
        var format = AudioStreamBasicDescription()
        size = 8
        #expect(ExtAudioFileGetProperty(ref, kExtAudioFileProperty_FileDataFormat, &size, &format) == kExtAudioFileError_InvalidPropertySize)
        #expect(ExtAudioFileSeek(ref, 1_001) == kExtAudioFileError_InvalidSeek)
        #expect(ExtAudioFileSeek(ref, 500) == noErr)
        var position: Int64 = 0
        #expect(ExtAudioFileTell(ref, &position) == noErr && position == 500)
        let buffers = FileBufferList(FileBufferList.pcm(channels: 2, bits: 16, float: false, interleaved: true), frames: 100)
        #expect(ExtAudioFileWrite(ref, 100, buffers.pointer) == kExtAudioFileError_InvalidOperationOrder)
        var wav = FileBufferList.pcm(channels: 2, bits: 16, float: false, interleaved: true)
        var created: ExtAudioFileRef?
        #expect(ExtAudioFileCreateWithURL(url as CFURL, kAudioFileWAVEType, &wav, nil, 0, &created) == kAudioFilePermissionsError)
        #expect(ExtAudioFileOpenURL(temporaryAudioURL("missing.wav") as CFURL, &created) == kAudioFileFileNotFoundError)
    }
}
