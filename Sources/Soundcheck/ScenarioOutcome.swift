import Conformance
import Explore
import Scenario
import SimCore

/// One scenario file run by the bench: its result (or why it could not run), and the report's app
/// rules applied to the registered apps in its trace.
///
/// Its `description` is what `#expect(result.passed, "\(result)")` shows: each failure as the
/// `soundcheck run` command formats it (`file:line:column: message`, the step, what was expected
/// and observed), each app-rule finding located at its step the same way, and how to reproduce.
public struct ScenarioOutcome: Sendable, CustomStringConvertible {
    public let file: String
    /// Nil when the file could not be read or run (`error` says why).
    public let result: ScenarioResult?
    public let error: String?
    /// The app rules (`AppRules.all`) the registered apps broke, minus those they are exempt from.
    public let appFindings: [AppFinding]
    /// Invariants broken, when the run checked them (`run(scenario:invariants: true)`).
    public let invariantFailures: [InvariantFailure]
    /// The call that runs it again.
    public let reproduce: String
    /// Retired requirement IDs the file names (`file:line:column: warning: …`, with their
    /// replacements): the run still counts, but they prove nothing until the file names a replacement.
    public var warnings: [String] = []

    public var passed: Bool {
        error == nil && (result?.passed ?? false) && appFindings.isEmpty && invariantFailures.isEmpty
    }

    public var failures: [ScenarioFailure] { result?.failures ?? [] }

    public var description: String {
        guard let result else { return "ERROR \(file)\n  \(error ?? "not run")\n" }
        var text = "\(passed ? "PASS" : "FAIL") \(file) (\(result.scenario.name), seed \(result.seed), \(result.platform))\n"
        for warning in warnings { text += warning + "\n" }
        for failure in result.failures { text += failure.rendered(file: file) + "\n" }
        for finding in appFindings { text += locate(finding, in: result).rendered(file: file) + "\n" }
        for broken in invariantFailures {
            text += "\(file): invariant \(broken.invariant) broken after step \(broken.afterStep): \(broken.message)\n"
        }
        if !passed { text += "  reproduce: \(reproduce)\n" }
        return text
    }

    /// A finding as a failure at its step's place in the file.
    private func locate(_ finding: AppFinding, in result: ScenarioResult) -> ScenarioFailure {
        let number = Int(finding.step.dropFirst("step ".count).prefix { $0.isNumber }) ?? 0
        let step = result.scenario.steps.indices.contains(number - 1) ? result.scenario.steps[number - 1] : nil
        return ScenarioFailure(line: step?.line ?? 0, column: step?.column ?? 0,
                               message: "\(finding.app) \(finding.message) (app rule \(finding.rule))",
                               details: ["at t=\(HostDuration(nanoseconds: finding.time)), \(finding.step)"])
    }

    /// The report's app rules over `result`'s trace, for the apps `judged` (app name → model).
    static func findings(in result: ScenarioResult, file: String, judged: [String: ScenarioAppModel]) -> [AppFinding] {
        let trace = AppTrace(result.trace.events)
        var found: [AppFinding] = []
        for rule in AppRules.all {
            for violation in rule.violations(in: trace) {
                guard let model = judged[violation.app], model.exemptions[rule.id] == nil else { continue }
                found.append(AppFinding(rule: rule.id, message: violation.message, app: violation.app, scenario: file,
                                        step: trace.step(before: violation.index), time: trace.records[violation.index].time.nanoseconds))
            }
        }
        return found.sorted { ($0.time, $0.app, $0.rule) < ($1.time, $1.app, $1.rule) }
    }
}
