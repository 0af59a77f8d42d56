import SimCore
import Yams

/// A node of a parsed YAML file that remembers where it came from, so that every value read from
/// it can fail with `file:line:column` and a precise rule.
public struct YAMLValue {
    public let node: Node
    public let file: String

    /// A node read from `file` (or made from such nodes, keeping their marks).
    public init(node: Node, file: String) {
        self.node = node
        self.file = file
    }

    /// Parses `text`; syntax errors come back as `SourceError`s with Yams' line and column. Every
    /// YAML reader (profiles, scripts, scenarios, the catalog) comes through here, so the alias
    /// bounds of `YAMLAliasCheck` protect them all. Scalars are read as their text (`string`,
    /// `int`, `bool` below), so Yams' basic resolver (every scalar a string) is enough: its default
    /// one matches each scalar against six regular expressions, a sixth of a debug build's parse.
    public static func parse(_ text: String, file: String) throws(SourceError) -> YAMLValue {
        try YAMLAliasCheck.check(text, file: file)
        do {
            guard let root = try Yams.compose(yaml: text, .basic) else {
                throw SourceError(file: file, line: 0, column: 0, message: "the file is empty")
            }
            return YAMLValue(node: root, file: file)
        } catch let error as SourceError {
            throw error
        } catch let error as YamlError {
            throw Self.sourceError(error, file: file).withinText(text)
        } catch {
            throw SourceError(file: file, line: 0, column: 0, message: "cannot read YAML: \(error)")
        }
    }

    private static func sourceError(_ error: YamlError, file: String) -> SourceError {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return SourceError(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(detail)")
        case let .duplicatedKeysInMapping(duplicates, context):
            return SourceError(file: file, line: context.mark.line, column: context.mark.column,
                               message: "key '\(duplicates.joined(separator: "', '"))' appears more than once in this mapping (first here)")
        case let .reader(problem, _, _, _):
            return SourceError(file: file, line: 0, column: 0, message: "invalid YAML: \(problem)")
        default:
            return SourceError(file: file, line: 0, column: 0, message: "invalid YAML: \(error)")
        }
    }

    public var line: Int { node.mark?.line ?? 0 }
    public var column: Int { node.mark?.column ?? 0 }

    /// An error located at this value.
    public func error(_ message: String) -> SourceError {
        SourceError(file: file, line: line, column: column, message: message)
    }

    public func string(_ what: String) throws(SourceError) -> String {
        guard case let .scalar(scalar) = node else { throw error("\(what) must be a single value") }
        return scalar.string
    }

    public func int(_ what: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(SourceError) -> Int {
        let text = try string(what)
        guard let value = Int(text) else { throw error("\(what) must be a whole number, not '\(text)'") }
        guard range.contains(value) else {
            throw error("\(what) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
        }
        return value
    }

    /// A random seed: any 64-bit unsigned whole number, as the CLI's `--seed` accepts.
    public func seed() throws(SourceError) -> UInt64 {
        let text = try string("seed")
        guard let value = UInt64(text) else {
            throw error("seed must be a whole number from 0 to \(UInt64.max), not '\(text)'")
        }
        return value
    }

    public func bool(_ what: String) throws(SourceError) -> Bool {
        switch try string(what) {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let text: throw error("\(what) must be true or false, not '\(text)'")
        }
    }

    /// One of `choices`, with a did-you-mean when it is close to one.
    public func choice<T>(_ what: String, _ choices: [(String, T)]) throws(SourceError) -> T {
        let text = try string(what)
        if let match = choices.first(where: { $0.0 == text }) { return match.1 }
        let names = choices.map(\.0)
        let hint = closestName(to: text, among: names).map { "; did you mean '\($0)'?" } ?? ""
        throw error("unknown \(what) '\(text)'\(hint) (expected one of: \(names.joined(separator: ", ")))")
    }

    public func list(_ what: String) throws(SourceError) -> [YAMLValue] {
        guard case let .sequence(sequence) = node else { throw error("\(what) must be a list") }
        return sequence.map { YAMLValue(node: $0, file: file) }
    }

    /// The key `name` of this mapping, to point an error at the key itself; nil when absent.
    public func key(_ name: String) -> YAMLValue? {
        guard case let .mapping(mapping) = node, let key = mapping.keys.first(where: { $0.string == name }) else { return nil }
        return YAMLValue(node: key, file: file)
    }

    /// A mapping whose keys must all be among `allowed`; duplicates and unknown keys are errors.
    public func mapping(_ what: String, allowed: [String]) throws(SourceError) -> YAMLMapping {
        guard case let .mapping(mapping) = node else { throw error("\(what) must be a mapping of keys to values") }
        var entries: [(key: YAMLValue, value: YAMLValue)] = []
        for (key, value) in mapping {
            let keyValue = YAMLValue(node: key, file: file)
            let name = try keyValue.string("a key")
            if !allowed.contains(name) {
                let hint = closestName(to: name, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
                throw keyValue.error("unknown key '\(name)' in \(what)\(hint) (allowed: \(allowed.joined(separator: ", ")))")
            }
            if entries.contains(where: { $0.key.node.string == name }) {
                throw keyValue.error("duplicate key '\(name)' in \(what)")
            }
            entries.append((keyValue, YAMLValue(node: value, file: file)))
        }
        return YAMLMapping(owner: self, what: what, entries: entries)
    }
}

/// A mapping read through `YAMLValue.mapping`, in document order.
public struct YAMLMapping {
    public let owner: YAMLValue
    public let what: String
    public let entries: [(key: YAMLValue, value: YAMLValue)]

    public subscript(_ key: String) -> YAMLValue? {
        entries.first { $0.key.node.string == key }?.value
    }

    public func required(_ key: String) throws(SourceError) -> YAMLValue {
        guard let value = self[key] else { throw owner.error("\(what) needs the key '\(key)'") }
        return value
    }
}
