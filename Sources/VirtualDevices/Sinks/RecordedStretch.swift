/// A run of consecutive IO frames a sink records: per channel a level envelope and, when
/// capturing, the samples. Its storage is reserved when it is made, so writing never allocates
/// when its length is known (a capture window).
struct RecordedStretch: Sendable {
    let firstFrame: Int64
    /// The first frame after it (`.max`: open-ended).
    var endFrame: Int64
    var envelopes: [LevelEnvelope]
    var captures: [[Float]]?

    /// `maxBlocks` bounds the envelopes' memory (see `LevelEnvelope`); unbounded by default.
    init(firstFrame: Int64, endFrame: Int64, channels: Int, blockFrames: Int, captureSamples: Bool, maxBlocks: Int = .max) {
        self.firstFrame = firstFrame
        self.endFrame = endFrame
        let firstBlock = Int(firstFrame / Int64(blockFrames))
        envelopes = Array(repeating: LevelEnvelope(firstBlock: firstBlock, maxBlocks: maxBlocks), count: channels)
        captures = captureSamples ? Array(repeating: [], count: channels) : nil
        if endFrame != .max { reserve(frames: Int(endFrame - firstFrame), blockFrames: blockFrames) }
    }

    mutating func reserve(frames: Int, blockFrames: Int) {
        for channel in envelopes.indices {
            envelopes[channel].reserve(blocks: frames / blockFrames + 2)
            captures?[channel].reserveCapacity(frames)
        }
    }

    /// Records frames `[first, first + samples.count)` of `channel` (zero-based); `samples` nil is silence.
    /// `observer` hears the envelope's block pieces (`LevelChunkObserver`).
    mutating func write<Observer: LevelChunkObserver>(channel: Int, _ samples: UnsafeBufferPointer<Float>?, count: Int, at first: Int64,
                                                      blockFrames: Int, observer: inout Observer) {
        if let samples {
            envelopes[channel].add(samples, blockFrames: blockFrames, startingAt: first, channel: channel, observer: &observer)
            captures?[channel].append(contentsOf: samples)
        } else {
            envelopes[channel].addSilence(count, blockFrames: blockFrames, startingAt: first, channel: channel, observer: &observer)
            captures?[channel].append(contentsOf: repeatElement(0, count: count))
        }
    }

    /// Records the same frames of channels `channel` and `channel + 1` (zero-based), both
    /// sounding: as two `write` calls, with both envelopes summed in one pass (`LevelEnvelope.addPair`).
    mutating func writePair<Observer: LevelChunkObserver>(channel: Int, _ left: UnsafeBufferPointer<Float>, _ right: UnsafeBufferPointer<Float>,
                                                          at first: Int64, blockFrames: Int, observer: inout Observer) {
        envelopes.withUnsafeMutableBufferPointer { envelopes in
            LevelEnvelope.addPair(&envelopes[channel], &envelopes[channel + 1], left, right, blockFrames: blockFrames,
                                  startingAt: first, channel: channel, observer: &observer)
        }
        captures?[channel].append(contentsOf: left)
        captures?[channel + 1].append(contentsOf: right)
    }

    /// The captured samples of `channel` (zero-based) for IO frames `frames`, clamped to the stretch.
    func samples(channel: Int, frames: Range<Int64>) -> ArraySlice<Float>? {
        guard let samples = captures?[channel] else { return nil }
        let first = Int(max(0, min(Int64(samples.count), frames.lowerBound - firstFrame)))
        let last = Int(max(Int64(first), min(Int64(samples.count), frames.upperBound - firstFrame)))
        return samples[first..<last]
    }
}
