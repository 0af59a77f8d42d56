import CoreAudioTypes

/// An output queue's decoded audio waiting to play: Float32 frames appended on the control side
/// (enqueue decodes at once) and read by the render side, with the frame at which each enqueued
/// buffer ends so the queue knows when to hand it back.
///
/// The simulation is single-threaded, so the control side may grow the storage between IO
/// cycles; the render side only reads it and moves `consumedFrames` (no allocation, no lock).
final class AudioQueueFIFO {
    let channels: Int
    private var samples: [Float] = []
    /// Absolute frame number of `samples[0]`.
    private var baseFrame: Int64 = 0
    private(set) var writtenFrames: Int64 = 0
    /// Frames the render side has played since the queue was made (its sample time).
    private(set) var consumedFrames: Int64 = 0
    /// Enqueued buffers not yet handed back, in order, with the frame their audio ends at.
    private(set) var segments: [(buffer: AudioQueueBufferRef, endFrame: Int64)] = []
    /// Output gain moving towards `targetGain` by `gainStep` per frame (the volume ramp).
    var gain: Float = 1
    var targetGain: Float = 1
    var gainStep: Float = 0
    /// −1 (left) … 1 (right): the balance between the two output channels.
    var pan: Float = 0

    init(channels: Int) { self.channels = max(1, channels) }

    var availableFrames: Int64 { writtenFrames - consumedFrames }

    /// Appends interleaved frames that belong to `buffer` (control side).
    func append(_ interleaved: [Float], for buffer: AudioQueueBufferRef) {
        compact()
        samples += interleaved
        writtenFrames += Int64(interleaved.count / channels)
        segments.append((buffer, writtenFrames))
    }

    /// The buffers whose audio has played, removed from the queue (control side).
    func takeFinished() -> [AudioQueueBufferRef] {
        let done = segments.prefix { $0.endFrame <= consumedFrames }
        segments.removeFirst(done.count)
        return done.map(\.buffer)
    }

    /// Drops everything not yet played; returns the buffers it held (Reset, immediate Stop).
    func discard() -> [AudioQueueBufferRef] {
        let buffers = segments.map(\.buffer)
        segments.removeAll()
        consumedFrames = writtenFrames
        compact()
        return buffers
    }

    private func compact() {
        let played = Int(consumedFrames - baseFrame)
        guard played > 0, played * channels * 2 >= samples.count else { return }
        samples.removeFirst(played * channels)
        baseFrame = consumedFrames
    }

    /// Render side: fills the stereo non-interleaved `ioData` with the next `frames`, silence past
    /// the end of what was enqueued (an underrun: the queue plays nothing it was not given).
    func render(frames: Int, into ioData: UnsafeMutablePointer<AudioBufferList>) {
        let buffers = UnsafeMutableAudioBufferListPointer(ioData)
        guard buffers.count >= 2, let left = buffers[0].mData?.assumingMemoryBound(to: Float.self),
              let right = buffers[1].mData?.assumingMemoryBound(to: Float.self) else { return }
        let playable = Int(min(Int64(frames), max(0, availableFrames)))
        let leftGain = min(1, 1 - pan), rightGain = min(1, 1 + pan)
        let start = Int(consumedFrames - baseFrame)
        samples.withUnsafeBufferPointer { source in
            for frame in 0..<playable {
                let index = (start + frame) * channels
                let first = source[index]
                let second = channels > 1 ? source[index + 1] : first
                left[frame] = first * gain * leftGain
                right[frame] = second * gain * rightGain
                stepGain()
            }
        }
        for frame in playable..<frames {
            left[frame] = 0
            right[frame] = 0
        }
        consumedFrames += Int64(playable)
    }

    private func stepGain() {
        guard gain != targetGain else { return }
        gain += gainStep
        if (gainStep > 0 && gain >= targetGain) || (gainStep <= 0 && gain <= targetGain) { gain = targetGain }
    }
}
