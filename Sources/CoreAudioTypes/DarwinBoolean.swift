/// A C `Boolean` as Swift imports it from Apple's headers.
public struct DarwinBoolean: Equatable, Sendable, ExpressibleByBooleanLiteral, CustomStringConvertible {
    public var boolValue: Bool
    public init(_ value: Bool) { boolValue = value }
    public init(booleanLiteral value: Bool) { boolValue = value }
    public var description: String { boolValue.description }
}
