import Foundation

/// The hand-kept part of the ledger: what the symbol graphs and the tests cannot tell. Each line
/// names a status, a framework (or `*`), a path pattern (`*` matches any run of characters) and the
/// reason. The first line that matches a path decides.
///
/// - `declared`: we have the symbol and it answers as Apple documents for a device without the feature.
/// - `simulated`: we have it and a check proves it that the test grep cannot find (name it).
/// - `not provided`: we leave it out on purpose (Objective-C runtime only, UI only, …).
/// - `outside`: outside the part of the framework the ledger covers (MediaPlayer's music library).
/// - `extra`: one of our public symbols Apple's iOS SDK does not have, on purpose (a `mac` profile API).
public struct Annotations: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case declared, simulated, notProvided = "not provided", outside, extra
    }

    public struct Rule: Sendable {
        public var status: Status
        public var framework: String
        public var pattern: String
        public var reason: String
        public var line: Int

        public init(status: Status, framework: String, pattern: String, reason: String, line: Int) {
            (self.status, self.framework, self.pattern, self.reason, self.line) = (status, framework, pattern, reason, line)
        }

        func matches(framework: String, path: String) -> Bool {
            (self.framework == "*" || self.framework == framework) && Annotations.glob(pattern, matches: path)
        }
    }

    public var rules: [Rule]

    public init(rules: [Rule]) { self.rules = rules }

    /// Reads the file; a line with an unknown status or a missing reason is an error naming its line.
    public static func load(_ url: URL) throws -> Annotations {
        let rows = try SurfaceList.tabRows(url, expectingHeader: ["status", "framework", "pattern", "reason"])
        return Annotations(rules: try rows.map { row in
            guard let status = Status(rawValue: row.fields[0]) else {
                throw LedgerError.badRow(file: url.path, line: row.line,
                                         "unknown status \"\(row.fields[0])\" (one of: \(Status.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard !row.fields[3].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw LedgerError.badRow(file: url.path, line: row.line, "gives no reason")
            }
            return Rule(status: status, framework: row.fields[1], pattern: row.fields[2], reason: row.fields[3], line: row.line)
        })
    }

    /// The first rule among `statuses` that matches.
    public func rule(for path: String, in framework: String, among statuses: Set<Status>) -> Rule? {
        rules.first { statuses.contains($0.status) && $0.matches(framework: framework, path: path) }
    }

    /// `*` matches any run of characters (dots included); everything else matches itself.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(Substring.init)
        if parts.count == 1 { return pattern == text }
        var rest = Substring(text)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts[parts.count - 1])
    }
}
