import Foundation
import Testing

/// The repository stands alone: nothing committed points at folders beside it (the team's notes
/// and the talks' transcripts live outside it) — a reader of a clone must find everything cited.
@Suite("The repository stands alone")
struct StandsAloneTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("no file in Sources, Tests, Tools, docs, Scenarios, Benchmarks or the top level refers to a folder beside the repository")
    func noOutsideReferences() throws {
        // Spelled in pieces so this file does not match itself.
        let forbidden = ["../" + "shared", "/work/" + "shared", "shared/" + "seeds", "shared/" + "reference", "DESIGN" + ".md"]
        var offenders: [String] = []
        let manager = FileManager.default
        for folder in ["Sources", "Tests", "Tools", "docs", "Scenarios", "Benchmarks"] {
            let base = Self.root.appendingPathComponent(folder)
            for case let path as String in manager.enumerator(atPath: base.path) ?? FileManager.DirectoryEnumerator() {
                guard !path.contains(".build"), let text = try? String(contentsOf: base.appendingPathComponent(path), encoding: .utf8) else { continue }
                for needle in forbidden where text.contains(needle) { offenders.append("\(folder)/\(path): \(needle)") }
            }
        }
        for file in (try manager.contentsOfDirectory(atPath: Self.root.path)).filter({ $0.hasSuffix(".md") || $0 == "Package.swift" }) {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for needle in forbidden where text.contains(needle) { offenders.append("\(file): \(needle)") }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
