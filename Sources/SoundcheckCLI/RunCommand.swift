import ArgumentParser
import Conformance
import Explore
import Foundation
import MediaServer
import Scenario
import SimCore

/// `soundcheck run`: runs scenario scripts and reports like a test runner.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario scripts (files or folders, searched recursively) and check their expectations.",
        discussion: "Exits 0 only if every scenario passes. Every run prints its seed and, on failure, the command that reproduces it."
    )

    @Argument(help: "Scenario files or folders.")
    var paths: [String]

    @Option(help: "Override every scenario's seed (0 … 18446744073709551615, as a scenario's seed:).")
    var seed: UInt64?

    @Option(help: "Override every scenario's platform profile.")
    var platform: PlatformOption?

    @Option(help: "Write one canonical JSONL trace per scenario into this folder, named after the scenario's path below the folder given (session/game.yaml → session/game.yaml.jsonl).")
    var trace: String?

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Option(help: ArgumentHelp("Run only share K of N (e.g. 2/4): the sorted scenarios dealt round-robin, so N machines run each once.", valueName: "K/N"))
    var shard: Shard?

    @Flag(help: "Print the expectations each run's notifications and errors would satisfy.")
    var suggest = false

    @Flag(help: "Also check explore's invariants after every step (platform rules, and app rules for every app); `soundcheck explore` prints this for the failures it finds.")
    var invariants = false

    @OptionGroup(title: "Real hardware")
    var jack: JACKRunFlags

    func run() throws {
        let platformProfile = platform?.profile
        let collection: ScenarioFiles.Collection
        do { collection = try ScenarioFiles.find(paths) } catch { throw UserError(error.description) }
        for skipped in collection.skippedEventScripts { print("SKIP \(skipped): \(ScenarioFiles.eventScriptRule)") }
        guard !collection.files.isEmpty else { throw UserError("no scenario files under \(paths.joined(separator: ", "))") }
        let files = shard.map { $0.share(of: collection.files) } ?? collection.files
        if let trace { try OutputFile.makeFolder(trace, what: "the trace folder") }

        let started = Date()
        // Each outcome is printed and reduced to its summary in input order, then dropped, so a big
        // folder costs the memory of the runs in flight, not of every trace.
        let summaries = Summaries()
        let deliver: @Sendable (Int, ScenarioOutcome) -> Bool = { [trace, suggest] index, outcome in
            print(outcome.progressLine)
            if let report = outcome.report { print(report, terminator: "") }
            if suggest, let result = outcome.result { print(result.suggestedExpectations) }
            if let trace, let result = outcome.result {
                let path = (trace as NSString).appendingPathComponent(files[index].name + ".jsonl")
                do {
                    try OutputFile.makeFolder((path as NSString).deletingLastPathComponent, what: "the trace folder")
                    try OutputFile.write(result.trace.jsonLines, to: path, what: "the trace of \(files[index].path)")
                } catch {
                    summaries.fail(error)
                    return false
                }
            }
            summaries.append(outcome.summary)
            return true
        }
        if jack.backend == .jack {
            // One JACK server plays one scenario at a time.
            for (index, found) in files.enumerated() {
                let outcome = ScenarioOutcome.runOnJACK(file: found.path, seed: seed, platform: platformProfile, options: jack.jackOptions)
                guard deliver(index, outcome) else { break }
            }
        } else {
            // Every core: each run builds its own device and clock, so results do not depend on it.
            ParallelRuns.forEachInOrder(files, { [seed, invariants] found in
                ScenarioOutcome.run(file: found.path, seed: seed, platform: platformProfile, invariants: invariants)
            }, deliver: deliver)
        }
        if let error = summaries.error { throw error }
        let outcomes = summaries.all
        let seconds = Date().timeIntervalSince(started)
        print()
        print(TextTable.render([["scenario", "result", "seed", "platform", "events", "failures"]] + outcomes.map(\.row)), terminator: "")
        let passed = outcomes.filter(\.passed).count
        let events = outcomes.reduce(0) { $0 + ($1.eventsRun ?? 0) }
        let rate = seconds > 0 ? Int(Double(events) / seconds) : 0
        print("\(outcomes.count) scenarios: \(passed) passed, \(outcomes.count - passed) failed; "
            + "\(events) events in \(String(format: "%.3f", seconds)) s (\(rate) events/s)")
        if let junit { try OutputFile.write(JUnitReport.xml(outcomes), to: junit, what: "the JUnit report") }
        if passed != outcomes.count { throw ExitCode(1) }
    }
}

