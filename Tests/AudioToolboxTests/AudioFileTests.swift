@testable import BuiltInChecks
@testable import Conformance
import AudioToolbox
import AVFAudio
import CoreAudioTypes
import Foundation
import Soundcheck
import Testing

/// Audio File Services over real files: packets written are the packets read, properties
/// describe the file, compressed tracks come with their packet descriptions and magic cookie, and
/// bad input gets AudioFile.h's result codes.
@Suite("AudioFile")
struct AudioFileTests {
    /// Big-endian 16-bit stereo, as AIFF stores it.
    static let aiff = FileBufferList.pcm(channels: 2, bits: 16, float: false, interleaved: true, bigEndian: true)

    static func bigEndianBytes(_ left: [Float], _ right: [Float]) -> [UInt8] {
        zip(left, right).flatMap { pair in
            [pair.0, pair.1].flatMap { sample -> [UInt8] in
                let value = UInt16(bitPattern: Int16(sample * 32_768))
                return [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
        }
    }

    static func property<T>(_ file: AudioFileID, _ id: AudioFilePropertyID, _ initial: T) -> (OSStatus, T) {
        var value = initial
        var size = UInt32(MemoryLayout<T>.size)
        let status = AudioFileGetProperty(file, id, &size, &value)
        return (status, value)
    }

    @Test("FILE-AUDIOFILE-PACKETS, FILE-AUDIOFILE-PROPERTIES: AIFF packets written big-endian are read back byte for byte, in packet runs limited by the buffer")
    func packetRoundTrip() throws {
        let url = temporaryAudioURL("packets.aiff")
        let frames = 5_000
        let bytes = Self.bigEndianBytes(gridSine(frames: frames, frequency: 441, rate: 44_100, amplitude: 0.5),
                                        gridSine(frames: frames, frequency: 220.5, rate: 44_100, amplitude: -0.25))
        var format = Self.aiff
        var created: AudioFileID?
        try #require(AudioFileCreateWithURL(url as CFURL, kAudioFileAIFFType, &format, .eraseFile, &created) == noErr)
        let writer = try #require(created)
        for (start, count) in [(0, 1_234), (1_234, frames - 1_234)] {
            var packets = UInt32(count)
            let status = bytes.withUnsafeBytes {
                AudioFileWritePackets(writer, false, UInt32(count * 4), nil, Int64(start), &packets, $0.baseAddress! + start * 4)
            }
            #expect(status == noErr && packets == UInt32(count))
        }
        #expect(AudioFileClose(writer) == noErr)

        var opened: AudioFileID?
        try #require(AudioFileOpenURL(url as CFURL, .readPermission, 0, &opened) == noErr)
        let file = try #require(opened)
        defer { _ = AudioFileClose(file) }
        #expect(Self.property(file, kAudioFilePropertyDataFormat, AudioStreamBasicDescription()) == (noErr, Self.aiff))
        #expect(Self.property(file, kAudioFilePropertyFileFormat, UInt32(0)) == (noErr, kAudioFileAIFFType))
        #expect(Self.property(file, kAudioFilePropertyAudioDataPacketCount, UInt64(0)) == (noErr, UInt64(frames)))
        #expect(Self.property(file, kAudioFilePropertyMaximumPacketSize, UInt32(0)) == (noErr, 4))
        #expect(Self.property(file, kAudioFilePropertyEstimatedDuration, Float64(0)) == (noErr, Float64(frames) / 44_100))

        var read: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_003)   // room for 1000 packets and 3 stray bytes
        while true {
            var packets: UInt32 = 2_000
            var size = UInt32(buffer.count)
            let start = Int64(read.count / 4)
            try #require(AudioFileReadPacketData(file, false, &size, nil, start, &packets, &buffer) == noErr)
            if packets == 0 { break }
            #expect(packets == min(1_000, UInt32(Int64(frames) - start)) && size == packets * 4)
            read += buffer[0..<Int(size)]
        }
        #expect(read == bytes)
    }

    @Test("FILE-AUDIOFILE-PACKETS, FILE-AUDIOFILE-PROPERTIES: an .m4a file's AAC packets come with descriptions, the magic cookie and the priming frames, and an Audio Queue given them plays the tone at the speaker")
    func compressedPackets() throws {
        let url = temporaryAudioURL("packets.m4a")
        let tone = gridSine(frames: 44_100, frequency: 1_000, rate: 44_100, amplitude: 0.5)
        var aac = AudioStreamBasicDescription()
        aac.mSampleRate = 44_100
        aac.mFormatID = kAudioFormatMPEG4AAC
        aac.mChannelsPerFrame = 2
        try ExtAudioFileTests.write(url, type: kAudioFileM4AType, file: aac, left: tone, right: tone)

        var opened: AudioFileID?
        try #require(AudioFileOpenURL(url as CFURL, .readPermission, kAudioFileM4AType, &opened) == noErr)
        let file = try #require(opened)
        defer { _ = AudioFileClose(file) }
        let (status, format) = Self.property(file, kAudioFilePropertyDataFormat, AudioStreamBasicDescription())
        #expect(status == noErr && format.mFormatID == kAudioFormatMPEG4AAC && format.mFramesPerPacket == 1_024 && format.mChannelsPerFrame == 2)
        var cookieSize: UInt32 = 0
        #expect(AudioFileGetPropertyInfo(file, kAudioFilePropertyMagicCookieData, &cookieSize, nil) == noErr && cookieSize >= 2)
        var cookie = [UInt8](repeating: 0, count: Int(cookieSize))
        #expect(AudioFileGetProperty(file, kAudioFilePropertyMagicCookieData, &cookieSize, &cookie) == noErr)
        let table = Self.property(file, kAudioFilePropertyPacketTableInfo, AudioFilePacketTableInfo())
        #expect(table.0 == noErr && table.1.mNumberValidFrames == 44_100 && table.1.mPrimingFrames == 1_024)
        let (_, count) = Self.property(file, kAudioFilePropertyAudioDataPacketCount, UInt64(0))
        #expect(Int64(count) * 1_024 == Int64(table.1.mPrimingFrames) + 44_100 + Int64(table.1.mRemainderFrames))

        // Read as an Audio Queue player does: runs of packets with their descriptions.
        let (_, maximum) = Self.property(file, kAudioFilePropertyMaximumPacketSize, UInt32(0))
        var packets: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 8 * Int(maximum))
        var descriptions = [AudioStreamPacketDescription](repeating: .init(), count: 8)
        while true {
            var wanted: UInt32 = 8
            var size = UInt32(buffer.count)
            try #require(AudioFileReadPacketData(file, false, &size, &descriptions, Int64(packets.count), &wanted, &buffer) == noErr)
            if wanted == 0 { break }
            for description in descriptions.prefix(Int(wanted)) {
                #expect(description.mDataByteSize > 0 && description.mDataByteSize <= maximum)
                let start = Int(description.mStartOffset)
                packets.append(Array(buffer[start..<start + Int(description.mDataByteSize)]))
            }
        }
        #expect(UInt64(packets.count) == count)

        let device = try SimulatedDevice(seed: 3)
        let player = AudioQueueFilePlayer(packets: packets, magicCookie: cookie, format: format)
        try AudioQueueTests.launch(device, "Player", category: .playback, player: player)
        device.advance(to: .seconds(1))
        let speaker = try #require(device.sink("Speaker"))
        let amplitude = try #require(speaker.toneAmplitude(atFrequency: 1_000, channel: 1, from: .milliseconds(300), to: .milliseconds(800)))
        #expect(abs(amplitude - 0.5) < 0.02, "1 kHz at \(amplitude)")
    }

