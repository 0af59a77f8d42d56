import AudioFiles
import CoreAudioTypes

/// Turns a compressed queue's enqueued bytes into PCM, with the library made for each format:
/// MP3 through libmpg123's feed decoder (frames describe themselves); AAC and Apple Lossless
/// through libavcodec, packet by packet as the buffer's packet descriptions mark them, with the
/// queue's magic cookie (`kAudioQueueProperty_MagicCookie`). AAC enqueued without descriptions
/// and without a cookie is read as an ADTS stream. Whether the "hardware" or the software codec
/// decodes is policy (AudioQueue+Codec.swift); the decoding is the same.
final class AudioQueueDecoder {
    private let format: AudioStreamBasicDescription
    private let mpeg: CompressedStreamDecoder?
    private var packets: CompressedPacketDecoder?
    /// The cookie the packet decoder was opened with (a new cookie opens a new decoder).
    private var openedCookie: [UInt8]?

    init(format: AudioStreamBasicDescription) {
        self.format = format
        mpeg = format.mFormatID == kAudioFormatMPEGLayer3 ? CompressedStreamDecoder() : nil
    }

    /// The stream's channel count once known (the decoder's, which the cookie decides).
    var channels: Int? { mpeg?.channels ?? packets?.channels }

    /// Decodes a buffer's bytes; `descriptions` locate its packets (empty: self-describing frames).
    func decode(_ bytes: UnsafeRawBufferPointer, descriptions: UnsafeBufferPointer<AudioStreamPacketDescription>,
                cookie: [UInt8]) throws(SoundFileError) -> [Float] {
        if let mpeg { return try mpeg.append(bytes) }
        let decoder = try packetDecoder(cookie)
        guard !descriptions.isEmpty else {
            guard format.mFormatID == kAudioFormatMPEG4AAC, cookie.isEmpty else {
                throw SoundFileError(kind: .invalidArgument, file: "stream", message: "packets of this format need packet descriptions")
            }
            return try decoder.decode(stream: bytes)
        }
        var samples: [Float] = []
        for description in descriptions {
            let start = Int(description.mStartOffset), size = Int(description.mDataByteSize)
            guard start >= 0, size >= 0, start + size <= bytes.count else {
                throw SoundFileError(kind: .invalidArgument, file: "stream", message: "a packet description points past the buffer's data")
            }
            samples += try decoder.decode(packet: UnsafeRawBufferPointer(rebasing: bytes[start..<start + size]))
        }
        return samples
    }

    private func packetDecoder(_ cookie: [UInt8]) throws(SoundFileError) -> CompressedPacketDecoder {
        if let packets, openedCookie == cookie { return packets }
        let codec: CompressedPacketDecoder.Codec = format.mFormatID == kAudioFormatAppleLossless ? .appleLossless : .aac
        let decoder = try CompressedPacketDecoder(codec: codec, sampleRate: Int(format.mSampleRate),
                                                  channels: Int(format.mChannelsPerFrame), magicCookie: cookie)
        packets = decoder
        openedCookie = cookie
        return decoder
    }
}
