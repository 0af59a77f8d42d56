/// Writes `TraceValue`s as canonical JSON: no whitespace, object keys sorted by their UTF-8
/// bytes, integers in plain decimal, strings with the minimal escapes of RFC 8785. The same value
/// always yields the same bytes, on any machine.
public enum CanonicalJSON {
    public static func encode(_ value: TraceValue) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    public static func write(_ value: TraceValue, to out: inout String) {
        switch value {
        case let .int(number): out += String(number)
        case let .string(text): writeString(text, to: &out)
        case let .bool(flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case let .list(items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case let .object(fields):
            writeObject(fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }, to: &out)
        }
    }

    /// Writes an object whose key order the caller has already fixed.
    public static func writeObject(_ fields: [(key: String, value: TraceValue)], to out: inout String) {
        out += "{"
        for (index, field) in fields.enumerated() {
            if index > 0 { out += "," }
            writeString(field.key, to: &out)
            out += ":"
            write(field.value, to: &out)
        }
        out += "}"
    }

    public static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
