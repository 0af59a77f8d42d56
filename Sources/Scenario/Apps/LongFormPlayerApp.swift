import Dispatch
import Foundation
import OpenAVFAudio
import OpenAVFoundation
import OpenCoreAudioTypes
import OpenCoreMedia
import OpenUIKit

/// A long-form audio player (WWDC 2017 session 509, "Introducing AirPlay 2"): it declares itself
/// long-form (`.playback`, `.default`, policy `.longFormAudio`) and plays its tone through an
/// `AVSampleBufferAudioRenderer` on an `AVSampleBufferRenderSynchronizer`, feeding one-second
/// sample buffers from `requestMediaDataWhenReady` for as long as the renderer wants more — the
/// loop Apple's sample code uses. Written only against the Apple-named facades.
public final class LongFormPlayerApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playback }
    override public class var defaultTone: Int? { 440 }

    private var renderer: AVSampleBufferAudioRenderer?
    private var synchronizer: AVSampleBufferRenderSynchronizer?
    private let serializationQueue = DispatchQueue(label: "long-form-player.serialization")
    /// The next frame the generator makes, on the source timeline (44.1 kHz).
    private var generatorFrame: Int64 = 0
    private var format: CMAudioFormatDescription?
    static let rate = 44_100

    override public func didLaunch() {
        UIApplication.shared.beginReceivingRemoteControlEvents()
        attempt("setCategory") { try session.setCategory(.playback, mode: .default, policy: .longFormAudio, options: []) }
    }

    override public func makeSound() {
        let renderer = AVSampleBufferAudioRenderer()
        let synchronizer = AVSampleBufferRenderSynchronizer()
        synchronizer.addRenderer(renderer)
        self.renderer = renderer
        self.synchronizer = synchronizer
        format = Self.makeFormat()
    }

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        case "pause": setPlaying(false, because: "user")
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }

    override public func startSound() -> Bool {
        guard let renderer, let synchronizer else { return false }
        renderer.requestMediaDataWhenReady(on: serializationQueue) { [weak self] in self?.feed() }
        synchronizer.rate = 1
        return true
    }

    override public func stopSound() {
        synchronizer?.rate = 0
    }

    /// Apple's loop: enqueue while the renderer wants more.
    private func feed() {
        guard let renderer else { return }
        while renderer.isReadyForMoreMediaData {
            guard let buffer = nextSampleBuffer() else { renderer.stopRequestingMediaData(); return }
            renderer.enqueue(buffer)
        }
    }

    /// One second of the app's tone, 16-bit interleaved stereo, at the generator's position.
    private func nextSampleBuffer() -> CMSampleBuffer? {
        guard let format else { return nil }
        let frames = Self.rate
        let frequency = Double(configuration.tone ?? Self.defaultTone ?? 440)
        var samples = [Int16](repeating: 0, count: frames * 2)
        for index in 0..<frames {
            let phase = 2 * Double.pi * frequency * Double(generatorFrame + Int64(index)) / Double(Self.rate)
            let value = Int16((sin(phase) * 0.5 * 32_767).rounded())
            samples[2 * index] = value
            samples[2 * index + 1] = value
        }
        var block: CMBlockBuffer?
        let length = samples.count * 2
        guard CMBlockBufferCreateWithMemoryBlock(allocator: kCFAllocatorDefault, memoryBlock: nil, blockLength: length,
                                                 blockAllocator: kCFAllocatorDefault, customBlockSource: nil, offsetToData: 0,
                                                 dataLength: length, flags: kCMBlockBufferAssureMemoryNowFlag,
                                                 blockBufferOut: &block) == kCMBlockBufferNoErr, let block else { return nil }
        _ = samples.withUnsafeBytes { CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block, offsetIntoDestination: 0, dataLength: length) }
        var buffer: CMSampleBuffer?
        let time = CMTime(value: generatorFrame, timescale: CMTimeScale(Self.rate))
        guard CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: kCFAllocatorDefault, dataBuffer: block, formatDescription: format,
                                                                    sampleCount: frames, presentationTimeStamp: time, packetDescriptions: nil,
                                                                    sampleBufferOut: &buffer) == 0 else { return nil }
        generatorFrame += Int64(frames)
        return buffer
    }

    private static func makeFormat() -> CMAudioFormatDescription? {
        var asbd = AudioStreamBasicDescription(mSampleRate: Double(rate), mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                               mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2,
                                               mBitsPerChannel: 16, mReserved: 0)
        var format: CMAudioFormatDescription?
        _ = CMAudioFormatDescriptionCreate(allocator: kCFAllocatorDefault, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                           magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
        return format
    }
}
