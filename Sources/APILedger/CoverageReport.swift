import Foundation

/// `docs/api-coverage.md`: the ledger summed up per framework, the extras and the largest missing
/// families. Generated with the ledger, never edited by hand.
public struct CoverageReport: Sendable {
    public var ledger: Ledger

    public init(ledger: Ledger) { self.ledger = ledger }

    public var markdown: String {
        var lines = CoverageReport.intro
        lines += ["## Coverage", "",
                  "| framework | paths | outside | in scope | simulated | declared | not provided | missing | simulated or declared |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for framework in Framework.all.map(\.name) {
            let count = ledger.counts(for: framework)
            let n = { (status: Ledger.Status) in count[status, default: 0] }
            let listed = n(.simulated) + n(.declared) + n(.notProvided) + n(.outside) + n(.missing)
            let inScope = listed - n(.outside)
            let covered = n(.simulated) + n(.declared)
            lines.append("| \(framework) | \(listed) | \(n(.outside)) | \(inScope) | \(n(.simulated)) | \(n(.declared)) | "
                         + "\(n(.notProvided)) | \(n(.missing)) | \(CoverageReport.percent(covered, of: inScope)) |")
        }
        lines += ["", "## Ours, not in Apple's lists", "",
                  "Public symbols of our facades that Apple's iOS SDK does not declare, each with the reason it stays.", ""]
        let extras = ledger.entries.filter { $0.status == .extra }
        lines += extras.isEmpty ? ["None."] : extras.map { "- \($0.framework): `\($0.path)`: \($0.note)" }
        lines += ["", "## Largest missing families", "",
                  "Missing paths grouped by their first component (a type, or a global's name up to its first underscore).", ""]
        for framework in Framework.all.map(\.name) {
            let missing = ledger.entries.filter { $0.framework == framework && $0.status == .missing }
            guard !missing.isEmpty else { continue }
            let families = Dictionary(grouping: missing, by: { CoverageReport.family(of: $0.path) })
                .map { (name: $0.key, count: $0.value.count) }
                .sorted { ($1.count, $0.name) < ($0.count, $1.name) }
            let shown = families.prefix(12).map { "`\($0.name)` \($0.count)" }.joined(separator: ", ")
            lines.append("- **\(framework)** (\(missing.count)): \(shown)\(families.count > 12 ? ", …" : "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func family(of path: String) -> String {
        let first = TestEvidence.split(path).types.first ?? String(path.prefix { $0 != "(" })
        if first.hasPrefix("k"), let underscore = first.firstIndex(of: "_") { return String(first[..<underscore]) + "_*" }
        return first
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10) %"
    }

    static let intro: [String] = [
        "# API coverage",
        "",
        "This page is generated; do not edit it. It sums up `api-ledger.tsv`, which gives every public symbol of the",
        "audio frameworks a status. A symbol is a path: its type path, then the member with its argument labels",
        "(`AVAudioSession.setCategory(_:mode:options:)`), or a global's name. Apple's paths come from symbol lists",
        "generated from the iOS 26.1 SDK (AVFAudio, AudioToolbox, CoreAudioTypes, CoreMIDI, MediaPlayer), which this",
        "repository does not carry, and, for AVFoundation's audio-playback classes, from our own list made from Apple's",
        "documentation (`ledger/avfoundation-playback.tsv`, each row with the page it came from). Ours come from the",
        "symbol graphs of the built facade modules (`swift-symbolgraph-extract`).",
        "",
        "Statuses:",
        "",
        "- **simulated**: in our modules, and a test or built-in check uses it. The note names the file. This is a",
        "  first cut by name: the first file of `Tests/` or `Sources/BuiltInChecks/` that names both the type and the",
        "  member as whole words. A file can name a symbol without checking what it does, so follow the file.",
        "- **declared**: in our modules, answering as Apple documents for a device without the feature (the note says",
        "  why), or not yet named by any test (the note says so).",
        "- **not provided**: left out on purpose, with the reason (Objective-C runtime only, UI only, …).",
        "- **outside**: outside the part of the framework the ledger covers (MediaPlayer's music library and movie",
        "  player); not counted in the percentages.",
        "- **missing**: in Apple's list, not in ours, and not explained.",
        "- **extra**: ours, and in none of Apple's lists; each has a reason (a `mac` profile API), or the ledger test fails.",
        "",
        "The reasons come from `ledger/annotations.tsv`, kept by hand: the first rule whose framework and path pattern",
        "match decides. Whether a symbol is ours comes from the symbol graphs only. Soundcheck's own helpers inside the",
        "Apple-named modules are `@_spi(Soundcheck) public`, which keeps them out of the graphs and out of apps' sight.",
        "",
        "To regenerate both files after changing a facade, a test that uses one or the annotations:",
        "",
        "```",
        "SOUNDCHECK_SDK_LISTS=/path/to/sdk-lists Tools/ledger",
        "```",
        "",
        "`LedgerTests` rebuilds the ledger in memory when `SOUNDCHECK_SDK_LISTS` names the lists' folder and fails when",
        "the committed one differs or has an unexplained extra; without the lists it says it skipped that comparison and",
        "checks only that every public symbol of ours has its row.",
        "",
    ]
}
