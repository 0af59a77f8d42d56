/// Per-block peak and energy of one channel: the always-on, low-cost record of a port channel.
/// Blocks are numbered on the IO frame clock (`frame / blockFrames`); the envelope holds blocks
/// from `firstBlock` on, so a stretch recorded late in a run costs only its own length.
struct LevelEnvelope: Sendable {
    private let firstBlock: Int
    private var peaks: [Float] = []
    private var sumsOfSquares: [Double] = []
    private var frameCounts: [Int32] = []

    init(firstBlock: Int = 0) { self.firstBlock = firstBlock }

    mutating func reserve(blocks: Int) {
        peaks.reserveCapacity(blocks)
        sumsOfSquares.reserveCapacity(blocks)
        frameCounts.reserveCapacity(blocks)
    }

    mutating func add(_ samples: UnsafeBufferPointer<Float>, blockFrames: Int, startingAt position: Int64) {
        var index = 0
        var frame = position
        while index < samples.count {
            let block = openBlock(at: frame, blockFrames: blockFrames)
            let room = blockFrames - Int(frame % Int64(blockFrames))
            let count = min(room, samples.count - index)
            // Accumulate straight into the block's running sums, sample by sample, so the result
            // is bit-identical however the audio was split into IO cycles.
            var peak = peaks[block]
            var energy = sumsOfSquares[block]
            // Every sample of every port channel passes here, in the debug build `Tools/soundcheck`
            // runs too: a plain while loop with `magnitude` and a comparison, because the generic
            // `max`, `abs` and range iterator are calls through witness tables when unoptimised.
            var offset = index
            let end = index + count
            while offset < end {
                let sample = samples[offset]
                let magnitude = sample.magnitude
                if magnitude > peak { peak = magnitude }
                energy += Double(sample) * Double(sample)
                offset += 1
            }
            peaks[block] = peak
            sumsOfSquares[block] = energy
            frameCounts[block] += Int32(count)
            index += count
            frame += Int64(count)
        }
    }

    mutating func addSilence(_ count: Int, blockFrames: Int, startingAt position: Int64) {
        var remaining = count
        var frame = position
        while remaining > 0 {
            let block = openBlock(at: frame, blockFrames: blockFrames)
            let step = min(remaining, blockFrames - Int(frame % Int64(blockFrames)))
            frameCounts[block] += Int32(step)
            remaining -= step
            frame += Int64(step)
        }
    }

    /// The block holding frame `frame`, appending zeroed blocks up to it if needed.
    private mutating func openBlock(at frame: Int64, blockFrames: Int) -> Int {
        let block = Int(frame / Int64(blockFrames)) - firstBlock
        while peaks.count <= block {
            peaks.append(0)
            sumsOfSquares.append(0)
            frameCounts.append(0)
        }
        return block
    }

    /// Peak, energy and frame count over blocks `blocks` (IO-clock block numbers), clamped to
    /// what was recorded; nil when nothing was.
    func sums(blocks: ClosedRange<Int>) -> (peak: Float, energy: Double, frames: Int64)? {
        let lower = blocks.lowerBound - firstBlock, upper = blocks.upperBound - firstBlock
        guard !peaks.isEmpty, lower < peaks.count, upper >= 0 else { return nil }
        var peak: Float = 0
        var energy = 0.0
        var frames: Int64 = 0
        for block in max(0, lower)...min(upper, peaks.count - 1) {
            peak = max(peak, peaks[block])
            energy += sumsOfSquares[block]
            frames += Int64(frameCounts[block])
        }
        return frames > 0 ? (peak, energy, frames) : nil
    }
}
