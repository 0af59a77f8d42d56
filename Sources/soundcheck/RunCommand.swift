import ArgumentParser
import Conformance
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

    @Option(help: "Override every scenario's seed.")
    var seed: UInt64?

    @Option(help: "Override every scenario's platform profile (ios6 … ios26).")
    var platform: String?

    @Option(help: "Write one canonical JSONL trace per scenario into this folder.")
    var trace: String?

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Flag(help: "Print the expectations each run's notifications and errors would satisfy.")
    var suggest = false

    @OptionGroup(title: "Real hardware")
    var jack: JACKRunFlags

    func run() throws {
        let platformProfile = try platform.map { name -> PlatformProfile in
            guard let profile = PlatformProfile(name: name) else { throw UserError("unknown platform '\(name)' (expected ios6 … ios30)") }
            return profile
        }
        let files: [String]
        do { files = try ScenarioFiles.collect(paths) } catch { throw UserError(error.description) }
        guard !files.isEmpty else { throw UserError("no scenario files under \(paths.joined(separator: ", "))") }
        if let trace { try FileManager.default.createDirectory(atPath: trace, withIntermediateDirectories: true) }

        let started = Date()
        var outcomes: [ScenarioOutcome] = []
        for file in files {
            let outcome = jack.backend == .jack
                ? ScenarioOutcome.runOnJACK(file: file, seed: seed, platform: platformProfile, options: jack.jackOptions)
                : ScenarioOutcome.run(file: file, seed: seed, platform: platformProfile)
            print(outcome.progressLine)
            if let report = outcome.report { print(report, terminator: "") }
            if suggest, let result = outcome.result { print(result.suggestedExpectations) }
            if let trace, let result = outcome.result {
                let path = (trace as NSString).appendingPathComponent(Self.traceName(for: file))
                try Data(result.trace.jsonLines.utf8).write(to: URL(fileURLWithPath: path))
            }
            outcomes.append(outcome)
        }
        let seconds = Date().timeIntervalSince(started)
        print()
        print(TextTable.render([["scenario", "result", "seed", "platform", "events", "failures"]] + outcomes.map(\.row)), terminator: "")
        let passed = outcomes.filter(\.passed).count
        let events = outcomes.reduce(0) { $0 + ($1.result?.eventsRun ?? 0) }
        let rate = seconds > 0 ? Int(Double(events) / seconds) : 0
        print("\(outcomes.count) scenarios: \(passed) passed, \(outcomes.count - passed) failed; "
            + "\(events) events in \(String(format: "%.3f", seconds)) s (\(rate) events/s)")
        if let junit { try Data(JUnitReport.xml(outcomes).utf8).write(to: URL(fileURLWithPath: junit)) }
        if passed != outcomes.count { throw ExitCode(1) }
    }

    /// `session/game.yaml` → `session_game.jsonl`.
    static func traceName(for file: String) -> String {
        var name = file
        while name.hasPrefix("./") || name.hasPrefix("/") { name.removeFirst(name.hasPrefix("/") ? 1 : 2) }
        if let dot = name.lastIndex(of: "."), !name[dot...].contains("/") { name = String(name[..<dot]) }
        return name.replacingOccurrences(of: "/", with: "_") + ".jsonl"
    }
}

/// One scenario file's run: its result, or the error that kept it from running.
struct ScenarioOutcome {
    let file: String
    let result: ScenarioResult?
    let error: String?

    static func run(file: String, seed: UInt64?, platform: PlatformProfile?) -> ScenarioOutcome {
        do {
            let scenario = try Scenario.load(file: file)
            let misnamed = ScenarioRequirementNames.problems(in: scenario)
            guard misnamed.isEmpty else {
                return ScenarioOutcome(file: file, result: nil, error: misnamed.map(\.description).joined(separator: "\n  "))
            }
            let result = try ScenarioRunner().run(scenario, seed: seed, platform: platform)
            return ScenarioOutcome(file: file, result: result, error: nil)
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
        // Work still queued at the end is reported, not ignored (DESIGN §3).
        let leftovers = result.leftovers.map { "  still queued at the end: \($0)\n" }.joined()
        let text = (result.passed ? "" : result.failureReport) + leftovers
        return text.isEmpty ? nil : text
    }

    var row: [String] {
        [file, result.map { $0.passed ? "pass" : "FAIL" } ?? "ERROR", result.map { String($0.seed) } ?? "-",
         result?.platform ?? "-", result.map { String($0.eventsRun) } ?? "-",
         result.map { String($0.failures.count) } ?? "1"]
    }
}
