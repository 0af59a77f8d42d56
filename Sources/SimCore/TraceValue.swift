/// A value in a trace event. Only exact types: integers, strings, booleans, lists and objects.
/// There is deliberately no floating-point case: levels, gains and rates go in as integers in a
/// stated unit (e.g. `levelCentibels`, `sampleRateHz`), so traces compare byte for byte.
public enum TraceValue: Hashable, Sendable {
    case int(Int64)
    case string(String)
    case bool(Bool)
    case list([TraceValue])
    /// Keys are written sorted, whatever order they were given in.
    case object([String: TraceValue])
    case null
}

extension TraceValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TraceValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TraceValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public static func integer<I: BinaryInteger>(_ value: I) -> TraceValue { .int(Int64(value)) }
}
