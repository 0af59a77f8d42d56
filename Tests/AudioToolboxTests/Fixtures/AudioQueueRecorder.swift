// Written only against Apple's API: on iOS the imports are `import AudioToolbox` and
// `import AVFoundation`; nothing else changes.
import Foundation
import AudioToolbox
import CoreAudioTypes

/// A classic Audio Queue recorder: three buffers of 16-bit mono PCM enqueued on an input queue;
/// the input callback keeps each full buffer's samples with the queue time of its first frame
/// and enqueues it again while recording.
final class AudioQueueRecorder: @unchecked Sendable {
    var format: AudioStreamBasicDescription
    let bufferFrames: Int
    private(set) var queue: AudioQueueRef?
    private(set) var samples: [Float] = []
    /// Per buffer delivered: the sample time and host time of its first frame, and its frame count.
    private(set) var deliveries: [(sampleTime: Double, hostTime: UInt64, frames: Int)] = []
    private(set) var isRecording = false

    init(sampleRate: Double = 48_000, bufferFrames: Int = 4_800) {
        format = AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM,
                                             mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                             mBytesPerPacket: 2, mFramesPerPacket: 1, mBytesPerFrame: 2, mChannelsPerFrame: 1,
                                             mBitsPerChannel: 16, mReserved: 0)
        self.bufferFrames = bufferFrames
    }

    /// Makes the queue and its buffers; returns the first failing status.
    func prepare() -> OSStatus {
        var newQueue: AudioQueueRef?
        let status = AudioQueueNewInput(&format, { userData, queue, buffer, startTime, packets, _ in
            Unmanaged<AudioQueueRecorder>.fromOpaque(userData!).takeUnretainedValue().received(queue, buffer, startTime.pointee, packets)
        }, Unmanaged.passUnretained(self).toOpaque(), nil, nil, 0, &newQueue)
        guard status == noErr, let newQueue else { return status }
        queue = newQueue
        for _ in 0..<3 {
            var buffer: AudioQueueBufferRef?
            let allocated = AudioQueueAllocateBuffer(newQueue, UInt32(bufferFrames * 2), &buffer)
            guard allocated == noErr, let buffer else { return allocated }
            let enqueued = AudioQueueEnqueueBuffer(newQueue, buffer, 0, nil)
            guard enqueued == noErr else { return enqueued }
        }
        return noErr
    }

    func start() -> OSStatus {
        guard let queue else { return kAudioQueueErr_InvalidDevice }
        let status = AudioQueueStart(queue, nil)
        isRecording = status == noErr
        return status
    }

    func stop() -> OSStatus {
        guard let queue else { return kAudioQueueErr_InvalidDevice }
        isRecording = false
        return AudioQueueStop(queue, true)
    }

    private func received(_ queue: AudioQueueRef, _ buffer: AudioQueueBufferRef, _ startTime: AudioTimeStamp, _ packets: UInt32) {
        let frames = Int(buffer.pointee.mAudioDataByteSize) / 2
        let data = buffer.pointee.mAudioData.assumingMemoryBound(to: Int16.self)
        samples += (0..<frames).map { Float(data[$0]) / 32_768 }
        deliveries.append((startTime.mSampleTime, startTime.mHostTime, Int(packets)))
        if isRecording { _ = AudioQueueEnqueueBuffer(queue, buffer, 0, nil) }
    }

    deinit { if let queue { _ = AudioQueueDispose(queue, true) } }
}
