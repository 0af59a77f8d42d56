import Foundation

/// A Swift test that names requirements, found in the test sources: `@Test("ID: …") func name()`
/// inside a type of a test target. Results files name tests by target, type and function, so
/// the declaration is what ties a result back to the display name and its requirement IDs.
public struct TestDeclaration: Sendable, Equatable {
    /// The test target's folder (`SoundcheckTests`).
    public let target: String
    /// The innermost type or extension the test is declared in (`MultiAppTests`).
    public let typeName: String
    /// The function's base name, without its argument labels (`musicResumes`).
    public let function: String
    public let displayName: String
    /// Relative to the Tests folder (`SoundcheckTests/MultiAppTests.swift`).
    public let file: String

    public var requirementIDs: [String] { TestName.requirementIDs(in: displayName) }

    /// Every test under `folder` (the package's `Tests`) whose display name names a requirement, sorted by file then name.
    public static func scan(testsFolder folder: URL) throws -> [TestDeclaration] {
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        var found: [TestDeclaration] = []
        for path in paths {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let target = String(path.split(separator: "/").first ?? "")
            found += scan(text, target: target, file: path).filter { !$0.requirementIDs.isEmpty }
        }
        return found
    }

    /// Reads one file line by line, keeping a stack of the types (and extensions) whose braces are
    /// open, so a test belongs to its innermost enclosing type even after a nested helper type
    /// closes; the first `func` after an `@Test("…")` is its function.
    static func scan(_ text: String, target: String, file: String) -> [TestDeclaration] {
        var types: [(name: String, depth: Int)] = []
        var pendingType: String?
        var depth = 0
        var pendingName: String?
        var found: [TestDeclaration] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let name = declaredType(in: line) { pendingType = name }
            if let range = line.range(of: "@Test(\"") {
                let rest = line[range.upperBound...]
                pendingName = unescape(String(rest.prefix { $0 != "\"" }))
            }
            if let name = pendingName, let function = functionName(in: line) {
                found.append(TestDeclaration(target: target, typeName: types.last?.name ?? "", function: function, displayName: name, file: file))
                pendingName = nil
            }
            var inString = false
            var previous: Character = " "
            for character in line {
                defer { previous = character }
                if character == "\"", previous != "\\" { inString.toggle(); continue }
                guard !inString else { continue }
                if character == "{" {
                    depth += 1
                    if let name = pendingType { types.append((name, depth)); pendingType = nil }
                } else if character == "}" {
                    if types.last?.depth == depth { types.removeLast() }
                    depth -= 1
                }
            }
        }
        return found
    }

    static func declaredType(in line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "{" || $0 == "<" }).map(String.init)
        for (index, word) in words.enumerated().dropLast()
        where ["struct", "class", "enum", "extension", "actor"].contains(word) {
            let prefix = words[..<index]
            guard prefix.allSatisfy({ $0.hasPrefix("@") || ["final", "public", "private", "fileprivate", "internal", "open"].contains($0) }) else { continue }
            return words[index + 1]
        }
        return nil
    }

    static func functionName(in line: String) -> String? {
        guard let range = line.range(of: "func ") else { return nil }
        let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\\\", with: "\\")
    }
}
