import SimCore

/// A problem in a file someone wrote (a profile, a script, a scenario), located precisely enough
/// to jump to: `Profiles/iphone.yaml:12:5: unknown key 'sampel-rates'; did you mean 'sample-rates'?`
public struct SourceError: Error, Equatable, CustomStringConvertible {
    public let file: String
    /// 1-based; 0 when the problem concerns the whole file.
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The same error, placed inside `text`. libyaml reports a problem at the end of a file that
    /// lacks a final newline on the line after the last one (it adds a line break there); the
    /// reader sees that as the end of the last line (found by fuzzing: Fuzz/, fuzz-event-script).
    func withinText(_ text: String) -> SourceError {
        let (lines, lastLineLength) = Self.lines(of: text)
        guard line > lines else { return self }
        return SourceError(file: file, line: lines, column: lastLineLength + 1, message: message)
    }

    /// How many lines `text` has, and the length of its last, by YAML's line breaks (CR LF, CR,
    /// LF, and in YAML 1.1 also NEL, LS and PS), which are the lines libyaml counts in its errors.
    public static func lines(of text: String) -> (count: Int, lastLineLength: Int) {
        var count = 1, length = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where previous == "\r": break
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": count += 1; length = 0
            default: length += 1
            }
            previous = scalar
        }
        return (count, length)
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
