/// A requirement's verdict in a report. Only `passed` claims the behaviour holds.
public enum RequirementStatus: String, Sendable, CaseIterable, Comparable {
    /// A check that ran passed, and none that ran failed (checks that did not run are listed, not counted).
    case passed
    /// A check that ran failed.
    case failed
    /// No check, and the requirement's area is not simulated yet (`UnimplementedAreas`).
    case notYetImplemented = "not-yet-implemented"
    /// No check, and the catalog says why a simulator cannot check it (`not-checkable:`).
    case notCheckable = "not-checkable"
    /// Anything else: no check, or only checks that did not run here. Never reported as passing.
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
