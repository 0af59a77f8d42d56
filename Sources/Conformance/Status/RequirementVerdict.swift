/// One requirement's line in a report: its status, the checks that name it, and why.
public struct RequirementVerdict: Sendable {
    public let requirement: Requirement
    public let status: RequirementStatus
    /// Checks naming it, sorted by kind then name.
    public let checks: [ConformanceCheck]
    /// Why it is not passing ("no check", "2 checks not run: …"); empty when it passes.
    public let reason: String

    /// The rule: a failure anywhere fails; passes only with checks that all passed; otherwise not
    /// yet implemented (unimplemented area, no checks) or not checked.
    public static func judge(_ requirement: Requirement, checks: [ConformanceCheck], unimplementedAreas: [String]) -> RequirementVerdict {
        let failed = checks.filter { if case .failed = $0.outcome { true } else { false } }
        let notRun = checks.filter { if case .notRun = $0.outcome { true } else { false } }
        let status: RequirementStatus
        var reason = ""
        if !failed.isEmpty {
            status = .failed
            reason = "failed: " + failed.map(\.label).joined(separator: "; ")
        } else if checks.isEmpty, let why = requirement.notCheckable {
            status = .notCheckable
            reason = "not checkable in a simulator: \(why)"
        } else if checks.isEmpty {
            status = unimplementedAreas.contains(requirement.area) ? .notYetImplemented : .notChecked
            reason = status == .notYetImplemented ? "area '\(requirement.area)' is not simulated yet" : "no scenario or test checks it"
        } else if notRun.isEmpty {
            status = .passed
        } else {
            status = .notChecked
            reason = "not run: " + notRun.map { "\($0.label) (\($0.outcome.detail ?? ""))" }.joined(separator: "; ")
        }
        return RequirementVerdict(requirement: requirement, status: status, checks: checks, reason: reason)
    }
}
