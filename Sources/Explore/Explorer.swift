import Foundation
import MediaServer
import Scenario

/// `soundcheck explore`: generates `runs` scenarios from one seed, runs each with the invariants
/// checked after every step, and shrinks the first failure of each invariant to a minimal
/// scenario file.
///
/// Results never depend on the wall clock: run `k` is generated from `(seed, k)` alone, and a
/// time budget (`shouldStop`, asked only between runs) can only end the exploration early — the
/// summary says how many runs completed, and those runs are the same as in an unlimited one.
public struct Explorer: Sendable {
    public struct Options: Sendable {
        public var apps: [AppUnderTest]
        public var device = "iphone"
        public var platform = PlatformProfile.default.description
        public var seed: UInt64 = 1
        public var runs = 1_000
        public var steps = 12
        /// Where minimal failing scenarios are written; nil: not written.
        public var outputFolder: String?
        /// The first failure of an invariant is shrunk; at most this many are.
        public var shrinkLimit = 8
        /// Runs the shrinker may spend on one failure.
        public var shrinkBudget = 600
        /// Stop once this many invariants have failed and been shrunk (a test hunting one
        /// planted fault stops at its finding); nil: run all `runs`.
        public var stopAfterFindings: Int?
        /// When set, only a run whose first failure is one of these invariants is a finding (a
        /// hunt for one mistake's catchers); other failures are counted, not shrunk.
        public var hunting: Set<String>?
        /// The first run: runs `firstRun ..< firstRun + runs` are explored (a test replays the
        /// run a longer search found without the runs before it).
        public var firstRun = 0
        /// How a written finding says to reproduce it, from its path; nil: `soundcheck run … --invariants`
        /// (the bench, whose user apps the command line does not know, says its own call).
        public var reproduce: (@Sendable (_ path: String, _ script: ExploreScript) -> String)?

        public init(apps: [AppUnderTest]) { self.apps = apps }
    }

    /// One invariant's first failure, shrunk.
    public struct Finding: Sendable {
        public let run: Int
        public let original: ExploreRun
        public let minimal: ExploreScript
        public let failure: InvariantFailure
        public let shrinkRuns: Int
        /// The file the minimal scenario was written to, and the command that reproduces it.
        public let file: String?
        public let reproduce: String
    }

    public struct Summary: Sendable {
        public var runsCompleted = 0
        public var stepsRun = 0
        public var failedRuns = 0
        /// Failed runs per invariant, and the findings (first failure of each, shrunk).
        public var failuresByInvariant: [String: Int] = [:]
        public var findings: [Finding] = []
        public var transitions: [String: Int] = [:]
        public var invalidScripts: [String] = []
        public var stoppedEarly = false
    }

    public var options: Options
    public var runner: ScriptRunner

    public init(options: Options, runner: ScriptRunner = ScriptRunner()) {
        self.options = options
        self.runner = runner
    }

    /// Explores; `progress` hears after every run, `shouldStop` is asked before each run.
    public func explore(progress: (Summary) -> Void = { _ in }, shouldStop: () -> Bool = { false }) -> Summary {
        let generator = ScenarioGenerator(apps: options.apps, device: options.device, platform: options.platform,
                                          steps: options.steps, registry: runner.registry)
        var summary = Summary()
        for run in options.firstRun..<(options.firstRun + options.runs) {
            if options.stopAfterFindings.map({ summary.findings.count >= $0 }) == true { break }
            if shouldStop() { summary.stoppedEarly = true; break }
            let script = generator.script(run: run, seed: options.seed)
            let result = runner.run(script, appsUnderTest: appsUnderTest(script))
            summary.runsCompleted += 1
            summary.stepsRun += result.steps
            for (transition, count) in result.transitions { summary.transitions[transition, default: 0] += count }
            if let error = result.error { summary.invalidScripts.append("run \(run): \(error)") }
            if let failure = result.firstFailure {
                summary.failedRuns += 1
                summary.failuresByInvariant[failure.invariant, default: 0] += 1
                if !summary.findings.contains(where: { $0.failure.invariant == failure.invariant }),
                   summary.findings.count < options.shrinkLimit, options.hunting?.contains(failure.invariant) ?? true {
                    summary.findings.append(shrink(result, run: run))
                }
            }
            progress(summary)
        }
        return summary
    }

    /// The apps whose app rules apply: every app of the script (they are all apps under test).
    func appsUnderTest(_ script: ExploreScript) -> Set<String> { Set(script.apps.map(\.name)) }

    func shrink(_ run: ExploreRun, run number: Int) -> Finding {
        let shrinker = Shrinker(runner: runner, budget: options.shrinkBudget)
        let result = shrinker.shrink(run, appsUnderTest: appsUnderTest(run.script))
        var minimal = result?.script ?? run.script
        minimal.name = "explore-\(options.seed)-\(number)-\(run.firstFailure?.invariant ?? "failure")"
        let failure = result?.failure ?? run.firstFailure!
        var file: String?
        let path = options.outputFolder.map { ($0 as NSString).appendingPathComponent(minimal.name + ".yaml") } ?? minimal.name + ".yaml"
        let reproduce = options.reproduce?(path, minimal) ?? Self.reproduceCommand(path, minimal)
        if let folder = options.outputFolder {
            let text = Self.header(failure: failure, reproduce: reproduce) + minimal.yaml
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                file = path
            } catch {
                file = nil
            }
        }
        return Finding(run: number, original: run, minimal: minimal, failure: failure, shrinkRuns: result?.attempts ?? 0,
                       file: file, reproduce: reproduce)
    }

    /// `soundcheck run` with `--invariants` checks the same invariants as explore, so the file fails there too.
    public static func reproduceCommand(_ path: String, _ script: ExploreScript) -> String {
        "soundcheck run \(path) --seed \(script.seed) --platform \(script.platform) --invariants"
    }

    static func header(failure: InvariantFailure, reproduce: String) -> String {
        """
        # Found by soundcheck explore and shrunk: breaks invariant \(failure.invariant) \
        (\(failure.requirements.joined(separator: ", "))) after step \(failure.afterStep):
        #   \(failure.message)
        # Reproduce: \(reproduce)

        """
    }
}
