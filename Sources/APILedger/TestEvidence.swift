import Foundation

/// Which test or built-in check exercises a symbol. A first cut, by name: a symbol counts as
/// exercised by the first file (in path order) of `Tests/` or `Sources/BuiltInChecks/` that names
/// both its type and its member as whole words (a global: its name). A file can name a symbol
/// without checking what it does, so the ledger cites the file for a reader to follow.
public struct TestEvidence: Sendable {
    /// For each word, the files that contain it, in path order.
    var filesByWord: [Substring: [String]] = [:]

    /// Indexes every `.swift` file below the given folders of the package.
    public init(packageRoot: URL, folders: [String] = ["Tests", "Sources/BuiltInChecks"]) throws {
        let fm = FileManager.default
        var files: [String] = []
        for folder in folders {
            guard let walker = fm.enumerator(atPath: packageRoot.appendingPathComponent(folder).path) else { continue }
            while let entry = walker.nextObject() as? String {
                if entry.hasSuffix(".swift") { files.append("\(folder)/\(entry)") }
            }
        }
        for file in files.sorted() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            for word in Set(TestEvidence.words(in: text)) { filesByWord[word, default: []].append(file) }
        }
    }

    /// The first file naming the symbol, or nil.
    public func file(for path: String) -> String? {
        let names = TestEvidence.names(in: path)
        guard var candidates = names.first.flatMap({ filesByWord[Substring($0)] }) else { return nil }
        for name in names.dropFirst() {
            let files = Set(filesByWord[Substring(name)] ?? [])
            candidates = candidates.filter(files.contains)
        }
        return candidates.first
    }

    /// The words that must appear: the innermost type's name and the member's base name (an
    /// initializer or subscript: the type alone; an operator: the type alone).
    static func names(in path: String) -> [String] {
        let (types, member) = split(path)
        let base = String(member.prefix { $0 != "(" })
        let memberWord = base.first.map { $0.isLetter || $0 == "_" } == true && base != "init" && base != "subscript" ? base : nil
        return ([types.last] + [memberWord]).compactMap { $0 }
    }

    /// The type components and the member of a path; the member's labels may not contain dots,
    /// but an operator's name may (`...`), so the split is made before the first parenthesis.
    static func split(_ path: String) -> (types: [String], member: String) {
        let head = path.prefix { $0 != "(" }
        guard let dot = head.lastIndex(of: ".") else { return ([], path) }
        var dotIndex = dot
        // An operator made of dots (`..<`) would split in its middle: step back to the first dot of the run.
        while dotIndex > head.startIndex, head[head.index(before: dotIndex)] == "." { dotIndex = head.index(before: dotIndex) }
        let types = head[..<dotIndex].split(separator: ".").map(String.init)
        return (types, String(path[path.index(after: dotIndex)...]))
    }

    static func words(in text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
