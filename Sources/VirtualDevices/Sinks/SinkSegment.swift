import SimCore

/// The part of a sink recorded at one IO rate: the stretches it keeps there, in frame order.
struct SinkSegment: Sendable {
    let clock: IOClock.Segment
    let blockFrames: Int
    let capture: SinkCapture
    var stretches: [RecordedStretch]

    /// The first stretch is an open-ended, levels-only one (a windowed sink keeping levels throughout).
    let hasLevelStretch: Bool
    /// Blocks the levels-throughout stretch keeps at full resolution (at 10 ms, five and a half
    /// minutes: longer than any shipped scenario); past that it coarsens, so a run of any length
    /// costs the same memory. It feeds the report's whole-run lanes, which need a few hundred
    /// steps; checks read their own windows, which stay exact.
    static let levelStretchMaxBlocks = 1 << 15

    /// The stretches whose envelopes answer a level query over blocks `blocks`, each frame
    /// counted once: a capture window holding all of them (exact even when the whole-run
    /// envelope has coarsened, and the same blocks otherwise), else the whole-run envelope, else
    /// every window.
    func levelStretches(blocks: ClosedRange<Int>) -> ArraySlice<RecordedStretch> {
        guard hasLevelStretch else { return stretches[...] }
        let first = Int64(blocks.lowerBound) * Int64(blockFrames), end = Int64(blocks.upperBound + 1) * Int64(blockFrames)
        if let window = stretches.indices.dropFirst().first(where: { stretches[$0].firstFrame <= first && stretches[$0].endFrame >= end }) {
            return stretches[window...window]
        }
        return stretches.prefix(1)
    }

    /// The first stretch records every frame of the segment (what watches read).
    var coversWholeSegment: Bool {
        switch capture {
        case .levels, .everything: true
        case .windows: hasLevelStretch
        }
    }

    init(clock: IOClock.Segment, channels: Int, resolution: HostDuration, capture: SinkCapture, levelsThroughout: Bool = false) {
        self.clock = clock
        self.capture = capture
        let blockFrames = max(1, Int(clock.rate.frames(in: resolution)))
        self.blockFrames = blockFrames
        hasLevelStretch = levelsThroughout && { if case .windows = capture { true } else { false } }()
        switch capture {
        case .levels, .everything:
            // Levels kept throughout without samples are bounded like the windows' level stretch.
            stretches = [RecordedStretch(firstFrame: clock.firstFrame, endFrame: .max, channels: channels,
                                         blockFrames: blockFrames, captureSamples: capture == .everything,
                                         maxBlocks: levelsThroughout && capture == .levels ? Self.levelStretchMaxBlocks : .max)]
        case let .windows(windows):
            stretches = windows.compactMap { window in
                // Whole envelope blocks, so a level over the window reads the same blocks as
                // it would with everything kept.
                let block = Int64(blockFrames)
                let first = max(clock.firstFrame, clock.frame(at: window.lowerBound) / block * block)
                let end = (clock.frame(at: window.upperBound, rounding: .up) + block - 1) / block * block
                guard end > first else { return nil }
                return RecordedStretch(firstFrame: first, endFrame: end, channels: channels,
                                       blockFrames: blockFrames, captureSamples: true)
            }
            if hasLevelStretch {
                stretches.insert(RecordedStretch(firstFrame: clock.firstFrame, endFrame: .max, channels: channels,
                                                 blockFrames: blockFrames, captureSamples: false,
                                                 maxBlocks: Self.levelStretchMaxBlocks), at: 0)
            }
        }
    }

    /// The segment stops at `frame` (the IO restarted at another rate there).
    mutating func end(at frame: Int64) {
        stretches.removeAll { $0.firstFrame >= frame }
        for index in stretches.indices { stretches[index].endFrame = min(stretches[index].endFrame, frame) }
    }

    /// IO frames covering `[start, end)` in this segment's timing (unclamped).
    func frames(from start: HostTime, to end: HostTime) -> Range<Int64> {
        let first = clock.frame(at: start), last = max(first, clock.frame(at: end))
        return first..<last
    }
}
