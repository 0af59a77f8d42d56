import Foundation
import Scenario

/// Every reference app model × each of its declared `mistakes:`, with the invariants named to
/// catch each mistake: explore must find every cell (within 10,000 runs) and shrink it to at most
/// five steps. The cells come from the registry, so a new model or mistake is in the matrix at
/// once and needs a catcher here (`MistakeTests` fails until it has one).
///
/// Each cell explores the app with its mistake next to `partners`, shipped apps without mistakes
/// that give the mistake something to break: audio to interrupt, duck or resume (a podcast is the
/// spoken audio a navigation prompt interrupts; a game is active from launch, so a scene can make
/// it take the audio from the background).
public enum MistakeMatrix {
    public static func cells(_ registry: ScenarioAppRegistry = .standard) -> [AppUnderTest] {
        registry.models.flatMap { model in model.mistakes.map { AppUnderTest(model: model.name, mistake: $0) } }
    }

    public static let partners = ["media-player", "game", "navigation", "podcast"].map { AppUnderTest(model: $0) }

    /// The invariants that may catch each mistake (its finding must be one of them).
    public static let catchers: [String: Set<String>] = [
        "ignores-interruptions": ["kept-playing-through-interruption"],
        "resumes-without-should-resume": ["resume-without-should-resume"],
        "ignores-media-services-reset": ["ignored-media-services-reset"],
        "never-deactivates": ["kept-others-interrupted", "kept-others-ducked", "left-others-ducked"],
        "no-notify-others": ["no-notify-others"],
        "activates-at-launch": ["activated-at-launch"],
        "ignores-route-change": ["kept-playing-on-unplug"],
        "ignores-secondary-audio-hint": ["ignored-secondary-audio-hint"],
        "keeps-openal-context": ["kept-openal-context"],
        "restarts-hardware-queue": ["restarted-hardware-queue"],
        "publishes-wrong-version": ["published-unlisted-component"],
        "bypasses-voice-processing": ["echo-in-voice-processed-input"],
    ]

    /// Mistakes only a release before iOS 17 shows: from iOS 17 the system itself interrupts the
    /// Now Playing session when its route loses a device, so the app stops whatever it does with
    /// the route change.
    public static let platforms: [String: String] = ["ignores-route-change": "ios14"]

    /// The exploration of one cell: runs `firstRun ..< firstRun + runs` of `seed`, hunting the
    /// cell's catchers; the first run whose first failure is one of them is shrunk and ends it.
    public static func options(for cell: AppUnderTest, seed: UInt64, runs: Int, firstRun: Int = 0, steps: Int = 12) -> Explorer.Options {
        var options = Explorer.Options(apps: [cell] + partners)
        options.steps = steps
        options.platform = cell.mistake.flatMap { platforms[$0] } ?? options.platform
        (options.seed, options.runs, options.firstRun) = (seed, runs, firstRun)
        options.hunting = cell.mistake.flatMap { catchers[$0] } ?? []
        options.shrinkLimit = 1
        options.stopAfterFindings = 1
        return options
    }

    /// What exploring one cell found.
    public struct Outcome: Sendable {
        public let cell: AppUnderTest
        /// The run that caught the mistake, with the shrunk scenario; nil if none did.
        public let finding: Explorer.Finding?
        /// Runs explored (up to and including the finding's).
        public let runs: Int
        /// Invariants other than the catchers that broke first in some run, with how often.
        public let otherFailures: [String: Int]

        /// Caught within the runs and shrunk to at most `maxSteps` steps.
        public func holds(maxSteps: Int = 5) -> Bool { (finding?.minimal.steps.count ?? .max) <= maxSteps }
    }

    /// Explores the cell until a run catches it and shrinks to at most `maxSteps` steps: a catch
    /// whose shrunk scenario is longer does not end the search, since a later run may show the
    /// mistake in fewer steps. `shrinkBudget` 0 keeps the first finding as generated (a replay
    /// that only asks whether it is caught).
    public static func explore(_ cell: AppUnderTest, seed: UInt64, runs: Int, firstRun: Int = 0, steps: Int = 12,
                               shrinkBudget: Int = 600, maxSteps: Int = 5, runner: ScriptRunner = ScriptRunner()) -> Outcome {
        var explored = 0
        var finding: Explorer.Finding?
        var others: [String: Int] = [:]
        while explored < runs {
            var options = options(for: cell, seed: seed, runs: runs - explored, firstRun: firstRun + explored, steps: steps)
            options.shrinkBudget = shrinkBudget
            let summary = Explorer(options: options, runner: runner).explore()
            explored += summary.runsCompleted
            others.merge(summary.failuresByInvariant) { $0 + $1 }
            guard let found = summary.findings.first else { break }
            finding = found
            if shrinkBudget == 0 || found.minimal.steps.count <= maxSteps { break }
        }
        for catcher in catchers[cell.mistake ?? ""] ?? [] { others[catcher] = nil }
        return Outcome(cell: cell, finding: finding, runs: explored, otherFailures: others)
    }

    /// The file a cell's minimal scenario is kept in: `media-player--no-notify-others.yaml`.
    public static func fileName(_ cell: AppUnderTest) -> String {
        "\(cell.model)--\(cell.mistake ?? "none").yaml"
    }

    /// Writes the cell's shrunk scenario, with the header explore gives every finding, into
    /// `folder`; returns its path (nil when the cell was not caught).
    public static func write(_ outcome: Outcome, to folder: String) throws -> String? {
        guard let finding = outcome.finding else { return nil }
        let path = (folder as NSString).appendingPathComponent(fileName(outcome.cell))
        let text = Explorer.header(failure: finding.failure, reproduce: Explorer.reproduceCommand(path, finding.minimal)) + finding.minimal.yaml
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// One line per cell: where it was caught, by what, and how far it shrank.
    public static func line(_ outcome: Outcome) -> String {
        let cell = outcome.cell.description.padding(toLength: 48, withPad: " ", startingAt: 0)
        guard let finding = outcome.finding else {
            let others = outcome.otherFailures.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
            return "\(cell) NOT CAUGHT in \(outcome.runs) runs" + (others.isEmpty ? "" : " (broke first instead: \(others.joined(separator: ", ")))")
        }
        let verdict = outcome.holds() ? "ok" : "TOO LONG"
        return "\(cell) run \(finding.run) (\(outcome.runs) runs)  \(finding.failure.invariant)  "
            + "\(finding.original.script.steps.count) → \(finding.minimal.steps.count) steps (\(finding.shrinkRuns) shrink runs)  \(verdict)"
    }
}
