import AudioGraph
import CoreAudioTypes
import Foundation

/// An output queue's play rate and pitch, heard: with `kAudioQueueProperty_EnableTimePitch` the
/// queue's audio passes through a time effect on its way to the device. What the algorithm allows
/// follows AudioQueue.h, and each algorithm gets the engine of its tier (`TimePitchEngine`):
///
/// - Spectral shifts pitch (`kAudioQueueParam_Pitch`) and changes the rate: AUNewTimePitch at its
///   default overlap (SoundTouch with its full seek).
/// - TimeDomain changes the rate at constant pitch: SoundTouch with its full seek.
/// - LowQualityZeroLatency (deprecated) changes the rate at constant pitch: SoundTouch with its
///   quick seek, the cheapest tier.
/// - Varispeed ties pitch to the rate, like a tape: a resampler (`VarispeedKernel`, libsoxr).
///
/// Bypass, or time-pitch not enabled: the play rate and pitch have no effect.
final class AudioQueueTimePitch {
    /// The stage for the algorithm in use, made on the control side when it changes.
    private var kernel: TimeEffectKernel?
    private var kernelAlgorithm: UInt32?
    /// Set on the control side; the render side only reads it.
    private(set) var isActive = false
    private let pullList: UnsafeMutableAudioBufferListPointer
    private let outputTable = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: 2)
    private let sampleRate: Double
    private let maximumFrames: Int

    init(sampleRate: Double, maximumFrames: Int) {
        self.sampleRate = sampleRate
        self.maximumFrames = maximumFrames
        pullList = AudioBufferList.allocate(maximumBuffers: 2)
    }

    deinit {
        UnsafeMutableRawPointer(pullList.unsafeMutablePointer).deallocate()
        outputTable.deallocate()
    }

    /// Seconds of output the stage holds back while active (its start delay).
    var latency: Double { isActive ? kernel?.latency ?? 0 : 0 }

    /// Control side: the stage and the rate and pitch the queue's settings call for. Most queues
    /// never enable time-pitch, so nothing is made until one does.
    func update(enabled: Bool, bypass: Bool, algorithm: UInt32, playRate: Float, pitch: Float) {
        let wasActive = isActive
        isActive = enabled && !bypass
        guard isActive else { return }
        let kernel = stage(for: algorithm)
        if let varispeed = kernel as? VarispeedKernel {
            varispeed.setParameter(VarispeedKernel.playbackRate, playRate)
        } else {
            kernel.setParameter(TimePitchKernel.rate, playRate)
            kernel.setParameter(TimePitchKernel.pitch, algorithm == kAudioQueueTimePitchAlgorithm_Spectral ? pitch : 0)
        }
        if !wasActive { kernel.reset() }
    }

    private func stage(for algorithm: UInt32) -> TimeEffectKernel {
        if let kernel, kernelAlgorithm == algorithm { return kernel }
        let made: TimeEffectKernel = switch algorithm {
        case kAudioQueueTimePitchAlgorithm_Varispeed: VarispeedKernel()
        case kAudioQueueTimePitchAlgorithm_LowQualityZeroLatency: TimePitchKernel(engine: .soundTouchQuickSeek)
        case kAudioQueueTimePitchAlgorithm_TimeDomain: TimePitchKernel(engine: .soundTouch)
        default: TimePitchKernel(engine: .default)
        }
        made.prepare(sampleRate: sampleRate, channelCount: 2, maximumFrames: maximumFrames)
        kernel = made
        kernelAlgorithm = algorithm
        return made
    }

    /// Render side: `frames` stereo frames into `ioData`, pulling the queue's audio through the
    /// kernel when active.
    func render(_ fifo: AudioQueueFIFO, frames: Int, into ioData: UnsafeMutablePointer<AudioBufferList>) {
        guard isActive else { return fifo.render(frames: frames, into: ioData) }
        let output = UnsafeMutableAudioBufferListPointer(ioData)
        guard output.count >= 2, let left = output[0].mData, let right = output[1].mData else { return }
        outputTable[0] = left.assumingMemoryBound(to: Float.self)
        outputTable[1] = right.assumingMemoryBound(to: Float.self)
        guard let kernel else { return fifo.render(frames: frames, into: ioData) }
        let pullList = self.pullList
        kernel.render(into: outputTable, frameCount: frames) { channels, count in
            pullList[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(count * 4), mData: channels[0])
            pullList[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(count * 4), mData: channels[1])
            fifo.render(frames: count, into: pullList.unsafeMutablePointer)
        }
    }
}
