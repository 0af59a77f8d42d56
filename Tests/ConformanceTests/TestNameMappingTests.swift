import Foundation
import Testing
@testable import BuiltInChecks
@testable import Conformance

/// Existing checks name the requirement they check at the start of their test name
/// (`@Test("ROUTING-LAST-IN-WINS: …")`); every such ID must be in the catalog, so the report can
/// count them. `A-B-X/Y` names two requirements, `A-B-X` and `A-B-Y`; `A-B-X, C-D-Y: …` names both.
@Suite("Requirement IDs in test names")
struct TestNameMappingTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The requirement IDs named by `@Test("…")` in every test file outside this target.
    static func namedIDs() throws -> [String: String] {
        var found: [String: String] = [:]
        let files = FileManager.default.enumerator(atPath: testsFolder.path)?.compactMap { $0 as? String } ?? []
        for path in files where path.hasSuffix(".swift") && !path.hasPrefix("ConformanceTests/") {
            let text = try String(contentsOf: testsFolder.appendingPathComponent(path), encoding: .utf8)
            for name in text.components(separatedBy: "@Test(\"").dropFirst() {
                for id in ids(inTestName: name) { found[id] = path }
            }
        }
        return found
    }

    /// The IDs a test's display name names (the text up to its closing quote).
    static func ids(inTestName name: String) -> [String] {
        TestName.requirementIDs(in: String(name.prefix { $0 != "\"" }))
    }

    @Test("splits combined names into the requirements they name")
    func combinedNames() {
        #expect(Self.ids(inTestName: "SESSION-INTERRUPT-ALARM/SIRI: an alarm") == ["SESSION-INTERRUPT-ALARM", "SESSION-INTERRUPT-SIRI"])
        #expect(Self.ids(inTestName: "SESSION-INTERRUPT-BEGIN/END-RESUME: a call") == ["SESSION-INTERRUPT-BEGIN", "SESSION-INTERRUPT-END-RESUME"])
        #expect(Self.ids(inTestName: "ROUTING-LAST-IN-WINS, ROUTING-REASON-NEW-DEVICE: a plug") == ["ROUTING-LAST-IN-WINS", "ROUTING-REASON-NEW-DEVICE"])
        #expect(Self.ids(inTestName: "SHA-256 of an empty trace").isEmpty)
        #expect(Self.ids(inTestName: "SESSION-X, the rest: prose after a comma names nothing").isEmpty)
    }

    @Test("every requirement a test names is in the catalog",
          .enabled(if: FileManager.default.fileExists(atPath: testsFolder.appendingPathComponent("MediaServerTests").path),
                   "the package's Tests folder is not next to this file; test names not checked"))
    func everyNamedIDIsCatalogued() throws {
        let catalogued = Set(try RequirementCatalog.load().map(\.id))
        let named = try Self.namedIDs()
        // Most requirements are proved by built-in checks, which the binary runs; tests name what only
        // a test can check (the real-time probe, fuzzing, the JACK arm, kernels), so the scan must
        // still find well over a hundred.
        #expect(named.count >= 150, "the scan found only \(named.count) requirement IDs in test names")
        let missing = named.keys.filter { !catalogued.contains($0) }.sorted()
        #expect(missing.isEmpty, "named by tests but not catalogued: \(missing.map { "\($0) (\(named[$0]!))" })")
    }
}
