import Foundation
import Synchronization

/// Test tones made once per process: the same tone is asked for by every app of a kind in every
/// run (a queue player encodes its soundtrack to MP3 or AAC, a reference app makes its WAV), and
/// encoding was a quarter of `soundcheck explore`'s time. The files are the same bytes on every
/// call (the encoders are deterministic), so handing out the first one changes nothing. At most
/// `limit` tones are kept; past that the oldest is dropped, so memory stays bounded.
final class TestToneCache<Value: Sendable>: Sendable {
    struct Key: Hashable, Sendable {
        let frequency: Int
        let amplitude: Double
        let sampleRate: Int
        let seconds: Int
    }

    private let entries = Mutex<(values: [Key: Value], order: [Key])>(([:], []))
    private let limit: Int

    init(limit: Int = 32) { self.limit = limit }

    func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let cached = entries.withLock({ $0.values[key] }) { return cached }
        let made = try make()
        entries.withLock { entries in
            guard entries.values[key] == nil else { return }
            if entries.order.count >= limit { entries.values[entries.order.removeFirst()] = nil }
            entries.values[key] = made
            entries.order.append(key)
        }
        return made
    }
}
