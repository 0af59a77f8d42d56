import SimCore

/// A best-practice rule for apps, checked against a scenario's trace — what the app and the
/// system did, never the scenario's `mistakes:` configuration — so user apps are judged too.
public protocol AppRule: Sendable {
    /// Stable kebab-case ID (`resume-without-should-resume`).
    var id: String { get }
    /// Where the app broke the rule: the trace index of the line that shows it, the app, and what it did.
    func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)]
}

/// The rules every report applies, and the walk over scenario runs.
public enum AppRules {
    public static let all: [any AppRule] = [
        ResumeWithoutShouldResumeRule(), LeftOthersDuckedRule(), IgnoredMediaServicesResetRule(),
        KeptPlayingOnUnplugRule(), NoNotifyOthersRule(), KeptOpenALContextRule(),
    ]

    static func findings(in runs: [ScenarioChecks.Run], rules: [any AppRule]) -> [AppFinding] {
        var findings: [AppFinding] = []
        for run in runs {
            guard let trace = run.trace else { continue }
            let appTrace = AppTrace(trace.events)
            for rule in rules {
                for violation in rule.violations(in: appTrace) {
                    findings.append(AppFinding(rule: rule.id, message: violation.message, app: violation.app, scenario: run.file,
                                               step: appTrace.step(before: violation.index), time: appTrace.records[violation.index].time.nanoseconds))
                }
            }
        }
        return findings.sorted { ($0.scenario, $0.time, $0.app, $0.rule) < ($1.scenario, $1.time, $1.app, $1.rule) }
    }
}
