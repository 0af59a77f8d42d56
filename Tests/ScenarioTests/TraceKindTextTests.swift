import Foundation
import MediaServer
import Testing

/// Trace kinds are values (`TraceKind`), and only the trace's own rendering and decoding spell
/// them as text: a reader that matched `kind == "notify.interruption"` or `hasPrefix("api.")`
/// silently finds nothing when a kind is renamed, and a writer that passes `"iaa.installed"` as
/// text can misspell it into an unlisted line. This scans `Sources/` for a kind written as text.
@Suite("Trace kinds are not text outside the trace")
struct TraceKindTextTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Where a kind may be text, and why.
    static let allowed: [(path: String, reason: String)] = [
        ("MediaServer/Trace/", "the trace's own rendering and decoding"),
        ("VirtualDevices/", "below MediaServer, so without TraceKind: the Bluetooth LE radio and device scripts write their lines' kinds as text, read back through TraceKind"),
        ("SimCore/", "the JSON line itself"),
    ]

    /// The first word of every kind (`notify.`, `api.`) and of an app model's own lines (`app.`).
    static let families = Set(TraceKind.allCases.map { $0.rawValue.prefix { $0 != "." } + "." } + ["app."])
    static let kinds = Set(TraceKind.allCases.map(\.rawValue))

    /// What on one line of code spells a kind as text: a whole kind as a literal
    /// (`"notify.interruption"`), a family as a prefix (`hasPrefix("api.")`), or a kind built from
    /// text (`"app.\(model).launch-failed"`).
    static func kindsAsText(in line: String) -> [String] {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { return [] }
        var found: [String] = []
        for literal in literals(in: code) {
            if kinds.contains(literal) { found.append(literal) }
            if families.contains(literal) { found.append(literal) }
            if families.contains(where: { literal.hasPrefix($0 + "\\(") }) { found.append(literal) }
        }
        return found
    }

    /// The string literals on a line, as written (no escapes undone).
    static func literals(in code: String) -> [String] {
        var literals: [String] = []
        var current: String?
        var escaped = false
        for character in code {
            if var text = current {
                if escaped { escaped = false; text.append(character); current = text; continue }
                if character == "\\" { escaped = true; text.append(character); current = text; continue }
                if character == "\"" { literals.append(text); current = nil; continue }
                text.append(character)
                current = text
            } else if character == "\"" {
                current = ""
            }
        }
        return literals
    }

    @Test("the scan finds a kind read or written as text, and nothing in a comment or a transition's name")
    func scannerFindsTheForms() {
        #expect(Self.kindsAsText(in: #"for i in c.fresh where c.events[i].kind == "notify.interruption" {"#) == ["notify.interruption"])
        #expect(Self.kindsAsText(in: #"c.events[$0].kind.hasPrefix("api.")"#) == ["api."])
        #expect(Self.kindsAsText(in: #"server.recordObservation("iaa.installed", ["app": .string(app.name)])"#) == ["iaa.installed"])
        #expect(Self.kindsAsText(in: #"recordLine("app.\(model).action-failed", [:])"#) == [#"app.\(model).action-failed"#])
        #expect(Self.kindsAsText(in: #"/// `notify.interruption` lines, "notify.interruption""#).isEmpty)
        #expect(Self.kindsAsText(in: #""notify.interruption:ended+shouldResume": ["SESSION-INTERRUPT-END-RESUME"],"#).isEmpty)
        #expect(Self.kindsAsText(in: #"let name = "session""#).isEmpty)
    }

    @Test("no code outside the trace, SimCore and VirtualDevices spells a trace kind as text")
    func noKindAsText() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !Self.allowed.map(\.path).contains(where: $0.hasPrefix) }.sorted()
        #expect(files.count > 100, "found \(files.count) Swift files under \(Self.sources.path)")
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for kind in Self.kindsAsText(in: String(line)) { found.append("\(file):\(number + 1): \(kind)") }
            }
        }
        #expect(found.isEmpty, "trace kinds as text (use TraceKind, TraceFact):\n\(found.joined(separator: "\n"))")
    }
}
