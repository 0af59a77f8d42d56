import CoreAudioTypes

/// The linear PCM formats the units accept on their client sides: 32-bit float or 16-bit
/// signed integer, packed, native-endian, interleaved or not, 1–32 channels, one frame per
/// packet. Anything else is `kAudioUnitErr_FormatNotSupported`.
extension AudioStreamBasicDescription {
    /// Deinterleaved 32-bit float, Apple's canonical audio-unit format.
    static func canonical(sampleRate: Double, channels: Int) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kAudioFormatFlagsNativeFloatPacked | kAudioFormatFlagIsNonInterleaved,
                                    mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4,
                                    mChannelsPerFrame: UInt32(channels), mBitsPerChannel: 32, mReserved: 0)
    }

    var isFloat: Bool { mFormatFlags & kAudioFormatFlagIsFloat != 0 }
    var isNonInterleaved: Bool { mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0 }
    var channelCount: Int { Int(mChannelsPerFrame) }
    var bytesPerSample: Int { Int(mBitsPerChannel / 8) }

    var isSupportedPCM: Bool {
        guard mFormatID == kAudioFormatLinearPCM, mSampleRate > 0, mSampleRate.isFinite, (1...32).contains(mChannelsPerFrame),
              mFramesPerPacket == 1, mFormatFlags & kAudioFormatFlagIsBigEndian == 0 else { return false }
        let sampleBits: UInt32 = isFloat ? 32 : 16
        guard mBitsPerChannel == sampleBits, isFloat || mFormatFlags & kAudioFormatFlagIsSignedInteger != 0 else { return false }
        let frameBytes = UInt32(bytesPerSample) * (isNonInterleaved ? 1 : mChannelsPerFrame)
        return mBytesPerFrame == frameBytes && mBytesPerPacket == frameBytes
    }
}

/// Moves samples between an `AudioBufferList` in a client format and planar float channels
/// (the device's and the kernels' format). No allocation: render side.
enum PCMTransfer {
    /// Copies channel `channel` of `list` (first `frames` frames) into `destination` as float.
    /// A channel the list does not have, or a nil buffer, reads as silence.
    static func read(_ list: UnsafeMutablePointer<AudioBufferList>, format: AudioStreamBasicDescription, channel: Int,
                     into destination: UnsafeMutablePointer<Float>, frames: Int) {
        guard let (base, step) = locate(list, format: format, channel: channel, frames: frames) else {
            destination.update(repeating: 0, count: frames)
            return
        }
        if format.isFloat {
            let samples = base.assumingMemoryBound(to: Float.self)
            for frame in 0..<frames { destination[frame] = samples[frame * step] }
        } else {
            let samples = base.assumingMemoryBound(to: Int16.self)
            for frame in 0..<frames { destination[frame] = Float(samples[frame * step]) / 32_768 }
        }
    }

    /// Writes `source` (float) into channel `channel` of `list` in its format; clips integers.
    static func write(_ source: UnsafePointer<Float>, into list: UnsafeMutablePointer<AudioBufferList>,
                      format: AudioStreamBasicDescription, channel: Int, frames: Int) {
        guard let (base, step) = locate(list, format: format, channel: channel, frames: frames) else { return }
        if format.isFloat {
            let samples = base.assumingMemoryBound(to: Float.self)
            for frame in 0..<frames { samples[frame * step] = source[frame] }
        } else {
            let samples = base.assumingMemoryBound(to: Int16.self)
            for frame in 0..<frames {
                samples[frame * step] = Int16(max(-32_768, min(32_767, (source[frame] * 32_768).rounded())))
            }
        }
    }

    /// Where channel `channel`'s first sample is and the distance between its samples, if the
    /// list has it with room for `frames` frames.
    private static func locate(_ list: UnsafeMutablePointer<AudioBufferList>, format: AudioStreamBasicDescription,
                               channel: Int, frames: Int) -> (UnsafeMutableRawPointer, Int)? {
        let buffers = UnsafeMutableAudioBufferListPointer(list)
        let bytes = format.bytesPerSample
        if format.isNonInterleaved {
            guard channel < buffers.count, let data = buffers[channel].mData,
                  Int(buffers[channel].mDataByteSize) >= frames * bytes else { return nil }
            return (data, 1)
        }
        let channels = format.channelCount
        guard channel < channels, buffers.count > 0, let data = buffers[0].mData,
              Int(buffers[0].mDataByteSize) >= frames * bytes * channels else { return nil }
        return (data + channel * bytes, channels)
    }
}

/// An `AudioBufferList` the unit owns, in a client format, with room for `capacity` frames:
/// what a render callback fills and `AudioUnitRender` with nil `mData` hands out.
final class OwnedBufferList {
    let format: AudioStreamBasicDescription
    let capacity: Int
    let list: UnsafeMutableAudioBufferListPointer
    private let storage: UnsafeMutableRawPointer
    private let bufferBytes: Int

    init(format: AudioStreamBasicDescription, capacity: Int) {
        self.format = format
        self.capacity = capacity
        let buffers = format.isNonInterleaved ? format.channelCount : 1
        bufferBytes = capacity * Int(format.mBytesPerFrame)
        storage = .allocate(byteCount: max(1, buffers * bufferBytes), alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, buffers * bufferBytes))
        list = AudioBufferList.allocate(maximumBuffers: buffers)
        prepare(frames: capacity)
    }

    deinit {
        storage.deallocate()
        UnsafeMutableRawPointer(list.unsafeMutablePointer).deallocate()
    }

    /// Points every buffer at its storage with the byte size of `frames` frames (a callback may
    /// have changed them).
    func prepare(frames: Int) {
        let perChannel = format.isNonInterleaved ? 1 : format.channelCount
        for index in 0..<list.count {
            list[index] = AudioBuffer(mNumberChannels: UInt32(perChannel),
                                      mDataByteSize: UInt32(frames * Int(format.mBytesPerFrame)),
                                      mData: storage + index * bufferBytes)
        }
    }

    func clear() { storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, list.count * bufferBytes)) }
}
