// Written only against Apple's API: on iOS the imports are `import AudioToolbox` and
// `import AVFoundation`; nothing else changes.
import Foundation
import AVFAudio
import AudioToolbox
import CoreAudioTypes

/// A classic Audio Queue player: three buffers of compressed or PCM bytes, refilled in
/// the output callback, with the interruption handling the 2010 talk teaches — a hardware-codec
/// queue is disposed at "began" and created anew at "ended"; a software one is just restarted.
/// `restartsHardwareQueue` is the mistake: restarting the old hardware-codec queue.
/// An AAC or Apple Lossless file is played as its packets (eight to a buffer, with packet
/// descriptions) after its magic cookie, as an app reads them with Audio File Services.
final class AudioQueueFilePlayer: @unchecked Sendable {
    let data: Data
    let packets: [[UInt8]]
    let magicCookie: [UInt8]
    private var nextPacket = 0
    var format: AudioStreamBasicDescription
    var codecPolicy: UInt32 = kAudioQueueHardwareCodecPolicy_Default
    var restartsHardwareQueue = false
    private(set) var queue: AudioQueueRef?
    private var offset = 0
    private let chunk = 4096
    private(set) var lastStatus: OSStatus = 0
    private(set) var runningChanges: [UInt32] = []
    private var observer: NSObjectProtocol?

    init(data: Data, format: AudioStreamBasicDescription) {
        self.data = data
        self.format = format
        packets = []
        magicCookie = []
    }

    init(packets: [[UInt8]], magicCookie: [UInt8], format: AudioStreamBasicDescription) {
        data = Data()
        self.packets = packets
        self.magicCookie = magicCookie
        self.format = format
    }

    static func packetFormat(_ id: AudioFormatID, framesPerPacket: UInt32, sampleRate: Double = 44_100) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: id, mFormatFlags: 0, mBytesPerPacket: 0,
                                    mFramesPerPacket: framesPerPacket, mBytesPerFrame: 0, mChannelsPerFrame: 1, mBitsPerChannel: 0, mReserved: 0)
    }

    static func mp3Format(sampleRate: Double = 44_100, channels: UInt32 = 1) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: kAudioFormatMPEGLayer3, mFormatFlags: 0, mBytesPerPacket: 0,
                                    mFramesPerPacket: 1152, mBytesPerFrame: 0, mChannelsPerFrame: channels, mBitsPerChannel: 0, mReserved: 0)
    }

    private var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    @discardableResult
    func play() -> OSStatus {
        var newQueue: AudioQueueRef?
        lastStatus = AudioQueueNewOutput(&format, { userData, queue, buffer in
            Unmanaged<AudioQueueFilePlayer>.fromOpaque(userData!).takeUnretainedValue().fill(queue, buffer)
        }, refCon, nil, nil, 0, &newQueue)
        guard lastStatus == noErr, let newQueue else { return lastStatus }
        queue = newQueue
        offset = 0
        nextPacket = 0
        if !magicCookie.isEmpty {
            lastStatus = AudioQueueSetProperty(newQueue, kAudioQueueProperty_MagicCookie, magicCookie, UInt32(magicCookie.count))
            guard lastStatus == noErr else { return lastStatus }
        }
        var policy = codecPolicy
        lastStatus = AudioQueueSetProperty(newQueue, kAudioQueueProperty_HardwareCodecPolicy, &policy, UInt32(MemoryLayout<UInt32>.size))
        guard lastStatus == noErr else { return lastStatus }
        _ = AudioQueueAddPropertyListener(newQueue, kAudioQueueProperty_IsRunning, { userData, queue, property in
            var running: UInt32 = 0
            var size = UInt32(MemoryLayout<UInt32>.size)
            _ = AudioQueueGetProperty(queue, property, &running, &size)
            Unmanaged<AudioQueueFilePlayer>.fromOpaque(userData!).takeUnretainedValue().runningChanges.append(running)
        }, refCon)
        for _ in 0..<3 {
            var buffer: AudioQueueBufferRef?
            _ = AudioQueueAllocateBuffer(newQueue, UInt32(packets.isEmpty ? chunk : 8 * (packets.map(\.count).max() ?? 1)), &buffer)
            if let buffer { fill(newQueue, buffer) }
        }
        lastStatus = AudioQueuePrime(newQueue, 0, nil)
        guard lastStatus == noErr else { return lastStatus }
        lastStatus = AudioQueueStart(newQueue, nil)
        return lastStatus
    }

    /// Loops the file: the next `chunk` bytes, wrapping at its end.
    private func fill(_ queue: AudioQueueRef, _ buffer: AudioQueueBufferRef) {
        guard packets.isEmpty else { return fillPackets(queue, buffer) }
        let count = min(chunk, data.count - offset)
        data.withUnsafeBytes { bytes in
            buffer.pointee.mAudioData.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
        buffer.pointee.mAudioDataByteSize = UInt32(count)
        offset = (offset + count) % data.count
        _ = AudioQueueEnqueueBuffer(queue, buffer, 0, nil)
    }

    /// The next eight packets (wrapping at the end) with their descriptions.
    private func fillPackets(_ queue: AudioQueueRef, _ buffer: AudioQueueBufferRef) {
        var descriptions: [AudioStreamPacketDescription] = []
        var size = 0
        for _ in 0..<8 {
            let packet = packets[nextPacket]
            nextPacket = (nextPacket + 1) % packets.count
            packet.withUnsafeBytes { buffer.pointee.mAudioData.advanced(by: size).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            descriptions.append(AudioStreamPacketDescription(mStartOffset: Int64(size), mVariableFramesInPacket: 0, mDataByteSize: UInt32(packet.count)))
            size += packet.count
        }
        buffer.pointee.mAudioDataByteSize = UInt32(size)
        _ = AudioQueueEnqueueBuffer(queue, buffer, UInt32(descriptions.count), descriptions)
    }

    func currentSampleTime() -> Double? {
        guard let queue else { return nil }
        var stamp = AudioTimeStamp()
        guard AudioQueueGetCurrentTime(queue, nil, &stamp, nil) == noErr else { return nil }
        return stamp.mSampleTime
    }

    /// The interruption handling; `usesHardwareCodec` is what the app chose its category for.
    func observeInterruptions(usesHardwareCodec: Bool) {
        observer = NotificationCenter.default.addObserver(forName: AVAudioSession.interruptionNotification, object: AVAudioSession.sharedInstance(), queue: nil) {
            [unowned self] note in
            guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
                  let type = AVAudioSession.InterruptionType(rawValue: raw) else { return }
            switch type {
            case .began:
                if usesHardwareCodec && !restartsHardwareQueue, let queue {
                    _ = AudioQueueDispose(queue, true)
                    self.queue = nil
                }
            case .ended:
                try? AVAudioSession.sharedInstance().setActive(true)
                if let queue {
                    lastStatus = AudioQueueStart(queue, nil)
                } else {
                    play()
                }
            @unknown default:
                break
            }
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        if let queue { _ = AudioQueueDispose(queue, true) }
    }
}