    @Test("FILE-AUDIOFILE-ERRORS: bad input gets AudioFile.h's result codes")
    func errors() throws {
        let text = temporaryAudioURL("notes.wav")
        try Data("these are not samples, only words about them".utf8).write(to: text)
        var file: AudioFileID?
        let opened = AudioFileOpenURL(text as CFURL, .readPermission, 0, &file)
        #expect(opened == kAudioFileUnsupportedFileTypeError || opened == kAudioFileInvalidFileError)
        #expect(AudioFileOpenURL(temporaryAudioURL("absent.aiff") as CFURL, .readPermission, 0, &file) == kAudioFileFileNotFoundError)

        var littleEndian = FileBufferList.pcm(channels: 2, bits: 16, float: false, interleaved: true)
        let url = temporaryAudioURL("bad.aiff")
        #expect(AudioFileCreateWithURL(url as CFURL, 0x7878_7878, &littleEndian, .eraseFile, &file) == kAudioFileUnsupportedFileTypeError)
        #expect(AudioFileCreateWithURL(url as CFURL, kAudioFileAIFFType, &littleEndian, .eraseFile, &file) == kAudioFileUnsupportedDataFormatError)
        var pcm = littleEndian
        #expect(AudioFileCreateWithURL(temporaryAudioURL("pcm.m4a") as CFURL, kAudioFileM4AType, &pcm, .eraseFile, &file)
                == kAudioFileUnsupportedDataFormatError)

        var format = Self.aiff
        try #require(AudioFileCreateWithURL(url as CFURL, kAudioFileAIFFType, &format, .eraseFile, &file) == noErr)
        let created = try #require(file)
        defer { _ = AudioFileClose(created) }
        var size: UInt32 = 8
        var value = AudioStreamBasicDescription()
        #expect(AudioFileGetProperty(created, kAudioFilePropertyDataFormat, &size, &value) == kAudioFileBadPropertySizeError)
        #expect(AudioFileGetPropertyInfo(created, kAudioFilePropertyMagicCookieData, nil, nil) == kAudioFileUnsupportedPropertyError)
        var packets: UInt32 = 10
        let bytes = [UInt8](repeating: 0, count: 40)
        #expect(AudioFileWritePackets(created, false, 40, nil, 5, &packets, bytes) == kAudioFileInvalidPacketOffsetError)
        var read: UInt32 = 40
        var buffer = [UInt8](repeating: 0, count: 40)
        #expect(AudioFileReadPacketData(created, false, &read, nil, 1, &packets, &buffer) == kAudioFileInvalidPacketOffsetError)
    }
}
