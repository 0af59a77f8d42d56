/// Core Foundation's string, as Core MIDI's API passes names and property IDs. Linux has no
/// Core Foundation, so this is a small immutable string object with the same spellings in app
/// code: `"Synth" as CFString`, `Unmanaged<CFString>`, and `"\(name)"` (or
/// `String(describing:)`) to read it back.
public final class CFString: ExpressibleByStringLiteral, CustomStringConvertible, Hashable, Sendable {
    let string: String

    public init(stringLiteral value: String) { string = value }
    init(_ string: String) { self.string = string }

    public var description: String { string }

    public static func == (lhs: CFString, rhs: CFString) -> Bool { lhs.string == rhs.string }
    public func hash(into hasher: inout Hasher) { hasher.combine(string) }
}

extension String {
    /// The text of a Core Foundation string.
    public init(_ string: CFString) { self = string.string }
}
