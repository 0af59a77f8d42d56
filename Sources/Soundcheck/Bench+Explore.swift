import Explore
import Foundation
import MediaServer
import Scenario

extension Bench {
    /// Explores: `runs` seeded random scenarios over the named apps (your registered apps, and
    /// reference models to share the device with) and their actions, with the platform invariants
    /// and the app rules checked after every step. The first failure of each invariant is shrunk
    /// to a minimal scenario; with `folder`, written there as a file that `run(scenario:invariants:)`
    /// replays. Same seed, same apps: same findings, on every machine. `stoppingAfter`: ends the
    /// exploration once that many invariants have failed (a test hunting one bug stops at it).
    public func explore(apps: [String], runs: Int = 300, seed: UInt64 = 1, steps: Int = 12, platform: String = PlatformProfile.default.description,
                        writingFindingsTo folder: URL? = nil, stoppingAfter findings: Int? = nil) throws -> Exploration {
        var underTest: [AppUnderTest] = []
        for name in apps {
            do { underTest.append(try AppUnderTest(parsing: name, registry: registry)) } catch { throw BenchError(error.description) }
        }
        guard !underTest.isEmpty else { throw BenchError("explore needs at least one app (registered: \(registered.keys.sorted().joined(separator: ", ")))") }
        _ = try Self.platform(platform)
        var options = Explorer.Options(apps: underTest)
        options.seed = seed
        options.runs = runs
        options.steps = steps
        options.platform = platform
        options.outputFolder = folder?.path
        options.stopAfterFindings = findings
        options.reproduce = { path, _ in Self.runCall(path, arguments: ["invariants: true"]) }
        let summary = Explorer(options: options, runner: ScriptRunner(registry: registry)).explore()
        return Exploration(seed: seed, summary: summary)
    }
}

/// What `Bench.explore` found: each invariant's first failure, shrunk, and the counts.
public struct Exploration: Sendable, CustomStringConvertible {
    public let seed: UInt64
    public let runsCompleted: Int
    public let failedRuns: Int
    public let failuresByInvariant: [String: Int]
    public let findings: [Explorer.Finding]
    /// Generated scenarios that did not run (a registration the generator cannot drive), with why.
    public let invalidScripts: [String]

    init(seed: UInt64, summary: Explorer.Summary) {
        self.seed = seed
        runsCompleted = summary.runsCompleted
        failedRuns = summary.failedRuns
        failuresByInvariant = summary.failuresByInvariant
        findings = summary.findings
        invalidScripts = summary.invalidScripts
    }

    /// The scenario files the findings were written to.
    public var files: [URL] { findings.compactMap(\.file).map { URL(fileURLWithPath: $0) } }

    public var description: String {
        var text = "explored \(runsCompleted) runs (seed \(seed)): \(failedRuns) failed, \(findings.count) findings\n"
        for finding in findings {
            text += "  \(finding.failure.invariant) (\(finding.failure.requirements.joined(separator: ", "))) "
                + "after step \(finding.failure.afterStep) of \(finding.minimal.steps.count): \(finding.failure.message)\n"
            text += "    found in run \(finding.run), shrunk in \(finding.shrinkRuns) runs; reproduce: \(finding.reproduce)\n"
        }
        for invalid in invalidScripts.prefix(5) { text += "  did not run: \(invalid)\n" }
        return text
    }
}
