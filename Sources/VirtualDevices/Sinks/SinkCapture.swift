import SimCore

/// What a port sink keeps.
public enum SinkCapture: Sendable, Hashable {
    /// The level envelope of the whole run (no samples: tone checks answer nil).
    case levels
    /// Every sample and the level envelope of the whole run (tests that look anywhere).
    case everything
    /// Samples and envelope only inside these intervals of host time: memory depends on the
    /// windows, not on how long the run lasts (scenarios know their checks' intervals up front).
    case windows([Range<HostTime>])

    /// The windows sorted and merged where they overlap or touch.
    static func merged(_ windows: [Range<HostTime>]) -> [Range<HostTime>] {
        var merged: [Range<HostTime>] = []
        for window in windows.sorted(by: { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) })
        where !window.isEmpty {
            if let last = merged.last, window.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, window.upperBound)
            } else {
                merged.append(window)
            }
        }
        return merged
    }
}
