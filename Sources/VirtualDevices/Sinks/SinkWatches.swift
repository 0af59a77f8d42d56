import SimCore

/// A sink's watches and their detectors, one per watched channel, with each sink channel's
/// detectors listed so a write reaches only its own. Built with the sink; nothing here allocates
/// once the run is going (a tone detector's table and a marker list are reserved up front).
struct SinkWatches: Sendable, LevelChunkObserver {
    let watches: [AudioWatch]
    private var detectors: [WatchDetector] = []
    /// For each sink channel (zero-based), its detectors' indices.
    private var routes: [[Int]]
    /// For each sink channel, whether any of its detectors reads samples (tones, markers).
    private var wantsSamples: [Bool]
    /// The segment the detectors were last told about (its first frame).
    private var segmentStart: Int64?

    init(_ watches: [AudioWatch] = [], channelCount: Int) {
        self.watches = watches
        routes = Array(repeating: [], count: channelCount)
        wantsSamples = Array(repeating: false, count: channelCount)
        for watch in watches {
            for channel in watch.channels ?? Array(1...channelCount) where (1...channelCount).contains(channel) {
                let detector = WatchDetector(watch)
                routes[channel - 1].append(detectors.count)
                wantsSamples[channel - 1] = wantsSamples[channel - 1] || detector.needsSamples
                detectors.append(detector)
            }
        }
    }

    var isEmpty: Bool { detectors.isEmpty }

    /// Writes from here on are in `segment` (blocks of `blockFrames`).
    mutating func enter(_ segment: IOClock.Segment, blockFrames: Int) {
        guard segmentStart != segment.firstFrame else { return }
        segmentStart = segment.firstFrame
        for index in detectors.indices { detectors[index].enter(segment, blockFrames: blockFrames) }
    }

    @inline(__always)
    mutating func levelChunk(channel: Int, block: Int, peak: Float, energy: Double, frames: Int) {
        // Indexed: iterating an array with for-in allocates in a debug build (its iterator reads
        // through a coroutine there), and this runs for every block piece.
        let route = routes[channel]
        for position in 0..<route.count {
            detectors[route[position]].levelChunk(block: block, peak: peak, energy: energy, frames: frames)
        }
    }

    /// Channel `channel`'s (zero-based) samples for IO frames `[frame, frame + count)`; nil: silence.
    @inline(__always)
    mutating func samples(channel: Int, _ samples: UnsafePointer<Float>?, count: Int, at frame: Int64) {
        guard wantsSamples[channel] else { return }
        let route = routes[channel]
        for position in 0..<route.count { detectors[route[position]].samples(samples, count: count, at: frame) }
    }

    /// What watch `id` heard on `channel` (1-based); nil when the watch or channel is not watched here.
    func reading(watch id: Int, channel: Int) -> WatchReading? {
        guard (1...routes.count).contains(channel) else { return nil }
        var seen = 0
        for watch in watches {
            let channels = (watch.channels ?? Array(1...routes.count)).filter { (1...routes.count).contains($0) }
            if watch.id == id, let position = channels.firstIndex(of: channel) { return detectors[seen + position].reading }
            seen += channels.count
        }
        return nil
    }
}

/// Hears each piece of an envelope block as the envelope sums it: the watches fold those pieces
/// instead of reading every sample again.
protocol LevelChunkObserver {
    mutating func levelChunk(channel: Int, block: Int, peak: Float, energy: Double, frames: Int)
}

/// For writes nobody watches.
struct NoChunkObserver: LevelChunkObserver {
    @inline(__always)
    mutating func levelChunk(channel: Int, block: Int, peak: Float, energy: Double, frames: Int) {}
}
