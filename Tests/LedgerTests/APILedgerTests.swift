@testable import APILedger
import Foundation
import Testing

/// The committed ledger (docs/api-ledger.tsv) against the facades as built. Without the SDK's
/// symbol lists (`SOUNDCHECK_SDK_LISTS`, which `.ci/run` sets when the machine has them) only our
/// side is checked: every public symbol of ours has its row, and no row claims one we no longer have.
@Suite("The API ledger")
struct APILedgerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let paths = LedgerPaths(packageRoot: root)

    /// The build folder this test binary runs from, which holds the facades' modules.
    static var binPath: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, root.appendingPathComponent(".build/debug")]
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Modules/AVFAudio.swiftmodule").path) {
            return candidate
        }
        return here
    }

    /// Extracts the facades' symbol graphs once for the suite.
    static let graphs: Result<(folder: URL, symbols: OurSymbols), any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-ledger-test-\(getpid())")
        let symbols = try OurSymbols.extract(modules: Framework.facadeModules, packageRoot: root, binPath: binPath, output: folder)
        return (folder, symbols)
    }

    @Test("every public symbol of ours has a row, and every row that says we have a symbol is right")
    func rowsMatchOurSymbols() throws {
        let ours = try Self.graphs.get().symbols
        let ledger = try Ledger.read(Self.paths.ledger)
        let have: Set<Ledger.Status> = [.simulated, .declared, .extra]
        let ourPaths = Set(ours.symbols.map(\.path))
        let claimed = ledger.entries.filter { have.contains($0.status) }
        let gone = claimed.filter { !ourPaths.contains($0.path) }
        #expect(gone.isEmpty, "rows for symbols we no longer have (run Tools/ledger): \(gone.map { "\($0.framework) \($0.path)" })")
        let checked = Set(Framework.all.flatMap(\.modules))
        let rowed = Set(claimed.map(\.path))
        let unrowed = Set(ours.symbols.filter { checked.contains($0.module) }.map(\.path)).subtracting(rowed).sorted()
        #expect(unrowed.isEmpty, "public symbols without a row saying we have them (run Tools/ledger): \(unrowed)")
    }

    @Test("matches the SDK lists, with every extra explained (skipped, visibly, when SOUNDCHECK_SDK_LISTS is not set)",
          .enabled(if: LedgerPaths.sdkListsFolder != nil, "SOUNDCHECK_SDK_LISTS is not set: the SDK's symbol lists are not on this machine, ledger not compared"))
    func matchesSDKLists() throws {
        let folder = try #require(LedgerPaths.sdkListsFolder)
        let graphs = try Self.graphs.get()
        let ledger = Ledger(frameworks: Framework.all, lists: try Self.paths.lists(sdkFolder: folder), ours: graphs.symbols,
                            annotations: try Annotations.load(Self.paths.annotations),
                            evidence: try TestEvidence(packageRoot: Self.root))
        let committed = try String(contentsOf: Self.paths.ledger, encoding: .utf8)
        let changed = Set(ledger.tsv.split(separator: "\n")).symmetricDifference(committed.split(separator: "\n")).sorted().prefix(40)
        #expect(changed.isEmpty, "docs/api-ledger.tsv is stale (run Tools/ledger); lines that differ:\n\(changed.joined(separator: "\n"))")
        let coverage = try String(contentsOf: Self.paths.coverage, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let regenerated = CoverageReport(ledger: ledger).markdown.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = (0..<max(coverage.count, regenerated.count)).first {
            $0 >= coverage.count || $0 >= regenerated.count || coverage[$0] != regenerated[$0]
        }
        #expect(firstDifference == nil, "docs/api-coverage.md is stale (run Tools/ledger) from line \((firstDifference ?? 0) + 1)")
        let extras = ledger.unexplainedExtras.map { "\($0.framework): \($0.path)" }
        #expect(extras.isEmpty, "public symbols Apple's iOS SDK does not have:\n\(extras.joined(separator: "\n"))")
    }

    @Test("a symbol's evidence needs its type and its member's base name as words; an operator splits before its dots")
    func evidenceNames() {
        #expect(TestEvidence.names(in: "AVAudioSession.setCategory(_:mode:options:)") == ["AVAudioSession", "setCategory"])
        #expect(TestEvidence.names(in: "AVAudioSession.CategoryOptions.mixWithOthers") == ["CategoryOptions", "mixWithOthers"])
        #expect(TestEvidence.names(in: "AudioUnitParameterInfo.init(name:unitName:clumpID:cfNameString:unit:minValue:maxValue:defaultValue:flags:)")
                == ["AudioUnitParameterInfo"])
        #expect(TestEvidence.names(in: "kAudioUnitProperty_StreamFormat") == ["kAudioUnitProperty_StreamFormat"])
        #expect(TestEvidence.split("CMTime.+(_:_:)").types == ["CMTime"] && TestEvidence.split("CMTime.+(_:_:)").member == "+(_:_:)")
        #expect(TestEvidence.split("Range...<(_:_:)").types == ["Range"] && TestEvidence.split("Range...<(_:_:)").member == "..<(_:_:)")
        #expect(TestEvidence.names(in: "CMTime.+(_:_:)") == ["CMTime"])
    }

    @Test("a path pattern's star matches any run of characters, and the first matching rule decides")
    func annotationPatterns() {
        let rules = Annotations(rules: [
            .init(status: .notProvided, framework: "*", pattern: "*.init(coder:)", reason: "NSCoding", line: 1),
            .init(status: .outside, framework: "MediaPlayer", pattern: "MPMediaQuery*", reason: "library", line: 2),
            .init(status: .notProvided, framework: "*", pattern: "MPMedia*", reason: "later", line: 3),
        ])
        #expect(rules.rule(for: "AVAudioFormat.init(coder:)", in: "AVFAudio", among: [.notProvided])?.reason == "NSCoding")
        #expect(rules.rule(for: "MPMediaQuery.songs()", in: "MediaPlayer", among: [.notProvided, .outside])?.reason == "library")
        #expect(rules.rule(for: "MPMediaQuery.songs()", in: "AVFAudio", among: [.notProvided, .outside])?.reason == "later")
        #expect(rules.rule(for: "AVAudioFormat.init(coder:x:)", in: "AVFAudio", among: [.notProvided]) == nil)
    }
}
