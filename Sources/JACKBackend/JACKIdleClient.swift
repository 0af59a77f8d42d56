import CJACKProcess

/// A reference client that does nothing in its process callback but count and time itself: what
/// the server and machine give any client, to compare ours against (the JACK benchmark).
public final class JACKIdleClient: @unchecked Sendable {
    public let client: JACKClient
    let idle: OpaquePointer

    public init(client: JACKClient) throws(JACKError) {
        self.client = client
        guard let idle = sc_idle_create(client.handle) else { throw JACKError("out of memory") }
        self.idle = idle
        guard sc_idle_install(idle) == 0 else { throw JACKError("JACK refused the process callback of \(client.name)") }
        try client.activate()
    }

    deinit {
        client.close()
        sc_idle_destroy(idle)
    }

    public var stats: JACKStats {
        var raw = sc_stats()
        sc_idle_stats(idle, &raw)
        return JACKStats(raw)
    }

    /// `counts[i]` callbacks took i µs.
    public var callbackDurations: [Int64] {
        var counts = [Int64](repeating: 0, count: Int(SC_DURATION_BUCKETS))
        sc_idle_durations(idle, &counts, Int32(counts.count))
        return counts
    }
}

/// A percentile of a 1-µs histogram of callback durations.
public func callbackPercentile(_ counts: [Int64], _ fraction: Double) -> Int {
    let total = counts.reduce(0, +)
    guard total > 0 else { return 0 }
    let target = Int64((Double(total) * fraction).rounded(.up))
    var seen: Int64 = 0
    for (micros, count) in counts.enumerated() {
        seen += count
        if seen >= target { return micros }
    }
    return counts.count - 1
}
