import AudioToolbox
import CoreMedia
import Foundation
import MediaServer

/// How a capture session hears the microphone: an input Audio Queue of the app, the same path
/// `AudioQueueNewInput` apps record through (its RemoteIO instance reads the route's input in
/// the media server: the selected input port and data source, silence until record permission
/// is granted, stopped by an interruption). It records 16-bit mono linear PCM at the hardware
/// rate into three buffers of one IO buffer each, so a buffer comes back every IO cycle; each
/// becomes a `CMSampleBuffer` stamped with the host time of its first frame (nanoseconds on the
/// host clock, as the queue reports it).
final class CaptureAudioReader {
    private let binding: AppBinding
    private let onBuffer: (CMSampleBuffer, UnsafeBufferPointer<Int16>, Double) -> Void
    private var queue: AudioQueueRef?
    private var buffers: [AudioQueueBufferRef] = []
    private var format: AudioStreamBasicDescription
    private var audioFormat: CMAudioFormatDescription?
    private(set) var isReading = false

    init(binding: AppBinding, onBuffer: @escaping (CMSampleBuffer, UnsafeBufferPointer<Int16>, Double) -> Void) {
        self.binding = binding
        self.onBuffer = onBuffer
        let rate = Double(max(1, binding.server.currentHardware.sampleRate))
        format = AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                             mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                             mBytesPerPacket: 2, mFramesPerPacket: 1, mBytesPerFrame: 2,
                                             mChannelsPerFrame: 1, mBitsPerChannel: 16, mReserved: 0)
    }

    deinit { if let queue { _ = AudioQueueDispose(queue, true) } }

    /// Starts reading (making the queue the first time); the queue's status on failure.
    func start() -> OSStatus {
        if queue == nil {
            let status = makeQueue()
            guard status == noErr else { return status }
        }
        guard let queue else { return kAudioQueueErr_InvalidDevice }
        // A queue stopped by an interruption handed its buffers back: they go in again.
        for buffer in buffers { _ = AudioQueueEnqueueBuffer(queue, buffer, 0, nil) }
        let status = AudioQueueStart(queue, nil)
        isReading = status == noErr
        return status
    }

    func stop() {
        isReading = false
        if let queue { _ = AudioQueueStop(queue, true) }
    }

    private func makeQueue() -> OSStatus {
        var newQueue: AudioQueueRef?
        let status = AudioQueueNewInput(&format, { [weak self] _, queue, buffer, startTime, _, _ in
            self?.received(queue, buffer, hostTime: startTime.pointee.mHostTime)
        }, nil, nil, nil, 0, &newQueue)
        guard status == noErr, let newQueue else { return status }
        var description: CMAudioFormatDescription?
        guard CMAudioFormatDescriptionCreate(allocator: nil, asbd: &format, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                             magicCookie: nil, extensions: nil, formatDescriptionOut: &description) == noErr else {
            _ = AudioQueueDispose(newQueue, true)
            return kAudioFormatUnsupportedDataFormatError
        }
        audioFormat = description
        let frames = max(64, binding.server.currentHardware.ioBufferFrames)
        for _ in 0..<3 {
            var buffer: AudioQueueBufferRef?
            let allocated = AudioQueueAllocateBuffer(newQueue, UInt32(frames * 2), &buffer)
            guard allocated == noErr, let buffer else {
                _ = AudioQueueDispose(newQueue, true)
                return allocated
            }
            buffers.append(buffer)
        }
        queue = newQueue
        return noErr
    }

    /// A full buffer came back: it becomes a sample buffer, and goes in again while reading.
    private func received(_ queue: AudioQueueRef, _ buffer: AudioQueueBufferRef, hostTime: UInt64) {
        let bytes = Int(buffer.pointee.mAudioDataByteSize)
        let frames = bytes / 2
        defer { if isReading { _ = AudioQueueEnqueueBuffer(queue, buffer, 0, nil) } }
        guard frames > 0, let audioFormat else { return }
        var block: CMBlockBuffer?
        var sample: CMSampleBuffer?
        guard CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: bytes, blockAllocator: nil,
                                                 customBlockSource: nil, offsetToData: 0, dataLength: bytes, flags: [],
                                                 blockBufferOut: &block) == kCMBlockBufferNoErr, let block,
              CMBlockBufferReplaceDataBytes(with: buffer.pointee.mAudioData, blockBuffer: block, offsetIntoDestination: 0,
                                            dataLength: bytes) == kCMBlockBufferNoErr,
              CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: nil, dataBuffer: block, formatDescription: audioFormat,
                                                                   sampleCount: frames,
                                                                   presentationTimeStamp: CMTime(value: Int64(hostTime), timescale: 1_000_000_000),
                                                                   packetDescriptions: nil, sampleBufferOut: &sample) == noErr,
              let sample else { return }
        let samples = UnsafeBufferPointer(start: buffer.pointee.mAudioData.assumingMemoryBound(to: Int16.self), count: frames)
        onBuffer(sample, samples, format.mSampleRate)
    }
}
