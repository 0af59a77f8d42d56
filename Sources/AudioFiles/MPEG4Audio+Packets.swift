import CAVCodec
import Foundation

extension MPEG4Audio {
    /// The first AAC or Apple Lossless track of an MPEG-4 file as its compressed packets, the way
    /// Apple's AudioFile hands them out (`AudioFileReadPacketData`) for an Audio Queue to decode.
    public struct Packets: Sendable {
        public var codec: Codec
        public var brand: Brand
        public var sampleRate: Int
        public var channels: Int
        /// AAC's AudioSpecificConfig or ALAC's ALACSpecificConfig (the decoders' extradata).
        public var magicCookie: [UInt8]
        /// Every packet's bytes, one after another.
        public var bytes: [UInt8]
        /// Where each packet starts in `bytes` and how long it is.
        public var offsets: [Int]
        public var sizes: [Int]
        /// Frames each packet decodes to: 1024 for AAC, the track's frame length for ALAC.
        public var framesPerPacket: Int
        /// The encoder's priming frames before time 0 (the file's edit list skips them).
        public var primingFrames: Int
        /// The frames the track plays (its duration); nil when the file does not say.
        public var validFrames: Int?

        public var maximumPacketSize: Int { sizes.max() ?? 0 }
    }

    /// Reads the packets of the first AAC or Apple Lossless track of the file at `path`.
    public static func packets(path: String) throws(SoundFileError) -> Packets {
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
        let timeBase = stream.pointee.time_base
        let toFrames = { (time: Int64) in av_rescale_q(time, timeBase, AVRational(num: 1, den: Int32(rate))) }
        var result = Packets(codec: codec, brand: brand(demuxer), sampleRate: rate, channels: Int(parameters.ch_layout.nb_channels),
                             magicCookie: cookie, bytes: [], offsets: [], sizes: [],
                             framesPerPacket: codec == .aac ? 1024 : max(Int(parameters.frame_size), 0), primingFrames: 0,
                             validFrames: stream.pointee.duration > 0 ? Int(toFrames(stream.pointee.duration)) : nil)
        var firstTime: Int64?
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let current = packet else { throw error(.io, name, "out of memory") }
        while av_read_frame(demuxer, current) >= 0 {
            defer { av_packet_unref(current) }
            guard current.pointee.stream_index == stream.pointee.index, current.pointee.size > 0 else { continue }
            if firstTime == nil, current.pointee.pts != Int64.min { firstTime = current.pointee.pts }
            if result.framesPerPacket == 0, current.pointee.duration > 0 { result.framesPerPacket = Int(toFrames(current.pointee.duration)) }
            result.offsets.append(result.bytes.count)
            result.sizes.append(Int(current.pointee.size))
            result.bytes += UnsafeBufferPointer(start: current.pointee.data, count: Int(current.pointee.size))
        }
        result.primingFrames = Int(max(0, -toFrames(firstTime ?? 0)))
        return result
    }

    /// 'M4A ' as the major brand means an M4A file; anything else an MP4 one.
    private static func brand(_ demuxer: UnsafeMutablePointer<AVFormatContext>) -> Brand {
        guard let entry = av_dict_get(demuxer.pointee.metadata, "major_brand", nil, 0), let value = entry.pointee.value else { return .mp4 }
        return String(cString: value).hasPrefix("M4A") ? .m4a : .mp4
    }
}
