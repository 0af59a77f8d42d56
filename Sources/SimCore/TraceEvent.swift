/// One line of a trace: what happened (`kind`, e.g. `accessory.attached`), when, and the
/// details as named fields.
public struct TraceEvent: Hashable, Sendable {
    /// Keys every line owns; a field may not reuse them.
    public static let reservedKeys: Set<String> = ["t", "kind"]

    public let time: HostTime
    public let kind: String
    public let fields: [String: TraceValue]

    public init(time: HostTime, kind: String, fields: [String: TraceValue] = [:]) {
        precondition(fields.keys.allSatisfy { !Self.reservedKeys.contains($0) },
                     "trace fields may not be named t or kind")
        self.time = time
        self.kind = kind
        self.fields = fields
    }

    /// The canonical line: `{"t":<ns>,"kind":"…",<fields sorted by key>}` with no newline.
    public var canonicalLine: String {
        var line = ""
        let sortedFields = fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        CanonicalJSON.writeObject(
            [("t", .int(time.nanoseconds)), ("kind", .string(kind))] + sortedFields, to: &line)
        return line
    }
}
