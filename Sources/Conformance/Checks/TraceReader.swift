import SimCore

/// Reads a trace back from its canonical JSON Lines (what `Trace.jsonLines` writes), so a report
/// can be built from traces recorded on other machines (`conformance --merge`). The result is
/// checked to write the very same bytes again; anything else is an error naming the line.
enum TraceReader {
    struct Problem: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "trace line \(line): \(message)" }
    }

    static func read(_ text: String) throws(Problem) -> Trace {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard let first = lines.first, case var .object(header) = try value(first, line: 1) else {
            throw Problem(line: 1, message: "no header object")
        }
        guard case let .string(seedText) = header["seed"], let seed = UInt64(seedText) else {
            throw Problem(line: 1, message: "the header has no seed")
        }
        header["seed"] = nil
        header["format"] = nil
        var trace = Trace(seed: seed, header: header)
        for (offset, line) in lines.dropFirst().enumerated() {
            guard case var .object(fields) = try value(line, line: offset + 2), case let .int(time) = fields["t"],
                  case let .string(kind) = fields["kind"] else {
                throw Problem(line: offset + 2, message: "not an event object with t and kind")
            }
            fields["t"] = nil
            fields["kind"] = nil
            trace.record(TraceEvent(time: HostTime(nanoseconds: time), kind: kind, fields: fields))
        }
        guard trace.jsonLines == text else { throw Problem(line: 0, message: "does not read back to the same bytes") }
        return trace
    }

    static func value(_ line: Substring, line number: Int) throws(Problem) -> TraceValue {
        var parser = Parser(bytes: Array(line.utf8), line: number)
        let value = try parser.value()
        guard parser.index == parser.bytes.count else { throw parser.problem("text after the value") }
        return value
    }

    /// A parser for the JSON subset `CanonicalJSON` writes: objects, lists, strings, integers,
    /// booleans and null, without whitespace.
    struct Parser {
        let bytes: [UInt8]
        let line: Int
        var index = 0

        func problem(_ message: String) -> Problem { Problem(line: line, message: "\(message) at byte \(index)") }

        mutating func value() throws(Problem) -> TraceValue {
            guard index < bytes.count else { throw problem("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var object: [String: TraceValue] = [:]
                if try take("}") { return .object(object) }
                repeat {
                    let key = try string()
                    guard try take(":") else { throw problem("expected ':'") }
                    object[key] = try value()
                } while try take(",")
                guard try take("}") else { throw problem("expected '}'") }
                return .object(object)
            case UInt8(ascii: "["):
                index += 1
                var list: [TraceValue] = []
                if try take("]") { return .list(list) }
                repeat { list.append(try value()) } while try take(",")
                guard try take("]") else { throw problem("expected ']'") }
                return .list(list)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default: return .int(try integer())
            }
        }

        mutating func take(_ character: Unicode.Scalar) throws(Problem) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func word(_ text: String) throws(Problem) {
            let expected = Array(text.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw problem("expected \(text)")
            }
            index += expected.count
        }

        mutating func integer() throws(Problem) -> Int64 {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard let value = Int64(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw problem("expected a value") }
            return value
        }

        mutating func string() throws(Problem) -> String {
            guard try take("\"") else { throw problem("expected a string") }
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run = [] }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index < bytes.count else { throw problem("unfinished escape") }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "u"):
                        guard bytes.count - index >= 4, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                              let scalar = Unicode.Scalar(code) else { throw problem("bad \\u escape") }
                        index += 4
                        scalars.append(scalar)
                    default: scalars.append(Unicode.Scalar(escaped))
                    }
                default: run.append(byte)
                }
            }
            throw problem("unfinished string")
        }
    }
}
