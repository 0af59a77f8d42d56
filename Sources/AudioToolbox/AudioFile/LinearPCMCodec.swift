import CoreAudioTypes

/// A linear PCM layout that AudioFile and ExtAudioFile move samples in, as an
/// `AudioStreamBasicDescription` states it: 8-, 16-, 24- or 32-bit integers (signed, or unsigned
/// 8-bit as WAV stores it), 32- or 64-bit floats, either byte order, packed, interleaved or not.
///
/// Samples cross it as `Double` at Apple's 2^(N−1) integer scale, which holds every integer and
/// float sample exactly, so a file read in its own format comes back bit for bit.
struct LinearPCMCodec: Equatable {
    let channels: Int
    let bytesPerSample: Int
    let isFloat: Bool
    let isSigned: Bool
    let isBigEndian: Bool
    let isNonInterleaved: Bool

    init?(_ d: AudioStreamBasicDescription) {
        guard d.mFormatID == kAudioFormatLinearPCM, d.mFramesPerPacket == 1, d.mSampleRate > 0, d.mSampleRate.isFinite,
              (1...1024).contains(d.mChannelsPerFrame) else { return nil }
        let flags = d.mFormatFlags
        let bits = Int(d.mBitsPerChannel)
        isFloat = flags & kAudioFormatFlagIsFloat != 0
        isSigned = isFloat || flags & kAudioFormatFlagIsSignedInteger != 0
        guard isFloat ? bits == 32 || bits == 64 : [8, 16, 24, 32].contains(bits), isSigned || bits == 8 else { return nil }
        channels = Int(d.mChannelsPerFrame)
        bytesPerSample = bits / 8
        isBigEndian = flags & kAudioFormatFlagIsBigEndian != 0 && bits > 8
        isNonInterleaved = flags & kAudioFormatFlagIsNonInterleaved != 0
        let frameBytes = UInt32(bytesPerSample * (isNonInterleaved ? 1 : channels))
        guard d.mBytesPerFrame == frameBytes, d.mBytesPerPacket == frameBytes else { return nil }
    }

    /// Bytes one frame takes in one buffer (all channels when interleaved, one otherwise).
    var bytesPerFrame: Int { bytesPerSample * (isNonInterleaved ? 1 : channels) }
    var bufferCount: Int { isNonInterleaved ? channels : 1 }

    // MARK: One sample

    func decode(_ p: UnsafeRawPointer) -> Double {
        var raw: UInt64 = 0
        for i in 0..<bytesPerSample {
            let byte = UInt64(p.load(fromByteOffset: isBigEndian ? i : bytesPerSample - 1 - i, as: UInt8.self))
            raw = raw << 8 | byte
        }
        if isFloat { return bytesPerSample == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw) }
        let bits = bytesPerSample * 8
        let value = isSigned ? Int64(bitPattern: raw << UInt64(64 - bits)) >> Int64(64 - bits) : Int64(raw) - (1 << (bits - 1))
        return Double(value) / Double(1 << (bits - 1))
    }

    func encode(_ sample: Double, _ p: UnsafeMutableRawPointer) {
        let raw: UInt64
        if isFloat {
            raw = bytesPerSample == 4 ? UInt64(Float(sample).bitPattern) : sample.bitPattern
        } else {
            let bits = bytesPerSample * 8
            let scale = Double(1 << (bits - 1))
            let scaled = (sample * scale).rounded()
            let clipped = scaled.isNaN ? 0 : Int64(min(max(scaled, -scale), scale - 1))
            raw = UInt64(bitPattern: isSigned ? clipped : clipped + (1 << (bits - 1)))
        }
        for i in 0..<bytesPerSample {
            let shift = 8 * (isBigEndian ? bytesPerSample - 1 - i : i)
            p.storeBytes(of: UInt8(truncatingIfNeeded: raw >> UInt64(shift)), toByteOffset: i, as: UInt8.self)
        }
    }

    // MARK: Packed bytes (AudioFile packet data, always interleaved)

    func decode(bytes: UnsafeRawPointer, frames: Int, into samples: UnsafeMutablePointer<Double>) {
        for i in 0..<(frames * channels) { samples[i] = decode(bytes + i * bytesPerSample) }
    }

    func encode(_ samples: UnsafePointer<Double>, frames: Int, into bytes: UnsafeMutableRawPointer) {
        for i in 0..<(frames * channels) { encode(samples[i], bytes + i * bytesPerSample) }
    }

    // MARK: Audio buffer lists (ExtAudioFile's client side)

    /// True when `list` has this layout's buffers, each with room for `frames` frames.
    func fits(_ list: UnsafeMutablePointer<AudioBufferList>, frames: Int) -> Bool {
        let buffers = UnsafeMutableAudioBufferListPointer(list)
        guard buffers.count >= bufferCount else { return false }
        return (0..<bufferCount).allSatisfy { buffers[$0].mData != nil && Int(buffers[$0].mDataByteSize) >= frames * bytesPerFrame }
    }

    /// Interleaved samples of `frames` frames read from `list` (which `fits`).
    func gather(_ list: UnsafeMutablePointer<AudioBufferList>, frames: Int, into samples: UnsafeMutablePointer<Double>) {
        let buffers = UnsafeMutableAudioBufferListPointer(list)
        for channel in 0..<channels {
            let (base, step) = locate(buffers, channel)
            for frame in 0..<frames { samples[frame * channels + channel] = decode(base + frame * step) }
        }
    }

    /// Writes `frames` interleaved frames into `list` and sets its byte sizes to what they hold.
    func scatter(_ samples: UnsafePointer<Double>, frames: Int, into list: UnsafeMutablePointer<AudioBufferList>) {
        let buffers = UnsafeMutableAudioBufferListPointer(list)
        for channel in 0..<channels {
            let (base, step) = locate(buffers, channel)
            for frame in 0..<frames { encode(samples[frame * channels + channel], base + frame * step) }
        }
        for index in 0..<bufferCount { buffers[index].mDataByteSize = UInt32(frames * bytesPerFrame) }
    }

    private func locate(_ buffers: UnsafeMutableAudioBufferListPointer, _ channel: Int) -> (UnsafeMutableRawPointer, Int) {
        if isNonInterleaved { return (buffers[channel].mData!, bytesPerSample) }
        return (buffers[0].mData! + channel * bytesPerSample, bytesPerFrame)
    }
}
