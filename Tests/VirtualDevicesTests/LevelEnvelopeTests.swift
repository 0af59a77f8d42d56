import Foundation
import SimCore
import Testing
@testable import VirtualDevices

@Suite("Level envelopes")
struct LevelEnvelopeTests {
    /// Block `b` (10 frames each) holds a ramp whose peak is `0.01 × (b + 1)`, written in uneven pieces.
    private func fill(_ envelope: inout LevelEnvelope, blocks: Int) {
        let samples = (0..<(blocks * 10)).map { (frame: Int) -> Float in
            let magnitude: Float = Float(frame / 10 + 1) * 0.01 * Float(frame % 10 + 1) / 10
            return frame % 2 == 0 ? magnitude : -magnitude
        }
        var position = 0
        var piece = 1
        while position < samples.count {
            let count = min(piece, samples.count - position)
            samples[position..<(position + count)].withUnsafeBufferPointer { envelope.add($0, blockFrames: 10, startingAt: Int64(position)) }
            position += count
            piece = piece % 13 + 3
        }
    }

    /// The largest sample `fill` writes in block `block` (its last frame's magnitude, computed the same way).
    private func peak(ofBlock block: Int) -> Float {
        let magnitude: Float = Float(block + 1) * 0.01 * Float(10) / 10
        return magnitude
    }

    @Test("Peak and energy per block match a sample-by-sample sum, however the writes split the blocks")
    func sums() {
        var envelope = LevelEnvelope()
        fill(&envelope, blocks: 20)
        for block in 0..<20 {
            let sums = envelope.sums(blocks: block...block)
            let expected = (0..<10).map { (index: Int) -> Double in
                let magnitude: Float = Float(block + 1) * 0.01 * Float(index + 1) / 10
                return Double(magnitude)
            }
            #expect(sums?.peak == peak(ofBlock: block), "block \(block)")
            #expect(abs((sums?.energy ?? 0) - expected.map { $0 * $0 }.reduce(0, +)) < 1e-12, "block \(block)")
            #expect(sums?.frames == 10)
        }
        #expect(envelope.sums(blocks: 20...30) == nil, "nothing recorded there")
    }

    @Test("A bounded envelope reads exactly like an unbounded one until it fills, then coarsens in place and keeps whole-run totals")
    func bounded() {
        var exact = LevelEnvelope(), bounded = LevelEnvelope(maxBlocks: 8)
        fill(&exact, blocks: 8)
        fill(&bounded, blocks: 8)
        #expect(bounded.blocksPerEntry == 1)
        for block in 0..<8 { #expect(bounded.sums(blocks: block...block)! == exact.sums(blocks: block...block)!) }

        var long = LevelEnvelope(maxBlocks: 8)
        long.reserve(blocks: 1_000)
        fill(&long, blocks: 20)
        #expect(long.blocksPerEntry == 4, "20 blocks in at most 8 entries")
        let whole = long.sums(blocks: 0...19)
        #expect(whole?.peak == peak(ofBlock: 19))
        #expect(whole?.frames == 200)
        // A block reads its whole entry once coarsened: block 5 is in blocks 4–7.
        #expect(long.sums(blocks: 5...5)?.peak == peak(ofBlock: 7))
        #expect(long.sums(blocks: 5...5)?.frames == 40)
        var reference = LevelEnvelope()
        fill(&reference, blocks: 20)
        #expect(abs(whole!.energy - reference.sums(blocks: 0...19)!.energy) < 1e-12)
    }

    /// Hears every block piece, per channel, in order.
    private struct Pieces: LevelChunkObserver {
        var heard: [Int: [String]] = [:]
        mutating func levelChunk(channel: Int, block: Int, peak: Float, energy: Double, frames: Int) {
            heard[channel, default: []].append("\(block) \(peak.bitPattern) \(energy.bitPattern) \(frames)")
        }
    }

    @Test("Two channels summed in one pass (a stereo write) give bit for bit the sums and pieces of two single adds, however the writes fall")
    func pairs() {
        // Two unrelated signals, not multiples of anything, so any change of summation order shows in the last bits.
        let frames = 7_000
        let left = (0..<frames).map { (frame: Int) -> Float in
            let t = Double(frame)
            return Float(0.6 * sin(0.731 * t) + 0.3 * cos(0.0173 * t))
        }
        let right = (0..<frames).map { (frame: Int) -> Float in
            let wobble: Float = 0.01 * Float(frame % 7)
            return Float(0.45 * sin(1.913 * Double(frame) + 0.4)) - wobble
        }
        for maxBlocks in [Int.max, 4] {
            var singles = [LevelEnvelope(firstBlock: 1, maxBlocks: maxBlocks), LevelEnvelope(firstBlock: 1, maxBlocks: maxBlocks)]
            var (pairLeft, pairRight) = (singles[0], singles[1])
            var heardSingly = Pieces(), heardPaired = Pieces()
            // Pieces of 1 to 700 frames from frame 480 (block 1 of 480-frame blocks), so groups of four start at every lane.
            var position = 0
            var piece = 1
            while position < frames {
                let count = min(piece, frames - position)
                let start = Int64(480 + position)
                left[position..<(position + count)].withUnsafeBufferPointer { l in
                    right[position..<(position + count)].withUnsafeBufferPointer { r in
                        singles[0].add(l, blockFrames: 480, startingAt: start, channel: 0, observer: &heardSingly)
                        singles[1].add(r, blockFrames: 480, startingAt: start, channel: 1, observer: &heardSingly)
                        LevelEnvelope.addPair(&pairLeft, &pairRight, l, r, blockFrames: 480, startingAt: start, channel: 0, observer: &heardPaired)
                    }
                }
                position += count
                piece = (piece * 7 + 3) % 701 + 1
            }
            #expect(heardPaired.heard == heardSingly.heard, "maxBlocks \(maxBlocks)")
            for (channel, pair) in [pairLeft, pairRight].enumerated() {
                #expect(pair.blocksPerEntry == singles[channel].blocksPerEntry)
                for block in 1...16 {
                    let a = pair.sums(blocks: block...block), b = singles[channel].sums(blocks: block...block)
                    #expect(a?.peak.bitPattern == b?.peak.bitPattern && a?.energy.bitPattern == b?.energy.bitPattern && a?.frames == b?.frames,
                            "channel \(channel), block \(block), maxBlocks \(maxBlocks)")
                }
            }
        }
    }
}
