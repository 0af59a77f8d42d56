import SimCore

/// Finding the same instant on several speakers' sinks: the long-form player starts every
/// second of its timeline with a short silence (a marker), so where each sink's markers begin
/// says when that speaker played that instant, to one frame.
extension PortSink {
    /// The host times at which runs of at least `minimumFrames` near-silent frames begin after
    /// sound, on `channel` (1-based), between two instants; nil without captured samples there.
    public func silenceOnsets(channel: Int, from start: HostTime, to end: HostTime, minimumFrames: Int = 200,
                              threshold: Float = 1e-4) -> [HostTime]? {
        guard let samples = capturedSlice(channel: channel, from: start, to: end) else { return nil }
        // The slice starts at the frame playing at `start` (one rate: the speakers' 44.1 kHz).
        let rate = sampleRate
        let first = rate.sampleTime(at: start).frames
        var onsets: [HostTime] = []
        var quietSince: Int?
        var heardSound = false
        for (offset, sample) in samples.enumerated() {
            if abs(sample) < threshold {
                if quietSince == nil { quietSince = offset }
                if let since = quietSince, offset - since + 1 == minimumFrames, heardSound {
                    let frame = first + Int64(since)
                    onsets.append(HostTime(nanoseconds: rate.hostTime(at: SampleTime(frames: frame)).nanoseconds))
                }
            } else {
                quietSince = nil
                heardSound = true
            }
        }
        return onsets
    }

    /// How far apart two sinks play the same markers over an interval: the largest difference
    /// between matching onsets (nil when either has none there, or their counts differ).
    public func markerOffset(to other: PortSink, channel: Int, from start: HostTime, to end: HostTime) -> HostDuration? {
        guard let mine = silenceOnsets(channel: channel, from: start, to: end),
              let theirs = other.silenceOnsets(channel: channel, from: start, to: end),
              !mine.isEmpty, mine.count == theirs.count else { return nil }
        return zip(mine, theirs).map { HostDuration(nanoseconds: abs(($0 - $1).nanoseconds)) }.max()
    }
}
