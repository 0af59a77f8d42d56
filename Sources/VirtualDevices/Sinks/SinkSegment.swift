import SimCore

/// The part of a sink recorded at one IO rate: the stretches it keeps there, in frame order.
struct SinkSegment: Sendable {
    let clock: IOClock.Segment
    let blockFrames: Int
    var stretches: [RecordedStretch]

    /// The first stretch is an open-ended, levels-only one (a windowed sink keeping levels throughout).
    let hasLevelStretch: Bool

    /// The stretches whose envelopes answer level queries, each frame counted once.
    var levelStretches: ArraySlice<RecordedStretch> { hasLevelStretch ? stretches.prefix(1) : stretches[...] }

    init(clock: IOClock.Segment, channels: Int, resolution: HostDuration, capture: SinkCapture, levelsThroughout: Bool = false) {
        self.clock = clock
        let blockFrames = max(1, Int(clock.rate.frames(in: resolution)))
        self.blockFrames = blockFrames
        hasLevelStretch = levelsThroughout && { if case .windows = capture { true } else { false } }()
        switch capture {
        case .levels, .everything:
            stretches = [RecordedStretch(firstFrame: clock.firstFrame, endFrame: .max, channels: channels,
                                         blockFrames: blockFrames, captureSamples: capture == .everything)]
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
                                                 blockFrames: blockFrames, captureSamples: false), at: 0)
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
