import CAVCodec

/// AAC and Apple Lossless (ALAC) decoded by FFmpeg's libavcodec — the decoders Debian ships for
/// both, with no build cost (libfaad2 would cover AAC only). Packets arrive the way an Audio Queue
/// gets them: one compressed packet at a time (its packet descriptions, as an app reads them from
/// an m4a or CAF file) with the stream's magic cookie (AAC's AudioSpecificConfig, ALAC's
/// ALACSpecificConfig); or, for AAC without a cookie, an ADTS byte stream whose frames describe
/// themselves, split by libavcodec's parser. Output is interleaved Float32 at the stream's rate
/// and channel count. Control side only (it allocates).
public final class CompressedPacketDecoder {
    public enum Codec: Sendable { case aac, appleLossless }

    private let context: UnsafeMutablePointer<AVCodecContext>
    private let parser: UnsafeMutablePointer<AVCodecParserContext>?
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    private let codec: Codec

    /// Opens the decoder; `magicCookie` is empty for an ADTS stream (AAC only).
    public init(codec: Codec, sampleRate: Int, channels: Int, magicCookie: [UInt8]) throws(SoundFileError) {
        av_log_set_level(AV_LOG_QUIET)  // libavcodec would print to stderr about damaged input
        self.codec = codec
        let id = codec == .aac ? AV_CODEC_ID_AAC : AV_CODEC_ID_ALAC
        guard let decoder = avcodec_find_decoder(id), let context = avcodec_alloc_context3(decoder),
              let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw Self.error(codec, "libavcodec has no decoder for it", 0)
        }
        self.context = context
        self.packet = packet
        self.frame = frame
        context.pointee.sample_rate = Int32(sampleRate)
        av_channel_layout_default(&context.pointee.ch_layout, Int32(channels))
        context.pointee.thread_count = 1
        let extradata = codec == .aac ? magicCookie : Self.alacExtradata(magicCookie)
        if codec == .appleLossless && extradata.isEmpty {
            parser = nil
            throw Self.error(codec, "the stream needs its magic cookie (an ALACSpecificConfig)", 0)
        }
        if !extradata.isEmpty, let bytes = av_mallocz(extradata.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) {
            bytes.copyMemory(from: extradata, byteCount: extradata.count)
            context.pointee.extradata = bytes.assumingMemoryBound(to: UInt8.self)
            context.pointee.extradata_size = Int32(extradata.count)
        }
        parser = codec == .aac && magicCookie.isEmpty ? av_parser_init(Int32(AV_CODEC_ID_AAC.rawValue)) : nil
        let status = avcodec_open2(context, decoder, nil)
        guard status >= 0 else { throw Self.error(codec, "the decoder does not accept the stream's format or cookie", status) }
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packet)
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
        if let parser { av_parser_close(parser) }
    }

    /// The stream's channel count as the decoder reports it (the cookie or ADTS header may differ
    /// from what the app declared).
    public var channels: Int { Int(context.pointee.ch_layout.nb_channels) }

    /// Decodes one whole compressed packet.
    public func decode(packet bytes: UnsafeRawBufferPointer) throws(SoundFileError) -> [Float] {
        guard !bytes.isEmpty else { return [] }
        var samples: [Float] = []
        try send(bytes, into: &samples)
        return samples
    }

    /// Decodes the frames an ADTS byte stream completes (a frame cut at the end of `bytes`
    /// decodes when the next piece completes it).
    public func decode(stream bytes: UnsafeRawBufferPointer) throws(SoundFileError) -> [Float] {
        guard let parser else { return try decode(packet: bytes) }
        var samples: [Float] = []
        var input = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var remaining = Int32(bytes.count)
        while remaining > 0 {
            var out: UnsafeMutablePointer<UInt8>?
            var outSize: Int32 = 0
            let used = av_parser_parse2(parser, context, &out, &outSize, input, remaining, Int64.min, Int64.min, 0)
            guard used >= 0 else { throw Self.error(codec, "the ADTS stream cannot be parsed", used) }
            input = input.map { $0 + Int(used) }
            remaining -= used
            if let out, outSize > 0 { try send(UnsafeRawBufferPointer(start: out, count: Int(outSize)), into: &samples) }
        }
        return samples
    }

    private func send(_ bytes: UnsafeRawBufferPointer, into samples: inout [Float]) throws(SoundFileError) {
        guard av_new_packet(packet, Int32(bytes.count)) >= 0 else { throw Self.error(codec, "out of memory", 0) }
        defer { av_packet_unref(packet) }
        packet.pointee.data.update(from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        let sent = avcodec_send_packet(context, packet)
        guard sent >= 0 else { throw Self.error(codec, "a packet cannot be decoded", sent) }
        while true {
            let received = avcodec_receive_frame(context, frame)
            if received == cav_error_again() || received == cav_error_eof() { return }
            guard received >= 0 else { throw Self.error(codec, "a packet cannot be decoded", received) }
            appendFrame(to: &samples)
            av_frame_unref(frame)
        }
    }

    /// The decoded frame as interleaved Float32, whatever sample format the decoder chose
    /// (AAC: planar float; ALAC: planar 16- or 32-bit integers).
    private func appendFrame(to samples: inout [Float]) {
        let frames = Int(frame.pointee.nb_samples), channelCount = Int(frame.pointee.ch_layout.nb_channels)
        let format = AVSampleFormat(rawValue: frame.pointee.format)
        let planar = av_sample_fmt_is_planar(format) != 0
        samples.reserveCapacity(samples.count + frames * channelCount)
        for index in 0..<frames {
            for channel in 0..<channelCount {
                let plane = frame.pointee.extended_data[planar ? channel : 0]!
                let offset = planar ? index : index * channelCount + channel
                samples.append(Self.sample(plane, offset, format))
            }
        }
    }

    private static func sample(_ plane: UnsafeMutablePointer<UInt8>, _ offset: Int, _ format: AVSampleFormat) -> Float {
        switch format {
        case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP:
            return UnsafeRawPointer(plane).load(fromByteOffset: offset * 4, as: Float.self)
        case AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P:
            return Float(UnsafeRawPointer(plane).load(fromByteOffset: offset * 2, as: Int16.self)) / 32_768
        case AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P:
            return Float(UnsafeRawPointer(plane).load(fromByteOffset: offset * 4, as: Int32.self)) / 2_147_483_648
        default:
            return 0
        }
    }

    /// libavcodec wants ALAC's config inside its 'alac' atom (size, 'alac', version, 24 bytes);
    /// apps hand the queue either the bare 24-byte ALACSpecificConfig (a CAF file's cookie) or
    /// the atoms around it (an m4a file's: 'frma', 'alac', config, optional 'chan').
    static func alacExtradata(_ cookie: [UInt8]) -> [UInt8] {
        let tag = Array("alac".utf8)
        var config = cookie
        if cookie.count >= 4 {
            let atoms = (0...(cookie.count - 4)).filter { Array(cookie[$0..<$0 + 4]) == tag && cookie.count - ($0 + 8) >= 24 }
            if let last = atoms.last { config = Array(cookie[(last + 8)..<(last + 32)]) }
        }
        guard config.count >= 24 else { return [] }
        return [0, 0, 0, 36] + tag + [0, 0, 0, 0] + config.prefix(24)
    }

    private static func error(_ codec: Codec, _ message: String, _ status: Int32) -> SoundFileError {
        SoundFileError(kind: .malformed, file: "stream", message: "\(codec == .aac ? "AAC" : "Apple Lossless") decoding: \(message)", code: status)
    }
}
