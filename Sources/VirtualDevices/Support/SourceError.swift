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

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
