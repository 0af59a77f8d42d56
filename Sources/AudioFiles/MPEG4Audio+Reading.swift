import Foundation

extension MPEG4Audio {
    /// Reads and decodes the first AAC or Apple Lossless track of the file at `path`.
    ///
    /// Frames before time 0 (the AAC encoder's priming, which the file's edit list skips) and past
    /// the track's duration (the padding of its last packet) are dropped, so the frames are the
    /// ones that were written.
    public static func read(path: String) throws(SoundFileError) -> Decoded {
        let track = try packets(path: path)
        let decoder = try CompressedPacketDecoder(codec: track.codec == .aac ? .aac : .appleLossless, sampleRate: track.sampleRate,
                                                  channels: track.channels, magicCookie: track.magicCookie)
        var samples: [Float] = []
        for (offset, size) in zip(track.offsets, track.sizes) {
            let decoded = track.bytes.withUnsafeBytes { all in
                Result { () throws(SoundFileError) in try decoder.decode(packet: UnsafeRawBufferPointer(rebasing: all[offset..<(offset + size)])) }
            }
            samples += try decoded.get()
        }
        let channels = decoder.channels
        let priming = min(track.primingFrames, samples.count / channels)
        var frames = samples.count / channels - priming
        if let valid = track.validFrames { frames = min(frames, valid) }
        let kept = Array(samples[(priming * channels)..<((priming + frames) * channels)])
        return Decoded(codec: track.codec, brand: track.brand, sampleRate: track.sampleRate, channels: channels,
                       bitsPerSample: track.codec == .aac ? nil : alacBitDepth(track.magicCookie),
                       bitRate: frames > 0 ? track.bytes.count * 8 * track.sampleRate / frames : 0, samples: kept)
    }

    /// The ALACSpecificConfig's bitDepth byte (offset 5 of the 24-byte config).
    private static func alacBitDepth(_ cookie: [UInt8]) -> Int? {
        let config = CompressedPacketDecoder.alacExtradata(cookie)
        return config.count == 36 ? Int(config[12 + 5]) : nil
    }
}
