import SimCore

/// The part of a sink recorded at one IO rate: the stretches it keeps there, in frame order.
struct SinkSegment: Sendable {
    let clock: IOClock.Segment
    let blockFrames: Int
    var stretches: [RecordedStretch]

    init(clock: IOClock.Segment, channels: Int, resolution: HostDuration, capture: SinkCapture) {
        self.clock = clock
        let blockFrames = max(1, Int(clock.rate.frames(in: resolution)))
        self.blockFrames = blockFrames
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
