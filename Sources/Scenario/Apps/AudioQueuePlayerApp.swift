import AudioFiles
import Foundation
import OpenAVFAudio
import OpenAudioToolbox
import OpenCoreAudioTypes

/// A player on an Audio Queue with a compressed file (an MP3 of its tone, looping), the way the
/// 2010 talk "Audio Development for iPhone OS, Part 1" teaches it: in a non-mixable category its
/// queue decodes with the hardware codec, so at "began" the queue is disposed and at "ended" a new
/// one is made; in a mixable category (software codec) the queue is paused and simply restarted.
///
/// Mistake `restarts-hardware-queue`: keeps the hardware-codec queue through the interruption and
/// restarts it, which fails (`kAudioQueueErr_CannotStart`, logged as `error` with the call and code).
public final class AudioQueuePlayerApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .soloAmbient }

    private var queue: AudioQueueRef?
    private var data = Data()
    private var offset = 0
    private let chunk = 4096

    override public func makeSound() {}

    /// Non-mixable categories are chosen for the hardware codec.
    private var usesHardwareCodec: Bool {
        !session.categoryOptions.contains(.mixWithOthers) && session.category != .ambient
    }

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }

    override public func startSound() -> Bool {
        if let queue {
            let status = AudioQueueStart(queue, nil)
            guard status == noErr else { return failed("AudioQueueStart", status) }
            return true
        }
        return makeQueue()
    }

    override public func stopSound() {
        if let queue { _ = AudioQueuePause(queue) }
    }

    override public func interruptionBegan() {
        super.interruptionBegan()
        guard usesHardwareCodec, !makes("restarts-hardware-queue"), let queue else { return }
        _ = AudioQueueDispose(queue, true)
        self.queue = nil
        log("queue-disposed")
    }

    private func makeQueue() -> Bool {
        if data.isEmpty {
            do { data = try TestToneFile.mp3(frequency: configuration.tone ?? 1_000, seconds: 4) } catch { return failed("encode", -1) }
        }
        var format = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatMPEGLayer3, mFormatFlags: 0, mBytesPerPacket: 0,
                                                 mFramesPerPacket: 1152, mBytesPerFrame: 0, mChannelsPerFrame: 1, mBitsPerChannel: 0, mReserved: 0)
        var newQueue: AudioQueueRef?
        let status = AudioQueueNewOutput(&format, { userData, queue, buffer in
            Unmanaged<AudioQueuePlayerApp>.fromOpaque(userData!).takeUnretainedValue().fill(queue, buffer)
        }, Unmanaged.passUnretained(self).toOpaque(), nil, nil, 0, &newQueue)
        guard status == noErr, let newQueue else { return failed("AudioQueueNewOutput", status) }
        queue = newQueue
        offset = 0
        for _ in 0..<3 {
            var buffer: AudioQueueBufferRef?
            if AudioQueueAllocateBuffer(newQueue, UInt32(chunk), &buffer) == noErr, let buffer { fill(newQueue, buffer) }
        }
        let primed = AudioQueuePrime(newQueue, 0, nil)
        guard primed == noErr else { return failed("AudioQueuePrime", primed) }
        let started = AudioQueueStart(newQueue, nil)
        guard started == noErr else { return failed("AudioQueueStart", started) }
        log("queue-created")
        return true
    }

    private func fill(_ queue: AudioQueueRef, _ buffer: AudioQueueBufferRef) {
        let count = min(chunk, data.count - offset)
        data.withUnsafeBytes { buffer.pointee.mAudioData.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        buffer.pointee.mAudioDataByteSize = UInt32(count)
        offset = (offset + count) % data.count
        _ = AudioQueueEnqueueBuffer(queue, buffer, 0, nil)
    }

    private func failed(_ call: String, _ status: OSStatus) -> Bool {
        log("error", ["call": call, "code": String(status)])
        return false
    }

    deinit {
        if let queue { _ = AudioQueueDispose(queue, true) }
    }
}
