import CAVCodec
import Foundation

/// A compressed stream as an app reads it out of an m4a or CAF file before handing it to an Audio
/// Queue: the packets, one per element, and the magic cookie.
public struct CompressedPackets: Sendable {
    public let magicCookie: [UInt8]
    public let packets: [[UInt8]]
    /// PCM frames per packet (AAC 1024, ALAC 4096).
    public let framesPerPacket: Int
    public let sampleRate: Int

    /// The AAC packets as one ADTS stream (each frame behind its 7-byte header), the form a
    /// radio stream arrives in; the header's fields come from the AAC-LC cookie's rate and channels.
    public var adts: [UInt8] {
        let rates = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000]
        let rateIndex = UInt8(rates.firstIndex(of: sampleRate) ?? 4)
        let channels = UInt8(1)
        var stream: [UInt8] = []
        for packet in packets {
            let length = packet.count + 7
            stream += [0xFF, 0xF1, (1 << 6) | (rateIndex << 2) | (channels >> 2), ((channels & 3) << 6) | UInt8(length >> 11),
                       UInt8((length >> 3) & 0xFF), UInt8((length & 7) << 5) | 0x1F, 0xFC]
            stream += packet
        }
        return stream
    }
}

extension TestToneFile {
    /// The tone as mono AAC-LC packets (FFmpeg's own AAC encoder, 96 kbit/s, one thread: the
    /// same packets on every run) with its AudioSpecificConfig as the cookie.
    public static func aac(frequency: Int, amplitude: Double = 0.25, sampleRate: Int = 44_100, seconds: Int = 1)
        throws(SoundFileError) -> CompressedPackets {
        try aacCache.value(for: .init(frequency: frequency, amplitude: amplitude, sampleRate: sampleRate, seconds: seconds))
        { () throws(SoundFileError) -> CompressedPackets in
            let encoded = try encode(AV_CODEC_ID_AAC, AV_SAMPLE_FMT_FLTP, bitRate: 96_000,
                                     tone(frequency, amplitude, sampleRate, seconds), sampleRate: sampleRate)
            return CompressedPackets(magicCookie: encoded.extradata, packets: encoded.packets, framesPerPacket: encoded.frameSize,
                                     sampleRate: sampleRate)
        }
    }

    private static let aacCache = TestToneCache<CompressedPackets>()

    /// The tone as mono 16-bit Apple Lossless packets (FFmpeg's ALAC encoder) with the bare
    /// 24-byte ALACSpecificConfig as the cookie, as a CAF file stores it.
    public static func appleLossless(frequency: Int, amplitude: Double = 0.25, sampleRate: Int = 44_100, seconds: Int = 1)
        throws(SoundFileError) -> CompressedPackets {
        let encoded = try encode(AV_CODEC_ID_ALAC, AV_SAMPLE_FMT_S16P, bitRate: 0,
                                 tone(frequency, amplitude, sampleRate, seconds), sampleRate: sampleRate)
        // libavcodec's extradata is the config inside its 'alac' atom (12 bytes of atom header first).
        return CompressedPackets(magicCookie: Array(encoded.extradata.dropFirst(12)), packets: encoded.packets,
                                 framesPerPacket: encoded.frameSize, sampleRate: sampleRate)
    }

    /// The WAV tone's samples as Float32.
    private static func tone(_ frequency: Int, _ amplitude: Double, _ sampleRate: Int, _ seconds: Int) -> [Float] {
        let wav = wav(frequency: frequency, amplitude: amplitude, sampleRate: sampleRate, seconds: seconds)
        return wav.dropFirst(44).withUnsafeBytes { bytes in
            (0..<bytes.count / 2).map { Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self))) / 32_768 }
        }
    }

    private static func encode(_ id: AVCodecID, _ sampleFormat: AVSampleFormat, bitRate: Int, _ samples: [Float], sampleRate: Int)
        throws(SoundFileError) -> (extradata: [UInt8], packets: [[UInt8]], frameSize: Int) {
        av_log_set_level(AV_LOG_QUIET)
        let failure = SoundFileError(kind: .unsupportedEncoding, file: "tone", message: "libavcodec cannot encode the test tone")
        guard let encoder = avcodec_find_encoder(id) else { throw failure }
        var context = avcodec_alloc_context3(encoder)
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer { avcodec_free_context(&context); av_frame_free(&frame); av_packet_free(&packet) }
        guard let codec = context, let pcm = frame, let out = packet else { throw failure }
        codec.pointee.sample_rate = Int32(sampleRate)
        codec.pointee.sample_fmt = sampleFormat
        codec.pointee.bit_rate = Int64(bitRate)
        codec.pointee.thread_count = 1
        codec.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        av_channel_layout_default(&codec.pointee.ch_layout, 1)
        guard avcodec_open2(codec, encoder, nil) >= 0 else { throw failure }
        let frameSize = Int(codec.pointee.frame_size)
        var packets: [[UInt8]] = []
        func drain() {
            while avcodec_receive_packet(codec, out) >= 0 {
                packets.append(Array(UnsafeBufferPointer(start: out.pointee.data, count: Int(out.pointee.size))))
                av_packet_unref(out)
            }
        }
        for start in stride(from: 0, to: samples.count, by: frameSize) {
            let count = min(frameSize, samples.count - start)
            pcm.pointee.nb_samples = Int32(count)
            pcm.pointee.format = sampleFormat.rawValue
            pcm.pointee.sample_rate = Int32(sampleRate)
            av_channel_layout_default(&pcm.pointee.ch_layout, 1)
            guard av_frame_get_buffer(pcm, 0) >= 0 else { throw failure }
            for index in 0..<count {
                let value = samples[start + index]
                if sampleFormat == AV_SAMPLE_FMT_FLTP {
                    UnsafeMutableRawPointer(pcm.pointee.data.0!).storeBytes(of: value, toByteOffset: index * 4, as: Float.self)
                } else {
                    let integer = Int16(max(-32_768, min(32_767, (value * 32_768).rounded())))
                    UnsafeMutableRawPointer(pcm.pointee.data.0!).storeBytes(of: integer, toByteOffset: index * 2, as: Int16.self)
                }
            }
            pcm.pointee.pts = Int64(start)
            guard avcodec_send_frame(codec, pcm) >= 0 else { throw failure }
            av_frame_unref(pcm)
            drain()
        }
        _ = avcodec_send_frame(codec, nil)
        drain()
        let extradata = Array(UnsafeBufferPointer(start: codec.pointee.extradata, count: Int(codec.pointee.extradata_size)))
        return (extradata, packets, frameSize)
    }
}
