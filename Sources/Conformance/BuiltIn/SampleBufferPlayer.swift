// A long-form audio player written only against Apple's API, after Apple's "Playing custom audio
// with your own player" pattern: a renderer on a synchronizer, fed from a serialization queue
// while it wants more, with the talk's seek and play-queue edit. The same file compiles on iOS.
import AVFoundation
import Foundation

enum PlayerError: Error {
    case formatDescription(OSStatus)
}

final class SampleBufferPlayer: @unchecked Sendable {
    let renderer = AVSampleBufferAudioRenderer()
    let synchronizer = AVSampleBufferRenderSynchronizer()
    private let serializationQueue = DispatchQueue(label: "player.serialization")
    private let format: CMAudioFormatDescription
    private var nextFrame: Int64 = 0
    let frequency: Double
    static let sampleRate = 44_100
    private(set) var flushResults: [Bool] = []
    private(set) var automaticFlushTimes: [CMTime] = []
    private var observer: NSObjectProtocol?

    init(frequency: Double) throws {
        self.frequency = frequency
        try AVAudioSession.sharedInstance().setCategory(.playback, mode: .default, policy: .longFormAudio, options: [])
        var asbd = AudioStreamBasicDescription(mSampleRate: Float64(Self.sampleRate), mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked,
                                               mBytesPerPacket: 8, mFramesPerPacket: 1, mBytesPerFrame: 8,
                                               mChannelsPerFrame: 2, mBitsPerChannel: 32, mReserved: 0)
        var description: CMAudioFormatDescription?
        let status = CMAudioFormatDescriptionCreate(allocator: kCFAllocatorDefault, asbd: &asbd, layoutSize: 0, layout: nil,
                                                    magicCookieSize: 0, magicCookie: nil, extensions: nil,
                                                    formatDescriptionOut: &description)
        guard status == noErr, let description else { throw PlayerError.formatDescription(status) }
        format = description
        synchronizer.addRenderer(renderer)
        observer = NotificationCenter.default.addObserver(forName: .AVSampleBufferAudioRendererWasFlushedAutomatically,
                                                          object: renderer, queue: nil) { [weak self] note in
            if let time = (note.userInfo?[AVSampleBufferAudioRendererFlushTimeKey] as? NSValue)?.timeValue {
                self?.automaticFlushTimes.append(time)
                self?.refill(from: time)
            }
        }
    }

    func play() throws {
        try AVAudioSession.sharedInstance().setActive(true)
        startRequesting()
        synchronizer.rate = 1
    }

    func pause() { synchronizer.rate = 0 }

    /// The end of what was enqueued so far.
    var enqueuedEnd: CMTime { CMTimeMake(value: nextFrame, timescale: CMTimeScale(Self.sampleRate)) }

    /// The talk's seek: rate 0, stop requesting, flush, reposition, request again, rate 1.
    func seek(to time: CMTime) {
        synchronizer.rate = 0
        renderer.stopRequestingMediaData()
        renderer.flush()
        nextFrame = time.convertScale(CMTimeScale(Self.sampleRate), method: .roundHalfAwayFromZero).value
        startRequesting()
        synchronizer.setRate(1, time: time)
    }

    /// After an automatic flush (a new route, a new rate): flush, serialized with the enqueueing,
    /// and enqueue again from the flush time while the timebase runs on (heard as a short mute).
    private func refill(from time: CMTime) {
        renderer.stopRequestingMediaData()
        renderer.flush()
        nextFrame = time.convertScale(CMTimeScale(Self.sampleRate), method: .roundHalfAwayFromZero).value
        startRequesting()
    }

    /// Replace what is enqueued from `time` on, without interrupting playback.
    func replace(from time: CMTime) {
        renderer.stopRequestingMediaData()
        renderer.flush(fromSourceTime: time) { [weak self] succeeded in
            guard let self else { return }
            self.flushResults.append(succeeded)
            if succeeded { self.nextFrame = time.convertScale(CMTimeScale(Self.sampleRate), method: .roundHalfAwayFromZero).value }
            self.startRequesting()
        }
    }

    private func startRequesting() {
        renderer.requestMediaDataWhenReady(on: serializationQueue) { [weak self] in
            guard let self else { return }
            while self.renderer.isReadyForMoreMediaData {
                guard let buffer = self.nextSampleBuffer() else { self.renderer.stopRequestingMediaData(); return }
                self.renderer.enqueue(buffer)
            }
        }
    }

    /// One second of a sine, interleaved float stereo, at the generator's position.
    private func nextSampleBuffer() -> CMSampleBuffer? {
        let frames = Self.sampleRate
        var samples = [Float](repeating: 0, count: frames * 2)
        for index in 0..<frames {
            let value = Float(0.5 * sin(2 * Double.pi * frequency * Double(nextFrame + Int64(index)) / Double(Self.sampleRate)))
            samples[2 * index] = value
            samples[2 * index + 1] = value
        }
        let length = samples.count * MemoryLayout<Float>.size
        var block: CMBlockBuffer?
        guard CMBlockBufferCreateWithMemoryBlock(allocator: kCFAllocatorDefault, memoryBlock: nil, blockLength: length,
                                                 blockAllocator: kCFAllocatorDefault, customBlockSource: nil, offsetToData: 0,
                                                 dataLength: length, flags: kCMBlockBufferAssureMemoryNowFlag,
                                                 blockBufferOut: &block) == kCMBlockBufferNoErr, let block else { return nil }
        let copied = samples.withUnsafeBytes { bytes in
            CMBlockBufferReplaceDataBytes(with: bytes.baseAddress!, blockBuffer: block, offsetIntoDestination: 0, dataLength: length)
        }
        guard copied == kCMBlockBufferNoErr else { return nil }
        var buffer: CMSampleBuffer?
        let time = CMTimeMake(value: nextFrame, timescale: CMTimeScale(Self.sampleRate))
        guard CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: kCFAllocatorDefault, dataBuffer: block,
                                                                    formatDescription: format, sampleCount: frames,
                                                                    presentationTimeStamp: time, packetDescriptions: nil,
                                                                    sampleBufferOut: &buffer) == noErr else { return nil }
        nextFrame += Int64(frames)
        return buffer
    }
}
