import AudioFiles
import Foundation
import AVFAudio
import AudioToolbox
import CoreAudioTypes

/// A player on an Audio Queue with a compressed file (an MP3 of its tone, looping; `aac-queue-player`
/// plays AAC), the way the
/// 2010 talk "Audio Development for iPhone OS, Part 1" teaches it: in a non-mixable category its
/// queue decodes with the hardware codec, so at "began" the queue is disposed and at "ended" a new
/// one is made; in a mixable category (software codec) the queue is paused and simply restarted.
///
/// Mistake `restarts-hardware-queue`: keeps the hardware-codec queue through the interruption and
/// restarts it, which fails (`kAudioQueueErr_CannotStart`, logged as `error` with the call and code).
public class AudioQueuePlayerApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .soloAmbient }

    private var queue: AudioQueueRef?
    private var soundtrack: QueueSoundtrack?
    private var next = 0

    /// At launch nothing (the first play makes the queue). After a media-services reset the old
    /// queue is a zombie — restarting it fails with kAudioQueueErr_CannotStart — so it is
    /// disposed, and the next play makes a new one.
    override public func makeSound() {
        guard let queue else { return }
        _ = AudioQueueDispose(queue, true)
        self.queue = nil
    }

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

    /// A player pauses when the headphones it played on go away, as every media player should
    /// (the 10,000-run explore sweep caught it playing on into the speaker).
    override public func routeChanged(reason: AVAudioSession.RouteChangeReason) {
        guard reason == .oldDeviceUnavailable, isPlaying else { return }
        setPlaying(false, because: "old-device-unavailable")
    }

    override public func interruptionBegan() {
        super.interruptionBegan()
        guard usesHardwareCodec, !makes("restarts-hardware-queue"), let queue else { return }
        _ = AudioQueueDispose(queue, true)
        self.queue = nil
        log("queue-disposed")
    }

    /// The compressed file the queue plays, read into enqueueable pieces (here: its tone, 4 s, as MP3).
    func makeSoundtrack(tone: Int) throws -> QueueSoundtrack {
        try QueueSoundtrack(mp3: TestToneFile.mp3(frequency: tone, seconds: 4))
    }

    private func makeQueue() -> Bool {
        if soundtrack == nil {
            do { soundtrack = try makeSoundtrack(tone: configuration.tone ?? 1_000) } catch { return failed("encode", -1) }
        }
        guard let soundtrack else { return false }
        var format = soundtrack.format
        var newQueue: AudioQueueRef?
        let status = AudioQueueNewOutput(&format, { userData, queue, buffer in
            Unmanaged<AudioQueuePlayerApp>.fromOpaque(userData!).takeUnretainedValue().fill(queue, buffer)
        }, Unmanaged.passUnretained(self).toOpaque(), nil, nil, 0, &newQueue)
        guard status == noErr, let newQueue else { return failed("AudioQueueNewOutput", status) }
        queue = newQueue
        next = 0
        if !soundtrack.magicCookie.isEmpty {
            let status = AudioQueueSetProperty(newQueue, kAudioQueueProperty_MagicCookie, soundtrack.magicCookie, UInt32(soundtrack.magicCookie.count))
            guard status == noErr else { return failed("AudioQueueSetProperty", status) }
        }
        for _ in 0..<3 {
            var buffer: AudioQueueBufferRef?
            if AudioQueueAllocateBuffer(newQueue, UInt32(soundtrack.largestPiece), &buffer) == noErr, let buffer { fill(newQueue, buffer) }
        }
        let primed = AudioQueuePrime(newQueue, 0, nil)
        guard primed == noErr else { return failed("AudioQueuePrime", primed) }
        let started = AudioQueueStart(newQueue, nil)
        guard started == noErr else { return failed("AudioQueueStart", started) }
        log("queue-created")
        return true
    }

    private func fill(_ queue: AudioQueueRef, _ buffer: AudioQueueBufferRef) {
        guard let soundtrack else { return }
        let piece = soundtrack.pieces[next]
        next = (next + 1) % soundtrack.pieces.count
        piece.bytes.withUnsafeBytes { buffer.pointee.mAudioData.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        buffer.pointee.mAudioDataByteSize = UInt32(piece.bytes.count)
        _ = AudioQueueEnqueueBuffer(queue, buffer, UInt32(piece.descriptions.count), piece.descriptions.isEmpty ? nil : piece.descriptions)
    }

    private func failed(_ call: String, _ status: OSStatus) -> Bool {
        log("error", ["call": call, "code": String(status)])
        return false
    }

    deinit {
        if let queue { _ = AudioQueueDispose(queue, true) }
    }
}

/// The AAC player (`aac-queue-player`): its soundtrack is its tone as AAC packets with their
/// cookie, enqueued eight packets per buffer with their packet descriptions, as an app reads them
/// from an m4a file.
public final class AACQueuePlayerApp: AudioQueuePlayerApp, @unchecked Sendable {
    override func makeSoundtrack(tone: Int) throws -> QueueSoundtrack {
        try QueueSoundtrack(packets: TestToneFile.aac(frequency: tone, seconds: 4), format: kAudioFormatMPEG4AAC)
    }
}

/// A compressed file read the way a player enqueues it: the stream's format and cookie, and the
/// pieces that fill one buffer each (bytes, with packet descriptions for packetized formats).
struct QueueSoundtrack {
    let format: AudioStreamBasicDescription
    let magicCookie: [UInt8]
    let pieces: [(bytes: [UInt8], descriptions: [AudioStreamPacketDescription])]
    var largestPiece: Int { pieces.map(\.bytes.count).max() ?? 1 }

    /// MP3 in 4 KiB pieces: its frames describe themselves.
    init(mp3: Data) {
        format = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatMPEGLayer3, mFormatFlags: 0, mBytesPerPacket: 0,
                                             mFramesPerPacket: 1152, mBytesPerFrame: 0, mChannelsPerFrame: 1, mBitsPerChannel: 0, mReserved: 0)
        magicCookie = []
        let bytes = [UInt8](mp3)
        pieces = stride(from: 0, to: bytes.count, by: 4096).map { (Array(bytes[$0..<min($0 + 4096, bytes.count)]), []) }
    }

    /// Packets eight to a piece, each piece with its packet descriptions.
    init(packets stream: CompressedPackets, format id: AudioFormatID) {
        format = AudioStreamBasicDescription(mSampleRate: Double(stream.sampleRate), mFormatID: id, mFormatFlags: 0, mBytesPerPacket: 0,
                                             mFramesPerPacket: UInt32(stream.framesPerPacket), mBytesPerFrame: 0, mChannelsPerFrame: 1,
                                             mBitsPerChannel: 0, mReserved: 0)
        magicCookie = stream.magicCookie
        pieces = stride(from: 0, to: stream.packets.count, by: 8).map { first in
            var bytes: [UInt8] = []
            var descriptions: [AudioStreamPacketDescription] = []
            for packet in stream.packets[first..<min(first + 8, stream.packets.count)] {
                descriptions.append(AudioStreamPacketDescription(mStartOffset: Int64(bytes.count), mVariableFramesInPacket: 0,
                                                                 mDataByteSize: UInt32(packet.count)))
                bytes += packet
            }
            return (bytes, descriptions)
        }
    }
}
