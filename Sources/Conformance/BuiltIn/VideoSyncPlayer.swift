// Audio and video on one timeline, written only against Apple's API (the talk's "add the audio
// data to the AudioRenderer, the video data to the video renderer, set a rate of 1 on the
// Synchronizer"): an AVSampleBufferDisplayLayer — or, where the SDK has it, its
// sampleBufferRenderer — on the synchronizer beside an audio renderer. The same file
// compiles on iOS.
import AVFoundation
import Foundation

final class VideoSyncPlayer: @unchecked Sendable {
    let audioRenderer = AVSampleBufferAudioRenderer()
    let displayLayer = AVSampleBufferDisplayLayer()
    let synchronizer = AVSampleBufferRenderSynchronizer()
    private let serializationQueue = DispatchQueue(label: "video-player.serialization")
    private let audioFormat: CMAudioFormatDescription
    private let videoFormat: CMVideoFormatDescription
    /// Seconds of media: each second starts with 500 ms of a 440 Hz tone, then 500 ms of silence,
    /// so the sound starts on every whole second of the timeline.
    let seconds: Int
    static let sampleRate = 44_100
    static let framesPerSecond: Int32 = 30
    private var nextAudioSecond = 0
    private var nextVideoFrame: Int64 = 0

    /// `videoRenderer`: add the layer's `sampleBufferRenderer` (iOS 17, macOS 14) instead of the layer.
    init(seconds: Int, videoRenderer: Bool) throws {
        self.seconds = seconds
        try AVAudioSession.sharedInstance().setCategory(.playback, mode: .moviePlayback, policy: .longFormAudio, options: [])
        var asbd = AudioStreamBasicDescription(mSampleRate: Float64(Self.sampleRate), mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked,
                                               mBytesPerPacket: 8, mFramesPerPacket: 1, mBytesPerFrame: 8,
                                               mChannelsPerFrame: 2, mBitsPerChannel: 32, mReserved: 0)
        var audio: CMAudioFormatDescription?
        var status = CMAudioFormatDescriptionCreate(allocator: kCFAllocatorDefault, asbd: &asbd, layoutSize: 0, layout: nil,
                                                    magicCookieSize: 0, magicCookie: nil, extensions: nil, formatDescriptionOut: &audio)
        guard status == noErr, let audio else { throw PlayerError.formatDescription(status) }
        var video: CMVideoFormatDescription?
        status = CMVideoFormatDescriptionCreate(allocator: kCFAllocatorDefault, codecType: kCMVideoCodecType_H264, width: 1_920,
                                                height: 1_080, extensions: nil, formatDescriptionOut: &video)
        guard status == noErr, let video else { throw PlayerError.formatDescription(status) }
        audioFormat = audio
        videoFormat = video
        synchronizer.addRenderer(audioRenderer)
        if videoRenderer {
            synchronizer.addRenderer(displayLayer.sampleBufferRenderer)
        } else {
            synchronizer.addRenderer(displayLayer)
        }
    }

    func play() throws {
        try AVAudioSession.sharedInstance().setActive(true)
        audioRenderer.requestMediaDataWhenReady(on: serializationQueue) { [weak self] in
            guard let self else { return }
            while self.audioRenderer.isReadyForMoreMediaData {
                guard let buffer = self.nextAudioBuffer() else { self.audioRenderer.stopRequestingMediaData(); return }
                self.audioRenderer.enqueue(buffer)
            }
        }
        displayLayer.requestMediaDataWhenReady(on: serializationQueue) { [weak self] in
            guard let self else { return }
            while self.displayLayer.isReadyForMoreMediaData {
                guard let frame = self.makeVideoFrame() else { self.displayLayer.stopRequestingMediaData(); return }
                self.displayLayer.enqueue(frame)
            }
        }
        synchronizer.rate = 1
    }

    /// Video frames enqueued so far.
    var videoFramesEnqueued: Int64 { nextVideoFrame }

    private func nextAudioBuffer() -> CMSampleBuffer? {
        guard nextAudioSecond < seconds else { return nil }
        let frames = Self.sampleRate
        var samples = [Float](repeating: 0, count: frames * 2)
        for index in 0..<(frames / 2) {
            let value = Float(0.5 * cos(2 * Double.pi * 440 * Double(index) / Double(Self.sampleRate)))
            samples[2 * index] = value
            samples[2 * index + 1] = value
        }
        let length = samples.count * MemoryLayout<Float>.size
        guard let block = Self.blockBuffer(length: length) else { return nil }
        _ = samples.withUnsafeBytes { CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block, offsetIntoDestination: 0,
                                                                   dataLength: length) }
        var buffer: CMSampleBuffer?
        let time = CMTimeMake(value: Int64(nextAudioSecond * frames), timescale: CMTimeScale(Self.sampleRate))
        guard CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: kCFAllocatorDefault, dataBuffer: block,
                                                                    formatDescription: audioFormat, sampleCount: frames,
                                                                    presentationTimeStamp: time, packetDescriptions: nil,
                                                                    sampleBufferOut: &buffer) == noErr else { return nil }
        nextAudioSecond += 1
        return buffer
    }

    /// One encoded frame: no picture, only its number (the check knows a frame by its time).
    private func makeVideoFrame() -> CMSampleBuffer? {
        guard nextVideoFrame < Int64(seconds) * Int64(Self.framesPerSecond) else { return nil }
        var number = UInt32(nextVideoFrame).bigEndian
        guard let block = Self.blockBuffer(length: 4) else { return nil }
        _ = CMBlockBufferReplaceDataBytes(with: &number, blockBuffer: block, offsetIntoDestination: 0, dataLength: 4)
        var timing = CMSampleTimingInfo(duration: CMTimeMake(value: 1, timescale: Self.framesPerSecond),
                                        presentationTimeStamp: CMTimeMake(value: nextVideoFrame, timescale: Self.framesPerSecond),
                                        decodeTimeStamp: .invalid)
        var size = 4
        var buffer: CMSampleBuffer?
        guard CMSampleBufferCreateReady(allocator: kCFAllocatorDefault, dataBuffer: block, formatDescription: videoFormat, sampleCount: 1,
                                        sampleTimingEntryCount: 1, sampleTimingArray: &timing, sampleSizeEntryCount: 1,
                                        sampleSizeArray: &size, sampleBufferOut: &buffer) == noErr else { return nil }
        nextVideoFrame += 1
        return buffer
    }

    private static func blockBuffer(length: Int) -> CMBlockBuffer? {
        var block: CMBlockBuffer?
        guard CMBlockBufferCreateWithMemoryBlock(allocator: kCFAllocatorDefault, memoryBlock: nil, blockLength: length,
                                                 blockAllocator: kCFAllocatorDefault, customBlockSource: nil, offsetToData: 0,
                                                 dataLength: length, flags: kCMBlockBufferAssureMemoryNowFlag,
                                                 blockBufferOut: &block) == kCMBlockBufferNoErr else { return nil }
        return block
    }
}
