extension AVAudioFormat {
    /// The ASBD Apple builds for a common format (AVAudioFormat, AVAudioCommonFormat, AVAudioFormat.h table): packed, native-endian,
    /// one frame per packet; deinterleaved byte counts describe one channel's buffer.
    static func pcmDescription(_ format: AVAudioCommonFormat, _ sampleRate: Double, _ channels: UInt32,
                               _ interleaved: Bool) -> AudioStreamBasicDescription {
        let sampleBytes = format.bytesPerSample
        let frameBytes = interleaved ? sampleBytes &* channels : sampleBytes
        let flags = format.formatFlags | (interleaved ? 0 : kAudioFormatFlagIsNonInterleaved)
        return AudioStreamBasicDescription(
            mSampleRate: sampleRate, mFormatID: format == .otherFormat ? 0 : kAudioFormatLinearPCM,
            mFormatFlags: flags, mBytesPerPacket: frameBytes, mFramesPerPacket: 1, mBytesPerFrame: frameBytes,
            mChannelsPerFrame: channels, mBitsPerChannel: sampleBytes * 8, mReserved: 0)
    }

    /// The common format an ASBD is, or `.otherFormat` (big-endian, unpacked, 24-bit, compressed …).
    static func commonFormat(of d: AudioStreamBasicDescription) -> AVAudioCommonFormat {
        guard d.mFormatID == kAudioFormatLinearPCM, d.mFormatFlags & kAudioFormatFlagIsBigEndian == 0,
              d.mFramesPerPacket == 1, d.mChannelsPerFrame > 0 else { return .otherFormat }
        let buffers = d.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0 ? 1 : d.mChannelsPerFrame
        guard d.mBytesPerFrame % buffers == 0, d.mBytesPerFrame / buffers * 8 == d.mBitsPerChannel else { return .otherFormat }
        let isFloat = d.mFormatFlags & kAudioFormatFlagIsFloat != 0
        let isSigned = d.mFormatFlags & kAudioFormatFlagIsSignedInteger != 0
        switch (isFloat, isSigned, d.mBitsPerChannel) {
        case (true, _, 32): return .pcmFormatFloat32
        case (true, _, 64): return .pcmFormatFloat64
        case (false, true, 16): return .pcmFormatInt16
        case (false, true, 32): return .pcmFormatInt32
        default: return .otherFormat
        }
    }

    /// True for linear PCM, the only kind a PCM buffer can hold.
    var isPCM: Bool { streamDescription.pointee.mFormatID == kAudioFormatLinearPCM }
}
