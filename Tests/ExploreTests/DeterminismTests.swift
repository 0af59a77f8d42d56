import Explore
import Foundation
import Scenario
import Testing

/// Same seed, same exploration, byte for byte: two explorations of seed 7 in one process (the
/// second after the first has filled every per-process cache: tones, soundtracks, profiles) find
/// the same failures, shrink them to the same scenarios and write the same files. Explore's
/// speed-ups share what is read-only across runs; this is what says they changed nothing.
@Suite struct DeterminismTests {
    /// Shipped models beside two with mistakes that a few dozen runs catch (a media player
    /// activating at launch, a navigation app that never deactivates), so there is something to shrink.
    static func exploration(writingTo folder: String) throws -> Explorer.Summary {
        let registry = ScenarioAppRegistry.standard
        var apps = AppUnderTest.shipped(registry)
        apps += [try AppUnderTest(parsing: "media-player:activates-at-launch", registry: registry),
                 try AppUnderTest(parsing: "navigation:never-deactivates", registry: registry)]
        var options = Explorer.Options(apps: apps)
        (options.seed, options.runs, options.shrinkLimit, options.shrinkBudget) = (7, 60, 2, 60)
        options.outputFolder = folder
        return Explorer(options: options).explore()
    }

    @Test func sameSeedGivesTheSameFindingsAndFiles() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("explore-determinism-\(getpid())")
        defer { try? FileManager.default.removeItem(at: base) }
        let first = try Self.exploration(writingTo: base.appendingPathComponent("a").path)
        let second = try Self.exploration(writingTo: base.appendingPathComponent("b").path)
        #expect(!first.findings.isEmpty, "nothing was found to shrink in \(first.runsCompleted) runs")
        #expect(first.stepsRun == second.stepsRun && first.failedRuns == second.failedRuns)
        #expect(first.failuresByInvariant == second.failuresByInvariant)
        #expect(first.transitions == second.transitions)
        #expect(first.invalidScripts == second.invalidScripts)
        #expect(first.findings.map(\.minimal) == second.findings.map(\.minimal))
        #expect(first.findings.map(\.failure) == second.findings.map(\.failure))
        // The files are the same bytes but for the folder their reproduce line names.
        for (a, b) in zip(first.findings, second.findings) {
            let written = try [(a, "a"), (b, "b")].map { finding, folder in
                try String(contentsOfFile: #require(finding.file), encoding: .utf8)
                    .replacingOccurrences(of: base.appendingPathComponent(folder).path, with: "OUT")
            }
            #expect(written[0] == written[1], "\(a.file ?? "") and \(b.file ?? "") differ")
            #expect(written[0].contains("OUT/"))
        }
    }
}