/// What `run` keeps of each scenario once it is printed: its table row and JUnit entry.
struct ScenarioSummary: Sendable {
    let file: String
    let name: String
    let passed: Bool
    /// Nil when the scenario ran (see `failures`).
    let error: String?
    let firstFailure: String?
    let failureReport: String
    let eventsRun: Int?
    let row: [String]
}

/// The summaries in input order, and the first error writing a trace.
private final class Summaries: @unchecked Sendable {
    private let lock = NSLock()
    private var summaries: [ScenarioSummary] = []
    private(set) var error: Error?

    func append(_ summary: ScenarioSummary) { lock.withLock { summaries.append(summary) } }
    func fail(_ error: Error) { lock.withLock { self.error = error } }
    var all: [ScenarioSummary] { lock.withLock { summaries } }
}

/// One scenario file's run: its result, or the error that kept it from running.
struct ScenarioOutcome: Sendable {
    let file: String
    let result: ScenarioResult?
    let error: String?
    /// Retired requirement IDs the file names, at file:line:column with their replacements.
    var warnings: [String] = []

    static func run(file: String, seed: UInt64?, platform: PlatformProfile?, invariants: Bool = false) -> ScenarioOutcome {
        do {
            let scenario = try Scenario.load(file: file)
            let misnamed = ScenarioRequirementNames.problems(in: scenario)
            guard misnamed.isEmpty else {
                return ScenarioOutcome(file: file, result: nil, error: misnamed.map(\.description).joined(separator: "\n  "))
            }
            let warnings = ScenarioRequirementNames.warnings(in: scenario).map(\.description)
            guard invariants else {
                return ScenarioOutcome(file: file, result: try ScenarioRunner().run(scenario, seed: seed, platform: platform), error: nil,
                                       warnings: warnings)
            }
            var (result, broken) = try ScriptRunner().check(scenario, seed: seed, platform: platform)
            result.failures += broken.map(\.scenarioFailure)
            return ScenarioOutcome(file: file, result: result, error: nil, warnings: warnings)
        } catch {
            return ScenarioOutcome(file: file, result: nil, error: error.description)
        }
    }

    var passed: Bool { result?.passed ?? false }

    var progressLine: String {
        guard let result else { return "ERROR \(file)" }
        return "\(result.passed ? "PASS" : "FAIL") \(file) (\(result.scenario.name), seed \(result.seed), \(result.platform), "
            + "\(result.trace.events.count) trace lines)"
    }

    var report: String? {
        if let error { return "  \(error)\n" }
        guard let result else { return nil }
        // Work still queued at the end is reported, not ignored (docs/architecture.md, Determinism).
        let leftovers = result.leftovers.map { "  still queued at the end: \($0)\n" }.joined()
        let text = warnings.map { "  \($0)\n" }.joined() + (result.passed ? "" : result.failureReport) + leftovers
        return text.isEmpty ? nil : text
    }

    var summary: ScenarioSummary {
        ScenarioSummary(file: file, name: result?.scenario.name ?? file, passed: passed, error: result == nil ? error ?? "did not run" : nil,
                        firstFailure: result?.failures.first?.message, failureReport: result?.failureReport ?? "",
                        eventsRun: result?.eventsRun, row: row)
    }

    var row: [String] {
        [file, result.map { $0.passed ? "pass" : "FAIL" } ?? "ERROR", result.map { String($0.seed) } ?? "-",
         result?.platform ?? "-", result.map { String($0.eventsRun) } ?? "-",
         result.map { String($0.failures.count) } ?? "1"]
    }
}
