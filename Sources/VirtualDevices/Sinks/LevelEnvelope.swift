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
    /// The block being summed in `lanes`, and its entry's energy before that block: the entry
    /// holds `openBase` plus the lanes' sum.
    private var openBlock = Int.min
    private var openBase = 0.0
    private var lanes = (0.0, 0.0, 0.0, 0.0)

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
        var nobody = NoChunkObserver()
        add(samples, blockFrames: blockFrames, startingAt: position, observer: &nobody)
    }

    /// Sums `samples` into their blocks; `observer` hears each block's piece (for `channel`).
    mutating func add<Observer: LevelChunkObserver>(_ samples: UnsafeBufferPointer<Float>, blockFrames: Int, startingAt position: Int64,
                                                    channel: Int = 0, observer: inout Observer) {
        guard let base = samples.baseAddress else { return }
        var index = 0
        var frame = position
        while index < samples.count {
            let entry = openEntry(at: frame, blockFrames: blockFrames)
            let block = Int(frame / Int64(blockFrames))
            let within = Int(frame % Int64(blockFrames))
            let count = min(blockFrames - within, samples.count - index)
            open(block: block, entry: entry)
            let before = laneSum
            let peak = Self.accumulate(base + index, count: count, firstLane: within & 3, into: &lanes)
            close(entry: entry, peak: peak, frames: count)
            observer.levelChunk(channel: channel, block: block, peak: peak, energy: laneSum - before, frames: count)
            index += count
            frame += Int64(count)
        }
    }

    /// `add` for two channels of one write at once (a stereo port's left and right): the same
    /// blocks, entries, sums and observer pieces as two `add` calls, but one loop carries both
    /// channels' lanes. Each lane's additions stay a serial chain (that keeps the sums
    /// bit-identical), so a single channel waits on its adds; two independent channels fill
    /// those waits, which was a fifth of an hour's simulation on a stereo port.
    static func addPair<Observer: LevelChunkObserver>(_ first: inout LevelEnvelope, _ second: inout LevelEnvelope,
                                                      _ left: UnsafeBufferPointer<Float>, _ right: UnsafeBufferPointer<Float>,
                                                      blockFrames: Int, startingAt position: Int64, channel: Int,
                                                      observer: inout Observer) {
        precondition(left.count == right.count, "a pair's channels have the same frames")
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return }
        var index = 0
        var frame = position
        while index < left.count {
            let firstEntry = first.openEntry(at: frame, blockFrames: blockFrames)
            let secondEntry = second.openEntry(at: frame, blockFrames: blockFrames)
            let block = Int(frame / Int64(blockFrames))
            let within = Int(frame % Int64(blockFrames))
            let count = min(blockFrames - within, left.count - index)
            first.open(block: block, entry: firstEntry)
            second.open(block: block, entry: secondEntry)
            let firstBefore = first.laneSum, secondBefore = second.laneSum
            let peaks = accumulatePair(leftBase + index, rightBase + index, count: count, firstLane: within & 3,
                                       into: &first.lanes, &second.lanes)
            first.close(entry: firstEntry, peak: peaks.0, frames: count)
            observer.levelChunk(channel: channel, block: block, peak: peaks.0, energy: first.laneSum - firstBefore, frames: count)
            second.close(entry: secondEntry, peak: peaks.1, frames: count)
            observer.levelChunk(channel: channel + 1, block: block, peak: peaks.1, energy: second.laneSum - secondBefore, frames: count)
            index += count
            frame += Int64(count)
        }
    }

    /// The open block's energy so far, summed as `add` sums it.
    private var laneSum: Double { (lanes.0 + lanes.1) + (lanes.2 + lanes.3) }

    /// Starts summing `block` (in `entry`) unless it is the open one.
    @inline(__always)
    private mutating func open(block: Int, entry: Int) {
        guard block != openBlock else { return }
        openBlock = block
        openBase = sumsOfSquares[entry]
        lanes = (0, 0, 0, 0)
    }

    /// Stores what a piece of `frames` frames added to `entry`.
    @inline(__always)
    private mutating func close(entry: Int, peak: Float, frames: Int) {
        if peak > peaks[entry] { peaks[entry] = peak }
        sumsOfSquares[entry] = openBase + laneSum
        frameCounts[entry] += Int32(frames)
    }

    /// `accumulate` over two channels' samples in one loop: each channel's lanes get exactly the
    /// additions, in exactly the order, that `accumulate` gives them.
    @inline(__always)
    private static func accumulatePair(_ left: UnsafePointer<Float>, _ right: UnsafePointer<Float>, count: Int, firstLane: Int,
                                       into leftLanes: inout (Double, Double, Double, Double),
                                       _ rightLanes: inout (Double, Double, Double, Double)) -> (Float, Float) {
        var offset = 0
        var leftPeak: Float = 0, rightPeak: Float = 0
        // The frames before the first whole group of four, one by one, as `accumulate` does.
        let head = min(count, (4 - (firstLane & 3)) & 3)
        if head > 0 {
            leftPeak = accumulate(left, count: head, firstLane: firstLane, into: &leftLanes)
            rightPeak = accumulate(right, count: head, firstLane: firstLane, into: &rightLanes)
            offset = head
        }
        var (l0, l1, l2, l3) = leftLanes
        var (r0, r1, r2, r3) = rightLanes
        var lp0: Float = 0, lp1: Float = 0, lp2: Float = 0, lp3: Float = 0
        var rp0: Float = 0, rp1: Float = 0, rp2: Float = 0, rp3: Float = 0
        while offset + 4 <= count {
            let a0 = left[offset], a1 = left[offset + 1], a2 = left[offset + 2], a3 = left[offset + 3]
            let b0 = right[offset], b1 = right[offset + 1], b2 = right[offset + 2], b3 = right[offset + 3]
            if a0.magnitude > lp0 { lp0 = a0.magnitude }
            if a1.magnitude > lp1 { lp1 = a1.magnitude }
            if a2.magnitude > lp2 { lp2 = a2.magnitude }
            if a3.magnitude > lp3 { lp3 = a3.magnitude }
            if b0.magnitude > rp0 { rp0 = b0.magnitude }
            if b1.magnitude > rp1 { rp1 = b1.magnitude }
            if b2.magnitude > rp2 { rp2 = b2.magnitude }
            if b3.magnitude > rp3 { rp3 = b3.magnitude }
            l0 += Double(a0) * Double(a0)
            l1 += Double(a1) * Double(a1)
            l2 += Double(a2) * Double(a2)
            l3 += Double(a3) * Double(a3)
            r0 += Double(b0) * Double(b0)
            r1 += Double(b1) * Double(b1)
            r2 += Double(b2) * Double(b2)
            r3 += Double(b3) * Double(b3)
            offset += 4
        }
        leftLanes = (l0, l1, l2, l3)
        rightLanes = (r0, r1, r2, r3)
        // The frames after the last whole group (lane 0 onwards), as `accumulate` does.
        if offset < count {
            let leftTail = accumulate(left + offset, count: count - offset, firstLane: 0, into: &leftLanes)
            let rightTail = accumulate(right + offset, count: count - offset, firstLane: 0, into: &rightLanes)
            if leftTail > lp0 { lp0 = leftTail }
            if rightTail > rp0 { rp0 = rightTail }
        }
        // The peak is a maximum of magnitudes: the same whatever order it is taken in.
        if lp1 > lp0 { lp0 = lp1 }
        if lp3 > lp2 { lp2 = lp3 }
        if lp2 > lp0 { lp0 = lp2 }
        if rp1 > rp0 { rp0 = rp1 }
        if rp3 > rp2 { rp2 = rp3 }
        if rp2 > rp0 { rp0 = rp2 }
        return (lp0 > leftPeak ? lp0 : leftPeak, rp0 > rightPeak ? rp0 : rightPeak)
    }

    /// Adds the squares of `count` samples to four lanes (frame `f` of a block goes to lane
    /// `f % 4`) and returns their peak magnitude. Every sample of every port channel passes here,
    /// so the sum of squares runs as four short dependency chains instead of one long one, which
    /// the optimiser turns into vector instructions (the unoptimised build does no more work per
    /// sample than a plain loop). Lanes follow the frame's place in its block, not in the write,
    /// so a block's sums are bit-identical however the IO cycles split it.
    @inline(__always)
    private static func accumulate(_ samples: UnsafePointer<Float>, count: Int, firstLane: Int,
                                   into lanes: inout (Double, Double, Double, Double)) -> Float {
        var (e0, e1, e2, e3) = lanes
        var p0: Float = 0, p1: Float = 0, p2: Float = 0, p3: Float = 0
        var offset = 0
        // A plain while loop with `magnitude` and comparisons, because the generic `max`, `abs`
        // and range iterator are calls through witness tables when unoptimised.
        while offset < count && (firstLane + offset) & 3 != 0 {
            let sample = samples[offset]
            if sample.magnitude > p0 { p0 = sample.magnitude }
            addSquare(Double(sample) * Double(sample), lane: firstLane + offset, to: &e1, &e2, &e3)
            offset += 1
        }
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
            let square = Double(sample) * Double(sample)
            if (firstLane + offset) & 3 == 0 { e0 += square } else { addSquare(square, lane: firstLane + offset, to: &e1, &e2, &e3) }
            offset += 1
        }
        lanes = (e0, e1, e2, e3)
        if p1 > p0 { p0 = p1 }
        if p3 > p2 { p2 = p3 }
        return p2 > p0 ? p2 : p0
    }

    /// Lanes 1–3 (`lane % 4`; lane 0 is handled inline).
    @inline(__always)
    private static func addSquare(_ square: Double, lane: Int, to e1: inout Double, _ e2: inout Double, _ e3: inout Double) {
        switch lane & 3 {
        case 1: e1 += square
        case 2: e2 += square
        default: e3 += square
        }
    }

    mutating func addSilence<Observer: LevelChunkObserver>(_ count: Int, blockFrames: Int, startingAt position: Int64,
                                                           channel: Int = 0, observer: inout Observer) {
        var remaining = count
        var frame = position
        while remaining > 0 {
            let entry = openEntry(at: frame, blockFrames: blockFrames)
            let step = min(remaining, blockFrames - Int(frame % Int64(blockFrames)))
            frameCounts[entry] += Int32(step)
            observer.levelChunk(channel: channel, block: Int(frame / Int64(blockFrames)), peak: 0, energy: 0, frames: step)
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
        // The open block's lanes are in its merged entry now; its next samples start new lanes.
        openBlock = .min
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
