import ArgumentParser
import Explore
import Foundation
import MediaServer
import Scenario
import SimCore
import VirtualDevices

/// `soundcheck explore`: random scenarios from one seed, invariants after every step, failures
/// shrunk to minimal scenario files.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Run seeded random scenarios, check platform and app invariants after every step, and shrink failures.",
        discussion: """
        Each run k is generated from (--seed, k) alone, so the same seed finds the same failures on every \
        machine. The first failure of each invariant is shrunk (fewer steps, apps and accessories, earlier \
        times) to a scenario file written to --out, with the `soundcheck run … --invariants` command that \
        reproduces it. --time-budget is checked only between runs: it can end the exploration early (the \
        summary says how many runs completed) but never changes what a run does. Exits 1 if an invariant broke.
        """
    )

    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Apps under test: registry models, each optionally with one of its mistakes (media-player:resumes-without-should-resume game). Default: every shipped model.", valueName: "MODEL[:MISTAKE]"))
    var apps: [String] = []

    @Option(help: "Device profile (a built-in id such as iphone or ipad).")
    var device = "iphone"

    @Option(help: "Platform profile.")
    var platform = PlatformOption.default

    @Option(help: "The exploration's seed.")
    var seed: UInt64 = 1

    @Option(help: "How many scenarios to generate and run.")
    var runs = 1_000

    @Option(help: "Steps per scenario (at most: a run that opens with a multi-app scene ends after a random tail); with --policy-only, inputs per run.")
    var steps = 12

    @Option(help: ArgumentHelp("Stop starting new runs after this much wall-clock time (e.g. 60s, 5m); results of the runs that completed do not depend on it.", valueName: "TIME"))
    var timeBudget: String?

    @Option(help: "Folder for the minimal failing scenarios.")
    var out = "explore-failures"

    @Flag(help: "Explore the policy machine alone (random inputs straight into MediaPolicy, platform invariants after each): no apps, audio or files; prints steps per second.")
    var policyOnly = false

    @Flag(help: "Explore each reference model with each of its mistakes (the cells of --apps that name a mistake, or all of them) beside a media player, a game, a navigation app and a podcast player, hunting the invariants named to catch it: prints, per cell, the first run whose catch shrinks to at most 5 steps and the steps it shrank to, and writes the shrunk scenario to --out as MODEL--MISTAKE.yaml; exits 1 unless every cell is caught within --runs and shrunk to at most 5 steps.")
    var mistakes = false

    func run() throws {
        guard runs > 0, steps > 0 else { throw UserError("--runs and --steps must be at least 1") }
        if policyOnly { return try explorePolicy() }
        let registry = ScenarioAppRegistry.standard
        var underTest: [AppUnderTest] = []
        for text in apps {
            do { underTest.append(try AppUnderTest(parsing: text, registry: registry)) } catch { throw UserError(error.description) }
        }
        if mistakes { return try exploreMistakes(underTest.filter { $0.mistake != nil }) }
        var options = Explorer.Options(apps: underTest.isEmpty ? AppUnderTest.shipped(registry) : underTest)
        (options.device, options.platform, options.seed, options.runs, options.steps, options.outputFolder)
            = (device, platform.description, seed, runs, steps, out)
        let budget = try timeBudget.map { text -> Double in
            guard let duration = HostDuration(text) else { throw UserError("--time-budget '\(text)' is not a time: write it like 60s or 5m") }
            return Double(duration.nanoseconds) / 1e9
        }
        let started = Date()
        var lastReport = started
        let summary = Explorer(options: options).explore(progress: { summary in
            let now = Date()
            guard now.timeIntervalSince(lastReport) >= 1 || summary.runsCompleted == runs else { return }
            lastReport = now
            let rate = Double(summary.stepsRun) / max(now.timeIntervalSince(started), 0.001)
            FileHandle.standardError.write(Data(("explore: \(summary.runsCompleted)/\(runs) runs, \(Int(rate)) steps/s, "
                    + "\(summary.failedRuns) failed\n").utf8))
        }, shouldStop: { budget.map { Date().timeIntervalSince(started) >= $0 } ?? false })
        print(ExploreReport.text(summary, options: options, seconds: Date().timeIntervalSince(started)), terminator: "")
        if summary.failedRuns > 0 || !summary.invalidScripts.isEmpty { throw ExitCode(1) }
    }

    /// `--mistakes`: the matrix of reference models × mistakes, one line per cell as it finishes.
    private func exploreMistakes(_ chosen: [AppUnderTest]) throws {
        let cells = chosen.isEmpty ? MistakeMatrix.cells() : chosen
        // Unbuffered, so a long search shows each cell as it finishes.
        func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        say("mistakes matrix, seed \(seed), up to \(runs) runs per cell, \(steps) steps per run: \(cells.count) cells")
        var outcomes: [MistakeMatrix.Outcome] = []
        for cell in cells {
            let outcome = MistakeMatrix.explore(cell, seed: seed, runs: runs, steps: steps)
            outcomes.append(outcome)
            let file = try MistakeMatrix.write(outcome, to: out)
            say(MistakeMatrix.line(outcome) + (file.map { "  \($0)" } ?? ""))
        }
        let found = outcomes.compactMap(\.finding).map { $0.run + 1 }.sorted()
        let held = outcomes.filter { $0.holds() }.count
        say("\(held) of \(cells.count) cells caught and shrunk to at most 5 steps; runs to find: "
            + (found.isEmpty ? "none" : "median \(found[found.count / 2]), max \(found.last!)"))
        if held < cells.count { throw ExitCode(1) }
    }

    /// `--policy-only`: runs `--runs` input sequences of `--steps` inputs each from `--seed`.
    private func explorePolicy() throws {
        let profile: DeviceProfile
        do { profile = try DeviceProfile.load(device) } catch { throw UserError(error.description) }
        let explorer = PolicyExplorer(profile: profile, platform: platform.profile)
        let started = Date()
        var failures: [PolicyExplorer.Failure] = []
        for run in 0..<runs {
            if let failure = explorer.run(seed: seed &+ UInt64(run), steps: steps) { failures.append(failure) }
        }
        let seconds = Date().timeIntervalSince(started)
        print("policy-only explore seed \(seed), \(platform) on \(device): \(runs) runs × \(steps) steps, "
            + "\(Int(Double(runs * steps) / max(seconds, 1e-9))) steps/s, \(failures.count) failed")
        for failure in failures.prefix(5) {
            print("FAIL \(failure.invariant) at input \(failure.step): \(failure.message)\n  inputs: \(failure.inputs.joined(separator: "; "))")
        }
        if !failures.isEmpty { throw ExitCode(1) }
    }
}
