import Foundation
import MediaServer
import Scenario
import SimCore

/// Runs scenario files in-process for one platform and turns each into a check. A scenario that
/// pins another platform (a top-level `platform:` line naming it) is not run: its behaviour is
/// that platform's, and a report for this one must not claim it.
public struct ScenarioChecks: Sendable {
    /// One scenario's run: its check, and the trace the timeline and the app rules read.
    public struct Run: Sendable {
        public let file: String
        public let name: String
        public let check: ConformanceCheck
        /// Nil when the scenario did not run.
        public let trace: Trace?
    }

    public let runs: [Run]

    public var checks: [ConformanceCheck] { runs.map(\.check) }

    /// The files run side by side on every core (`ParallelRuns`); `progress` hears each file as it
    /// finishes, with how many are done and the count: the CLI shows it, since a whole folder takes a while.
    public static func run(files: [String], platform: PlatformProfile, registry: ScenarioAppRegistry = .standard,
                           progress: @escaping @Sendable (_ done: Int, _ count: Int, _ file: String) -> Void = { _, _, _ in }) -> ScenarioChecks {
        let sorted = files.sorted()
        return ScenarioChecks(runs: ParallelRuns.map(sorted, finished: { done, file in progress(done, sorted.count, file) }) { file in
            run(file: file, platform: platform, registry: registry)
        })
    }

    static func run(file: String, platform: PlatformProfile, registry: ScenarioAppRegistry) -> Run {
        let scenario: Scenario
        do {
            scenario = try Scenario.load(file: file, registry: registry)
        } catch {
            let check = ConformanceCheck(kind: .scenario, name: file, requirementIDs: [], outcome: .failed(error.description))
            return Run(file: file, name: file, check: check, trace: nil)
        }
        let misnamed = ScenarioRequirementNames.problems(in: scenario)
        if !misnamed.isEmpty {
            let check = ConformanceCheck(kind: .scenario, name: file, requirementIDs: scenario.requirements,
                                         outcome: .failed(misnamed.map(\.description).joined(separator: "\n")))
            return Run(file: file, name: scenario.name, check: check, trace: nil)
        }
        if pinsPlatform(file: file), scenario.platform != platform {
            let check = ConformanceCheck(kind: .scenario, name: file, requirementIDs: scenario.requirements,
                                         outcome: .notRun("written for \(scenario.platform.description)"))
            return Run(file: file, name: scenario.name, check: check, trace: nil)
        }
        do {
            let result = try ScenarioRunner(registry: registry).run(scenario, platform: platform)
            let outcome: CheckOutcome = result.passed ? .passed : .failed(result.failureReport.trimmingCharacters(in: .newlines))
            let check = ConformanceCheck(kind: .scenario, name: file, requirementIDs: scenario.requirements, outcome: outcome)
            return Run(file: file, name: scenario.name, check: check, trace: result.trace)
        } catch {
            let check = ConformanceCheck(kind: .scenario, name: file, requirementIDs: scenario.requirements, outcome: .failed(error.description))
            return Run(file: file, name: scenario.name, check: check, trace: nil)
        }
    }

    /// Whether the file chooses its platform itself (the parsed scenario cannot tell a default from a choice).
    static func pinsPlatform(file: String) -> Bool {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix("platform:") }
    }
}
