import Foundation
import MediaServer
import Scenario
import VirtualDevices
import SimCore

/// One invariant broken in one run: which, where (after how many steps), and what was seen.
public struct InvariantFailure: Sendable, Hashable {
    public let invariant: String
    public let requirements: [String]
    public let afterStep: Int
    public let message: String
}

/// Checks the invariants at every checkpoint of one run and keeps what broke. It only reads the
/// server; a run observed by it is the same run as one that is not.
final class InvariantMonitor: @unchecked Sendable {
    let invariants: [Invariant]
    let appsUnderTest: Set<String>
    /// Apps under test that an invariant does not judge, by invariant ID: a registered app's
    /// `exemptions` (a user's reasoned opt-out; reference models have `Invariant.exemptModels`).
    let exemptApps: [String: Set<String>]
    private(set) var failures: [InvariantFailure] = []
    /// How many checkpoints each invariant was checked at.
    private(set) var checks = 0
    /// The run's trace as records, each line decoded once, at the first checkpoint that sees it.
    private var trace = DecodedTrace()
    private var seen = 0
    private var previousTime = HostTime(nanoseconds: 0)

    init(invariants: [Invariant], appsUnderTest: Set<String>, exemptApps: [String: Set<String>] = [:]) {
        self.invariants = invariants
        self.appsUnderTest = appsUnderTest
        self.exemptApps = exemptApps
    }

    /// The apps of `scenario` whose registered model opts out of an invariant, by invariant ID.
    static func exemptApps(in scenario: Scenario, registry: ScenarioAppRegistry) -> [String: Set<String>] {
        var exempt: [String: Set<String>] = [:]
        for app in scenario.apps {
            for rule in (registry.model(named: app.model)?.exemptions ?? [:]).keys { exempt[rule, default: []].insert(app.name) }
        }
        return exempt
    }

    func observe(_ point: RunCheckpoint) {
        let records = trace.catchUp(with: point.server.trace.events)
        let checkpoint = Checkpoint(server: point.server, records: records, fresh: seen..<records.count, stepsDone: point.stepsDone,
                                    isEnd: point.isEnd, appsUnderTest: appsUnderTest, previousTime: previousTime)
        checks += 1
        for invariant in invariants where invariant.kind == .platform || !appsUnderTest.isEmpty {
            var judged = checkpoint
            if let exempt = exemptApps[invariant.id] { judged.appsUnderTest.subtract(exempt) }
            for message in invariant.check(judged) {
                failures.append(InvariantFailure(invariant: invariant.id, requirements: invariant.requirements,
                                                 afterStep: point.stepsDone, message: message))
            }
        }
        seen = records.count
        previousTime = point.server.now
    }

    /// The run's records as of its last checkpoint, at its end. Only the level summary
    /// (`audio.levels`, the largest lines) comes after it, and no transition is counted from it.
    var records: [TraceRecord] { trace.records }
}

/// What one run of a generated scenario showed.
public struct ExploreRun: Sendable {
    public let script: ExploreScript
    public let failures: [InvariantFailure]
    public let steps: Int
    /// Policy transitions the run reached (`TransitionCoverage`), with how often.
    public let transitions: [String: Int]
    /// The scenario did not parse (a generator bug) or the runner refused it.
    public let error: String?

    public var failed: Bool { !failures.isEmpty }
    /// The first invariant that broke: what the shrinker keeps failing.
    public var firstFailure: InvariantFailure? { failures.first }
}

/// Runs generated scripts through the ordinary scenario runner with the invariant monitor at
/// every checkpoint.
public struct ScriptRunner: Sendable {
    public var registry: ScenarioAppRegistry
    public var invariants: [Invariant]
    /// Applied to each parsed scenario before it runs: the tests' seam to plant a fault in the
    /// policy (`PolicyFault`) without any production change. Nil in `soundcheck explore`.
    public var prepare: (@Sendable (inout Scenario) -> Void)?

    public init(registry: ScenarioAppRegistry = .standard, invariants: [Invariant] = Invariant.platform + Invariant.app,
                prepare: (@Sendable (inout Scenario) -> Void)? = nil) {
        self.registry = registry
        self.invariants = invariants
        self.prepare = prepare
    }

    public func run(_ script: ExploreScript, appsUnderTest: Set<String>, file: String = "explore.yaml") -> ExploreRun {
        var scenario: Scenario
        do { scenario = try script.scenario(file: file, registry: registry) } catch {
            return ExploreRun(script: script, failures: [], steps: 0, transitions: [:], error: error.description)
        }
        prepare?(&scenario)
        let monitor = InvariantMonitor(invariants: invariants, appsUnderTest: appsUnderTest,
                                       exemptApps: InvariantMonitor.exemptApps(in: scenario, registry: registry))
        let runner = ScenarioRunner(registry: registry, checkpoint: { monitor.observe($0) })
        do { _ = try runner.run(scenario) } catch {
            return ExploreRun(script: script, failures: [], steps: 0, transitions: [:], error: error.description)
        }
        return ExploreRun(script: script, failures: monitor.failures, steps: scenario.steps.count,
                          transitions: TransitionCoverage.transitions(in: monitor.records), error: nil)
    }
}

extension ScriptRunner {
    /// Runs an ordinary scenario (a file explore wrote, or any other) with every invariant
    /// checked after every step and every app under test: what `soundcheck run --invariants` does.
    public func check(_ scenario: Scenario, seed: UInt64? = nil, platform: PlatformProfile? = nil)
        throws(SourceError) -> (result: ScenarioResult, failures: [InvariantFailure]) {
        let monitor = InvariantMonitor(invariants: invariants, appsUnderTest: Set(scenario.apps.map(\.name)),
                                       exemptApps: InvariantMonitor.exemptApps(in: scenario, registry: registry))
        let runner = ScenarioRunner(registry: registry, checkpoint: { monitor.observe($0) })
        let result = try runner.run(scenario, seed: seed, platform: platform)
        return (result, monitor.failures)
    }
}

extension InvariantFailure {
    /// As `soundcheck run --invariants` reports it among a scenario's failures.
    public var scenarioFailure: ScenarioFailure {
        ScenarioFailure(line: 0, column: 0, message: "invariant \(invariant) broken after step \(afterStep): \(message)",
                        details: requirements.isEmpty ? [] : ["requirements: \(requirements.joined(separator: ", "))"])
    }
}
