/// A requirement's verdict in a report. Only `passed` claims the behaviour holds.
public enum RequirementStatus: String, Sendable, CaseIterable, Comparable {
    /// At least one check, and every check passed.
    case passed
    /// At least one check failed.
    case failed
    /// No check, and the requirement's area is not simulated yet (`UnimplementedAreas`).
    case notYetImplemented = "not-yet-implemented"
    /// No check, and the catalog says why a simulator cannot check it (`not-checkable:`).
    case notCheckable = "not-checkable"
    /// Anything else: no check, or checks that did not run. Never reported as passing.
    case notChecked = "not-checked"

    public var title: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .notYetImplemented: "not yet implemented"
        case .notCheckable: "not checkable"
        case .notChecked: "not checked"
        }
    }

    public static func < (a: RequirementStatus, b: RequirementStatus) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
