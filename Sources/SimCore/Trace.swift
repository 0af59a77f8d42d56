import CCrypto

/// An append-only, canonical JSON Lines record of a simulation run.
///
/// The first line is a header naming the format and the run's seed; every following line is one
/// `TraceEvent` in the order it happened. Same scenario and seed ⇒ the same bytes, which is what
/// `contentHash` fingerprints and what replay compares.
public struct Trace: Sendable {
    public static let format = "soundcheck-trace/1"

    public private(set) var events: [TraceEvent] = []
    public let header: [String: TraceValue]

    /// `header` carries whatever identifies the run (scenario, profile, platform); the seed and
    /// format are always present.
    public init(seed: UInt64, header: [String: TraceValue] = [:]) {
        var fields = header
        fields["format"] = .string(Self.format)
        // Seeds are full 64-bit values; as a string they survive JSON readers that use doubles.
        fields["seed"] = .string(String(seed))
        self.header = fields
    }

    public mutating func record(_ event: TraceEvent) {
        precondition(events.last.map { $0.time <= event.time } ?? true, "trace time went backwards")
        events.append(event)
    }

    public mutating func record(_ kind: String, at time: HostTime, _ fields: [String: TraceValue] = [:]) {
        record(TraceEvent(time: time, kind: kind, fields: fields))
    }

    /// The whole trace as JSON Lines, each line ending in `\n`.
    public var jsonLines: String {
        var text = CanonicalJSON.encode(.object(header)) + "\n"
        for event in events { text += event.canonicalLine + "\n" }
        return text
    }

    /// SHA-256 of `jsonLines`, in lowercase hex.
    public var contentHash: String { Self.sha256Hex(jsonLines) }

    /// SHA-256 of a text's UTF-8 bytes, in lowercase hex (also how a trace names its scenario file).
    public static func sha256Hex(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = SHA256(bytes, bytes.count, &digest)
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
