/// Per-block peak and energy of one channel: the always-on, low-cost record of a port channel.
struct LevelEnvelope: Sendable {
    private var peaks: [Float] = []
    private var sumsOfSquares: [Double] = []
    private var frameCounts: [Int32] = []

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
            // Indexing (not iterating a slice) keeps this loop cheap in debug builds too.
            for offset in index..<(index + count) {
                let sample = samples[offset]
                peak = max(peak, abs(sample))
                energy += Double(sample) * Double(sample)
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
        let block = Int(frame / Int64(blockFrames))
        while peaks.count <= block {
            peaks.append(0)
            sumsOfSquares.append(0)
            frameCounts.append(0)
        }
        return block
    }

    func level(blocks: ClosedRange<Int>) -> Level? {
        let range = blocks.clamped(to: 0...max(0, peaks.count - 1))
        guard !peaks.isEmpty, blocks.lowerBound < peaks.count else { return nil }
        var peak: Float = 0
        var energy = 0.0
        var frames: Int64 = 0
        for block in range {
            peak = max(peak, peaks[block])
            energy += sumsOfSquares[block]
            frames += Int64(frameCounts[block])
        }
        guard frames > 0 else { return nil }
        return Level(peak: Double(peak), rms: (energy / Double(frames)).squareRoot())
    }
}
