/// Per-block peak and energy of one channel: the always-on, low-cost record of a port channel.
/// Blocks are numbered on the IO frame clock (`frame / blockFrames`); the envelope holds blocks
/// from `firstBlock` on, so a stretch recorded late in a run costs only its own length.
///
/// A bounded envelope (`maxBlocks`) keeps its memory independent of the run's length: once it
/// would need more than `maxBlocks` entries it merges neighbouring entries in pairs, so each
/// entry then covers twice as many blocks (`blocksPerEntry`, a power of two), and a level over
/// an interval reads the entries overlapping it. A run shorter than `maxBlocks` blocks is never
/// coarsened and reads exactly as an unbounded envelope does.
struct LevelEnvelope: Sendable {
    private let firstBlock: Int
    private let maxBlocks: Int
    /// Blocks each entry covers: 1 until the envelope first coarsens.
    private(set) var blocksPerEntry = 1
    private var peaks: [Float] = []
    private var sumsOfSquares: [Double] = []
    private var frameCounts: [Int32] = []

    init(firstBlock: Int = 0, maxBlocks: Int = .max) {
        precondition(maxBlocks >= 2, "a bounded envelope holds at least two entries")
        self.firstBlock = firstBlock
        self.maxBlocks = maxBlocks
    }

    mutating func reserve(blocks: Int) {
        let entries = min(blocks, maxBlocks)
        peaks.reserveCapacity(entries)
        sumsOfSquares.reserveCapacity(entries)
        frameCounts.reserveCapacity(entries)
    }

    mutating func add(_ samples: UnsafeBufferPointer<Float>, blockFrames: Int, startingAt position: Int64) {
        guard let base = samples.baseAddress else { return }
        var index = 0
        var frame = position
        while index < samples.count {
            let entry = openEntry(at: frame, blockFrames: blockFrames)
            let room = blockFrames - Int(frame % Int64(blockFrames))
            let count = min(room, samples.count - index)
            let sums = Self.peakAndEnergy(base + index, count: count)
            if sums.peak > peaks[entry] { peaks[entry] = sums.peak }
            sumsOfSquares[entry] += sums.energy
            frameCounts[entry] += Int32(count)
            index += count
            frame += Int64(count)
        }
    }

    /// Peak magnitude and sum of squares of `count` samples. Every sample of every port channel
    /// passes here, so it runs four independent lanes: the sum of squares is then four short
    /// dependency chains instead of one long one, which the optimiser turns into vector
    /// instructions, and even the unoptimised (debug) build does no more work per sample than a
    /// plain loop. The peak is exact whatever the order; the energy's last bits depend on how the
    /// IO cycles split a block (the RMS is a measurement, never compared bit for bit, and the
    /// split is itself deterministic).
    @inline(__always)
    private static func peakAndEnergy(_ samples: UnsafePointer<Float>, count: Int) -> (peak: Float, energy: Double) {
        var p0: Float = 0, p1: Float = 0, p2: Float = 0, p3: Float = 0
        var e0 = 0.0, e1 = 0.0, e2 = 0.0, e3 = 0.0
        var offset = 0
        // A plain while loop with `magnitude` and comparisons, because the generic `max`, `abs`
        // and range iterator are calls through witness tables when unoptimised.
        while offset + 4 <= count {
            let s0 = samples[offset], s1 = samples[offset + 1], s2 = samples[offset + 2], s3 = samples[offset + 3]
            let m0 = s0.magnitude, m1 = s1.magnitude, m2 = s2.magnitude, m3 = s3.magnitude
            if m0 > p0 { p0 = m0 }
            if m1 > p1 { p1 = m1 }
            if m2 > p2 { p2 = m2 }
            if m3 > p3 { p3 = m3 }
            e0 += Double(s0) * Double(s0)
            e1 += Double(s1) * Double(s1)
            e2 += Double(s2) * Double(s2)
            e3 += Double(s3) * Double(s3)
            offset += 4
        }
        while offset < count {
            let sample = samples[offset]
            if sample.magnitude > p0 { p0 = sample.magnitude }
            e0 += Double(sample) * Double(sample)
            offset += 1
        }
        if p1 > p0 { p0 = p1 }
        if p3 > p2 { p2 = p3 }
        return (p2 > p0 ? p2 : p0, (e0 + e1) + (e2 + e3))
    }

    mutating func addSilence(_ count: Int, blockFrames: Int, startingAt position: Int64) {
        var remaining = count
        var frame = position
        while remaining > 0 {
            let entry = openEntry(at: frame, blockFrames: blockFrames)
            let step = min(remaining, blockFrames - Int(frame % Int64(blockFrames)))
            frameCounts[entry] += Int32(step)
            remaining -= step
            frame += Int64(step)
        }
    }

    /// The entry holding frame `frame`, appending zeroed entries up to it (and coarsening first
    /// if a bounded envelope would outgrow `maxBlocks`).
    private mutating func openEntry(at frame: Int64, blockFrames: Int) -> Int {
        let block = Int(frame / Int64(blockFrames)) - firstBlock
        while block / blocksPerEntry >= maxBlocks { coarsen() }
        let entry = block / blocksPerEntry
        while peaks.count <= entry {
            peaks.append(0)
            sumsOfSquares.append(0)
            frameCounts.append(0)
        }
        return entry
    }

    /// Merges entries in pairs, in place (no allocation): each then covers twice as many blocks.
    private mutating func coarsen() {
        let merged = (peaks.count + 1) / 2
        for entry in 0..<merged {
            let first = 2 * entry, second = first + 1
            var peak = peaks[first], energy = sumsOfSquares[first], frames = frameCounts[first]
            if second < peaks.count {
                if peaks[second] > peak { peak = peaks[second] }
                energy += sumsOfSquares[second]
                frames += frameCounts[second]
            }
            peaks[entry] = peak
            sumsOfSquares[entry] = energy
            frameCounts[entry] = frames
        }
        peaks.removeLast(peaks.count - merged)
        sumsOfSquares.removeLast(sumsOfSquares.count - merged)
        frameCounts.removeLast(frameCounts.count - merged)
        blocksPerEntry *= 2
    }

    /// Peak, energy and frame count over blocks `blocks` (IO-clock block numbers), clamped to
    /// what was recorded, widened to whole entries once coarsened; nil when nothing was.
    func sums(blocks: ClosedRange<Int>) -> (peak: Float, energy: Double, frames: Int64)? {
        let lower = floorDivide(blocks.lowerBound - firstBlock, blocksPerEntry)
        let upper = floorDivide(blocks.upperBound - firstBlock, blocksPerEntry)
        guard !peaks.isEmpty, lower < peaks.count, upper >= 0 else { return nil }
        var peak: Float = 0
        var energy = 0.0
        var frames: Int64 = 0
        for entry in max(0, lower)...min(upper, peaks.count - 1) {
            peak = max(peak, peaks[entry])
            energy += sumsOfSquares[entry]
            frames += Int64(frameCounts[entry])
        }
        return frames > 0 ? (peak, energy, frames) : nil
    }

    private func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
