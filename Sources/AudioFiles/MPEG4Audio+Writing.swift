import CAVCodec
import Foundation

extension MPEG4Audio {
    /// Throws `.unsupportedEncoding` when the encoder refuses `settings` (a rate AAC has no
    /// table for, too many channels, an ALAC depth other than 16 or 24), without writing anything.
    public static func check(_ settings: Settings, file: String) throws(SoundFileError) {
        _ = try MPEG4Encoder(settings, file: file)
    }

    /// Encodes interleaved `samples` (−1…+1) and writes them as a complete file at `path`.
    public static func write(_ samples: [Float], settings: Settings, to path: String) throws(SoundFileError) {
        let name = (path as NSString).lastPathComponent
        let encoder = try MPEG4Encoder(settings, file: name)
        var output: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_alloc_output_context2(&output, nil, settings.brand.muxer, path) >= 0, let muxer = output else {
            throw error(.unsupportedEncoding, name, "libavformat has no MPEG-4 muxer")
        }
        defer { avformat_free_context(muxer) }
        muxer.pointee.flags |= AVFMT_FLAG_BITEXACT
        guard let stream = avformat_new_stream(muxer, nil),
              avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context) >= 0 else {
            throw error(.io, name, "cannot add the audio track")
        }
        stream.pointee.time_base = AVRational(num: 1, den: Int32(settings.sampleRate))
        let opened = avio_open(&muxer.pointee.pb, path, AVIO_FLAG_WRITE)
        guard opened >= 0 else { throw error(.system, name, "cannot create the file", opened) }
        defer { avio_closep(&muxer.pointee.pb) }
        let header = avformat_write_header(muxer, nil)
        guard header >= 0 else { throw error(.unsupportedEncoding, name, "the container refuses the stream", header) }
        try encoder.encode(samples) { packet throws(SoundFileError) in
            av_packet_rescale_ts(packet, encoder.context.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = av_interleaved_write_frame(muxer, packet)
            guard written >= 0 else { throw error(.io, name, "cannot write a packet", written) }
        }
        let trailer = av_write_trailer(muxer)
        guard trailer >= 0 else { throw error(.io, name, "cannot finish the file", trailer) }
    }
}

/// One opened libavcodec encoder for `MPEG4Audio.Settings`.
final class MPEG4Encoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    private let settings: MPEG4Audio.Settings
    private let name: String

    init(_ settings: MPEG4Audio.Settings, file name: String) throws(SoundFileError) {
        av_log_set_level(AV_LOG_QUIET)
        self.settings = settings
        self.name = name
        let aac = settings.codec == .aac
        let refused = MPEG4Audio.error(.unsupportedEncoding, name,
                                       "cannot encode \(aac ? "AAC" : "Apple Lossless") with \(settings.channels) channel(s) at \(settings.sampleRate) Hz")
        guard settings.channels > 0, settings.channels <= 8, settings.sampleRate > 0, settings.sampleRate <= 384_000,
              aac || settings.bitsPerSample == 16 || settings.bitsPerSample == 24,
              let codec = avcodec_find_encoder(aac ? AV_CODEC_ID_AAC : AV_CODEC_ID_ALAC),
              let context = avcodec_alloc_context3(codec) else { throw refused }
        self.context = context
        context.pointee.sample_rate = Int32(settings.sampleRate)
        context.pointee.time_base = AVRational(num: 1, den: Int32(settings.sampleRate))
        context.pointee.sample_fmt = aac ? AV_SAMPLE_FMT_FLTP : settings.bitsPerSample == 16 ? AV_SAMPLE_FMT_S16P : AV_SAMPLE_FMT_S32P
        context.pointee.bits_per_raw_sample = aac ? 0 : Int32(settings.bitsPerSample)
        context.pointee.bit_rate = aac ? Int64(settings.bitRate ?? 0) : 0
        context.pointee.thread_count = 1
        context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) | Int32(AV_CODEC_FLAG_BITEXACT)
        av_channel_layout_default(&context.pointee.ch_layout, Int32(settings.channels))
        if aac { av_opt_set(context, "aac_coder", settings.bestQuality ? "twoloop" : "fast", AV_OPT_SEARCH_CHILDREN) }
        let status = avcodec_open2(context, codec, nil)
        guard status >= 0, context.pointee.frame_size > 0 else { throw refused }
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// Encodes interleaved samples frame by frame (the last one short), flushes, and hands every
    /// packet to `deliver` in order.
    func encode(_ samples: [Float], deliver: (UnsafeMutablePointer<AVPacket>) throws(SoundFileError) -> Void)
        throws(SoundFileError) {
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer { av_frame_free(&frame); av_packet_free(&packet) }
        guard let pcm = frame, let out = packet else { throw MPEG4Audio.error(.io, name, "out of memory") }
        let channels = settings.channels
        let frames = samples.count / channels
        let frameSize = Int(context.pointee.frame_size)
        func drain() throws(SoundFileError) {
            while avcodec_receive_packet(context, out) >= 0 {
                defer { av_packet_unref(out) }
                try deliver(out)
            }
        }
        for start in stride(from: 0, to: frames, by: frameSize) {
            let count = min(frameSize, frames - start)
            pcm.pointee.nb_samples = Int32(count)
            pcm.pointee.format = context.pointee.sample_fmt.rawValue
            pcm.pointee.sample_rate = context.pointee.sample_rate
            av_channel_layout_copy(&pcm.pointee.ch_layout, &context.pointee.ch_layout)
            guard av_frame_get_buffer(pcm, 0) >= 0 else { throw MPEG4Audio.error(.io, name, "out of memory") }
            fill(pcm, from: samples, start: start, count: count)
            pcm.pointee.pts = Int64(start)
            let sent = avcodec_send_frame(context, pcm)
            av_frame_unref(pcm)
            guard sent >= 0 else { throw MPEG4Audio.error(.io, name, "the encoder refused a frame", sent) }
            try drain()
        }
        _ = avcodec_send_frame(context, nil)
        try drain()
    }

    /// One planar frame from interleaved floats: AAC takes floats; ALAC integers, quantized at
    /// Apple's 2^(N−1) scale (24-bit left-aligned in 32), so on-grid samples round-trip exactly.
    private func fill(_ pcm: UnsafeMutablePointer<AVFrame>, from samples: [Float], start: Int, count: Int) {
        let channels = settings.channels
        let quantizer = PCMQuantizer(bits: settings.bitsPerSample)
        for channel in 0..<channels {
            let plane = UnsafeMutableRawPointer(pcm.pointee.extended_data[channel]!)
            for index in 0..<count {
                let value = samples[(start + index) * channels + channel]
                switch context.pointee.sample_fmt {
                case AV_SAMPLE_FMT_FLTP: plane.storeBytes(of: value, toByteOffset: index * 4, as: Float.self)
                case AV_SAMPLE_FMT_S16P:
                    plane.storeBytes(of: Int16(quantizer.value(Double(value))), toByteOffset: index * 2, as: Int16.self)
                default: plane.storeBytes(of: quantizer.value(Double(value)) << 8, toByteOffset: index * 4, as: Int32.self)
                }
            }
        }
    }
}
