import AudioGraph
import CoreAudioTypes
import Foundation

/// An output queue's play rate and pitch, heard: with `kAudioQueueProperty_EnableTimePitch` the
/// queue's audio passes through the time-pitch kernel (Rubber Band, the one AVAudioUnitTimePitch
/// uses) on its way to the device. What the algorithm allows follows AudioQueue.h: only Spectral
/// shifts pitch (`kAudioQueueParam_Pitch`); Varispeed ties pitch to the rate, like a tape;
/// TimeDomain and LowQualityZeroLatency change the rate at constant pitch. Bypass, or time-pitch
/// not enabled: the play rate and pitch have no effect. (The algorithms' differing quality and
/// latency are not modelled: all of them render through Rubber Band.)
final class AudioQueueTimePitch {
    private let kernel = TimePitchKernel()
    /// Set on the control side; the render side only reads it.
    private(set) var isActive = false
    private let pullList: UnsafeMutableAudioBufferListPointer
    private let outputTable = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: 2)
    private let sampleRate: Double
    private let maximumFrames: Int
    /// Rubber Band is set up the first time time-pitch is enabled (most queues never use it).
    private var prepared = false

    init(sampleRate: Double, maximumFrames: Int) {
        self.sampleRate = sampleRate
        self.maximumFrames = maximumFrames
        pullList = AudioBufferList.allocate(maximumBuffers: 2)
    }

    deinit {
        UnsafeMutableRawPointer(pullList.unsafeMutablePointer).deallocate()
        outputTable.deallocate()
    }

    /// Seconds of output Rubber Band holds back while active (its start delay).
    var latency: Double { isActive ? kernel.latency : 0 }

    /// Control side: the rate and pitch the queue's settings call for.
    func update(enabled: Bool, bypass: Bool, algorithm: UInt32, playRate: Float, pitch: Float) {
        let wasActive = isActive
        isActive = enabled && !bypass
        if isActive && !prepared {
            kernel.prepare(sampleRate: sampleRate, channelCount: 2, maximumFrames: maximumFrames)
            prepared = true
        }
        var rate: Float = 1, cents: Float = 0
        if isActive {
            rate = playRate
            switch algorithm {
            case kAudioQueueTimePitchAlgorithm_Spectral: cents = pitch
            case kAudioQueueTimePitchAlgorithm_Varispeed: cents = 1200 * log2(playRate)
            default: cents = 0
            }
        }
        kernel.setParameter(TimePitchKernel.rate, rate)
        kernel.setParameter(TimePitchKernel.pitch, cents)
        if isActive && !wasActive { kernel.reset() }
    }

    /// Render side: `frames` stereo frames into `ioData`, pulling the queue's audio through the
    /// kernel when active.
    func render(_ fifo: AudioQueueFIFO, frames: Int, into ioData: UnsafeMutablePointer<AudioBufferList>) {
        guard isActive else { return fifo.render(frames: frames, into: ioData) }
        let output = UnsafeMutableAudioBufferListPointer(ioData)
        guard output.count >= 2, let left = output[0].mData, let right = output[1].mData else { return }
        outputTable[0] = left.assumingMemoryBound(to: Float.self)
        outputTable[1] = right.assumingMemoryBound(to: Float.self)
        let pullList = self.pullList
        kernel.render(into: outputTable, frameCount: frames) { channels, count in
            pullList[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(count * 4), mData: channels[0])
            pullList[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(count * 4), mData: channels[1])
            fifo.render(frames: count, into: pullList.unsafeMutablePointer)
        }
    }
}
