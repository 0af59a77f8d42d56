import CoreMedia
import Foundation

extension AVPlayer {
    /// A sample buffer of interleaved stereo float samples at `rate`, presented at `time` on the
    /// player's timeline: what the player enqueues on its renderer, one second (or the rest of an
    /// item) at a time.
    static func sampleBuffer(_ samples: ArraySlice<Float>, rate: Int, at time: CMTime) -> CMSampleBuffer? {
        var asbd = AudioStreamBasicDescription(mSampleRate: Float64(rate), mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked,
                                               mBytesPerPacket: 8, mFramesPerPacket: 1, mBytesPerFrame: 8,
                                               mChannelsPerFrame: 2, mBitsPerChannel: 32, mReserved: 0)
        var format: CMAudioFormatDescription?
        var block: CMBlockBuffer?
        var buffer: CMSampleBuffer?
        let length = samples.count * MemoryLayout<Float>.size
        guard CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                             magicCookie: nil, extensions: nil, formatDescriptionOut: &format) == noErr,
              let format,
              CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: length, blockAllocator: nil,
                                                 customBlockSource: nil, offsetToData: 0, dataLength: length, flags: [],
                                                 blockBufferOut: &block) == kCMBlockBufferNoErr,
              let block else { return nil }
        _ = samples.withUnsafeBytes { CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block, offsetIntoDestination: 0, dataLength: length) }
        guard CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: nil, dataBuffer: block, formatDescription: format,
                                                                    sampleCount: samples.count / 2, presentationTimeStamp: time,
                                                                    packetDescriptions: nil, sampleBufferOut: &buffer) == noErr
        else { return nil }
        return buffer
    }
}
