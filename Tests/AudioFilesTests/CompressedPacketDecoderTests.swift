import AudioFiles
import Foundation
import Testing

/// AAC and Apple Lossless packets (as an Audio Queue receives them, with the magic cookie) decode
/// through libavcodec to the tone they were made from.
@Suite struct CompressedPacketDecoderTests {
    /// RMS and upward zero crossings of the middle half second of a 44.1 kHz mono decode.
    static func measure(_ samples: [Float]) -> (rms: Double, crossings: Int) {
        let middle = samples[11_025..<33_075]
        let rms = Double(middle.reduce(0) { $0 + $1 * $1 } / Float(middle.count)).squareRoot()
        return (rms, zip(middle, middle.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count)
    }

    static func decode(_ stream: CompressedPackets, _ codec: CompressedPacketDecoder.Codec) throws -> [Float] {
        let decoder = try CompressedPacketDecoder(codec: codec, sampleRate: 44_100, channels: 1, magicCookie: stream.magicCookie)
        var samples: [Float] = []
        for packet in stream.packets { samples += try packet.withUnsafeBytes { try decoder.decode(packet: $0) } }
        #expect(decoder.channels == 1)
        return samples
    }

    @Test func aacPacketsDecodeToTheirTone() throws {
        let stream = try TestToneFile.aac(frequency: 1000, amplitude: 0.5, seconds: 1)
        // The AudioSpecificConfig: AAC-LC (object type 2), 44.1 kHz (index 4), mono.
        #expect(stream.framesPerPacket == 1024 && stream.magicCookie.prefix(2) == [0x12, 0x08], "\(stream.magicCookie)")
        let samples = try Self.decode(stream, .aac)
        #expect(samples.count >= 44_100, "\(samples.count) frames")
        let (rms, crossings) = Self.measure(samples)
        #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.03, "rms \(rms)")
        #expect(abs(crossings - 500) <= 2, "\(crossings) upward crossings in 0.5 s")
        // The encoder is deterministic: the same tone gives the same packets.
        #expect(try TestToneFile.aac(frequency: 1000, amplitude: 0.5, seconds: 1).packets == stream.packets)
    }

    @Test func adtsStreamInPiecesDecodesLikeThePackets() throws {
        let stream = try TestToneFile.aac(frequency: 500, amplitude: 0.5, seconds: 1)
        let adts = stream.adts
        let decoder = try CompressedPacketDecoder(codec: .aac, sampleRate: 44_100, channels: 1, magicCookie: [])
        var samples: [Float] = []
        for start in stride(from: 0, to: adts.count, by: 1000) {
            samples += try Array(adts[start..<min(start + 1000, adts.count)]).withUnsafeBytes { try decoder.decode(stream: $0) }
        }
        let (rms, crossings) = Self.measure(samples)
        #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.03, "rms \(rms)")
        #expect(abs(crossings - 250) <= 2, "\(crossings) upward crossings in 0.5 s")
    }

    @Test func appleLosslessIsBitExact() throws {
        let stream = try TestToneFile.appleLossless(frequency: 440, amplitude: 0.5, seconds: 1)
        #expect(stream.framesPerPacket == 4096 && stream.magicCookie.count == 24)
        let samples = try Self.decode(stream, .appleLossless)
        let wav = TestToneFile.wav(frequency: 440, amplitude: 0.5, sampleRate: 44_100, seconds: 1)
        let original = wav.dropFirst(44).withUnsafeBytes { bytes in
            (0..<bytes.count / 2).map { Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self))) / 32_768 }
        }
        #expect(samples == original, "lossless: every sample comes back")
    }

    @Test func appleLosslessWithoutCookieIsAnErrorSayingSo() {
        #expect {
            _ = try CompressedPacketDecoder(codec: .appleLossless, sampleRate: 44_100, channels: 1, magicCookie: [])
        } throws: { error in
            "\(error)".contains("magic cookie")
        }
    }
}
