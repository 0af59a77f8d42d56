/// One requirement's line in a report: its status, the checks that name it, and why.
public struct RequirementVerdict: Sendable {
    public let requirement: Requirement
    public let status: RequirementStatus
    /// Checks naming it, sorted by kind then name.
    public let checks: [ConformanceCheck]
    /// What a reader needs beside the status: why it is not passing ("no check", "failed: …"), or,
    /// for a pass, the checks that named it but did not run here. Empty for a plain pass.
    public let reason: String

    /// The checks naming it that did not count here: not run (tests without results, scenarios
    /// pinned to another release), or run on another release while the requirement holds on this one.
    public var notRunHere: [ConformanceCheck] { checks.filter { !$0.ran } }

    /// The rule: any check that ran and failed fails it; otherwise it passes when a check that ran
    /// passed. Checks that did not run count neither way: they are listed as "not run here", so a
    /// binary-only report (no test results) passes what its scenarios and built-in checks prove,
    /// and a requirement no check ran for is not checked (or not yet implemented, or not checkable
    /// when the catalog says why and nothing names it).
    ///
    /// A check that ran on another release (`ranOn`) counts only for requirements that do not hold
    /// on the report's `platform`: what holds here must be proved here.
    public static func judge(_ requirement: Requirement, checks: [ConformanceCheck], unimplementedAreas: [String],
                             platform: String? = nil) -> RequirementVerdict {
        let counted = checks.map { check -> ConformanceCheck in
            guard let ranOn = check.ranOn, let platform, requirement.platforms.contains(platform) else { return check }
            return ConformanceCheck(kind: check.kind, name: check.name, requirementIDs: check.requirementIDs,
                                    outcome: .notRun("ran on \(ranOn), and this requirement holds on \(platform) too"), ranOn: ranOn)
        }
        let failed = counted.filter { if case .failed = $0.outcome { true } else { false } }
        let passed = counted.filter { $0.outcome == .passed }
        let notRun = counted.filter { !$0.ran }
        let notRunList = notRun.map { "\($0.label) (\($0.outcome.detail ?? ""))" }.joined(separator: "; ")
        let status: RequirementStatus
        var reason = ""
        if !failed.isEmpty {
            status = .failed
            reason = "failed: " + failed.map(\.label).joined(separator: "; ")
        } else if !passed.isEmpty {
            status = .passed
            if !notRun.isEmpty { reason = "passed by the checks that ran; not run here: " + notRunList }
        } else if counted.isEmpty, let why = requirement.notCheckable {
            status = .notCheckable
            reason = "not checkable in a simulator: \(why)"
        } else if counted.isEmpty {
            status = unimplementedAreas.contains(requirement.area) ? .notYetImplemented : .notChecked
            reason = status == .notYetImplemented ? "area '\(requirement.area)' is not simulated yet" : "no scenario, built-in check or test checks it"
        } else {
            status = .notChecked
            reason = "no check ran here: " + notRunList
        }
        return RequirementVerdict(requirement: requirement, status: status, checks: counted, reason: reason)
    }
}
