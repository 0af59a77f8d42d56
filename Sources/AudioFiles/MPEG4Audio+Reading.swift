import CAVCodec
import Foundation

extension MPEG4Audio {
    /// Reads and decodes the first AAC or Apple Lossless track of the file at `path`.
    ///
    /// Frames before time 0 (the AAC encoder's priming, which the file's edit list skips) and past
    /// the track's duration (the padding of its last packet) are dropped, so the frames are the
    /// ones that were written.
    public static func read(path: String) throws(SoundFileError) -> Decoded {
        let name = (path as NSString).lastPathComponent
        av_log_set_level(AV_LOG_QUIET)
        var input: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&input, path, nil, nil)
        guard opened >= 0, let demuxer = input else {
            throw error(.unrecognisedFormat, name, "not an MPEG-4 file libavformat can read", opened)
        }
        defer { avformat_close_input(&input) }
        let streams = (0..<Int(demuxer.pointee.nb_streams)).compactMap { demuxer.pointee.streams[$0] }
        guard let stream = streams.first(where: { [AV_CODEC_ID_AAC, AV_CODEC_ID_ALAC].contains($0.pointee.codecpar.pointee.codec_id) }) else {
            throw error(.unsupportedEncoding, name, "the file has no AAC or Apple Lossless track")
        }
        let parameters = stream.pointee.codecpar.pointee
        let codec: Codec = parameters.codec_id == AV_CODEC_ID_AAC ? .aac : .appleLossless
        let rate = Int(parameters.sample_rate)
        guard rate > 0, parameters.ch_layout.nb_channels > 0 else { throw error(.malformed, name, "the track has no rate or channels") }
        let cookie = parameters.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(parameters.extradata_size))) } ?? []
        let decoder = try CompressedPacketDecoder(codec: codec == .aac ? .aac : .appleLossless, sampleRate: rate,
                                                  channels: Int(parameters.ch_layout.nb_channels), magicCookie: cookie)
        let timeBase = stream.pointee.time_base
        let toFrames = { (time: Int64) in av_rescale_q(time, timeBase, AVRational(num: 1, den: Int32(rate))) }
        var samples: [Float] = []
        var bytes = 0
        var firstTime: Int64?
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let current = packet else { throw error(.io, name, "out of memory") }
        while av_read_frame(demuxer, current) >= 0 {
            defer { av_packet_unref(current) }
            guard current.pointee.stream_index == stream.pointee.index, current.pointee.size > 0 else { continue }
            if firstTime == nil, current.pointee.pts != Int64.min { firstTime = current.pointee.pts }
            bytes += Int(current.pointee.size)
            samples += try decoder.decode(packet: UnsafeRawBufferPointer(start: current.pointee.data, count: Int(current.pointee.size)))
        }
        let channels = decoder.channels
        let priming = min(Int(max(0, -toFrames(firstTime ?? 0))), samples.count / channels)
        var frames = samples.count / channels - priming
        if stream.pointee.duration > 0 { frames = min(frames, Int(toFrames(stream.pointee.duration))) }
        let kept = Array(samples[(priming * channels)..<((priming + frames) * channels)])
        return Decoded(codec: codec, brand: brand(demuxer), sampleRate: rate, channels: channels,
                       bitsPerSample: codec == .aac ? nil : alacBitDepth(cookie), bitRate: frames > 0 ? bytes * 8 * rate / frames : 0,
                       samples: kept)
    }

    /// 'M4A ' as the major brand means an M4A file; anything else an MP4 one.
    private static func brand(_ demuxer: UnsafeMutablePointer<AVFormatContext>) -> Brand {
        guard let entry = av_dict_get(demuxer.pointee.metadata, "major_brand", nil, 0), let value = entry.pointee.value else { return .mp4 }
        return String(cString: value).hasPrefix("M4A") ? .m4a : .mp4
    }

    /// The ALACSpecificConfig's bitDepth byte (offset 5 of the 24-byte config).
    private static func alacBitDepth(_ cookie: [UInt8]) -> Int? {
        let config = CompressedPacketDecoder.alacExtradata(cookie)
        return config.count == 36 ? Int(config[12 + 5]) : nil
    }
}
