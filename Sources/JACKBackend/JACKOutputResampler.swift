import AudioGraph
import MediaServer

/// The way out while the simulated hardware runs at another rate than the JACK server: every
/// output channel of the ring (one slot per JACK port) goes through one multichannel libsoxr
/// converter, fed one IO buffer at a time, and its converted frames go into the ring at JACK
/// frame `firstJACKFrame + n` (libsoxr keeps its output aligned with its input, so nothing moves
/// in time).
///
/// Made on the simulation thread when a segment at another rate begins (an IO restart); a steady
/// cycle (`push`, `read`, `discard`) allocates nothing and takes no lock. The process callback
/// never sees it: it still only copies ring blocks.
final class JACKOutputResampler {
    let resampling: JACKResampling
    /// The JACK stream frame of the converter's first output frame.
    let firstJACKFrame: Int64
    /// Converted frames taken out so far (written to the ring or discarded).
    private(set) var taken: Int64 = 0
    private let converter: SampleRateConverter
    private let chunkFrames: Int
    private var chunkFill = 0
    /// Where discarded frames go (only at the very start or end of a segment).
    private let scratch: UnsafeMutablePointer<Float>

    /// For `channels` ring slots (those registered when the segment begins; a slot registered
    /// later stays silent until the next segment).
    init(resampling: JACKResampling, channels: Int, firstJACKFrame: Int64) {
        self.resampling = resampling
        self.firstJACKFrame = firstJACKFrame
        chunkFrames = resampling.periodFrames
        converter = JACKResampling.converter(channels: max(1, channels), from: resampling.simulatedRate,
                                             to: resampling.serverRate, periodFrames: chunkFrames)
        scratch = .allocate(capacity: max(1, channels) * JACKResampling.readLimit(chunkFrames))
    }

    deinit { scratch.deallocate() }

    var channelCount: Int { converter.channelCount }
    /// Converted frames ready to take.
    var availableFrames: Int { converter.availableFrames }
    /// The JACK stream frame of the next frame to take.
    var nextJACKFrame: Int64 { firstJACKFrame + taken }

    /// Feeds one rendered piece: each output channel the piece carries goes to the converter
    /// channel of its ring slot (`ringSlot(pieceSlot, channel)`); channels without one are silence.
    func push(_ output: IOCycleOutput, ringSlot: (Int, Int) -> Int?) {
        var done = 0
        while done < output.frameCount {
            let frames = min(chunkFrames - chunkFill, output.frameCount - done)
            for channel in 0..<converter.channelCount {
                (converter.inputChunk(channel: channel) + chunkFill).update(repeating: 0, count: frames)
            }
            for index in 0..<output.slotCount where !output.isInputTap(slot: index) {
                for channel in 0..<output.channelCount(slot: index) {
                    guard let slot = ringSlot(index, channel), slot < converter.channelCount else { continue }
                    let source = output.samples(slot: index, channel: channel)
                    (converter.inputChunk(channel: slot) + chunkFill).update(from: source.baseAddress! + done, count: frames)
                }
            }
            chunkFill += frames
            done += frames
            if chunkFill == chunkFrames { convert() }
        }
    }

    /// Feeds silence up to the end of the current chunk (or a whole chunk): how the segment's
    /// last sound is drained out of libsoxr's filter.
    func pushSilence() {
        for channel in 0..<converter.channelCount {
            (converter.inputChunk(channel: channel) + chunkFill).update(repeating: 0, count: chunkFrames - chunkFill)
        }
        convert()
    }

    /// Moves `frames` converted frames (at most the JACK period) of every channel to
    /// `destination + slot × stride`.
    func read(_ frames: Int, into destination: UnsafeMutablePointer<Float>, stride: Int) {
        converter.read(frames, into: destination, stride: stride)
        taken += Int64(frames)
    }

    /// Drops up to `frames` converted frames (a segment's overlap with what the ring already holds).
    func discard(_ frames: Int) {
        var left = min(frames, converter.availableFrames)
        let limit = JACKResampling.readLimit(chunkFrames)
        while left > 0 {
            let count = min(left, limit)
            converter.read(count, into: scratch, stride: limit)
            taken += Int64(count)
            left -= count
        }
    }

    private func convert() {
        converter.convertChunk()
        chunkFill = 0
    }
}
