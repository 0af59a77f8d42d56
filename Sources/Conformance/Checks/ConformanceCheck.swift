/// One thing that checks behaviour and names the requirements it checks: a scenario file (its
/// `requirements:` list), a check compiled into the bench (`BuiltInCheck`), or a Swift test (the
/// IDs at the start of its display name).
public struct ConformanceCheck: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case scenario
        case builtIn = "check"
        case test
    }

    public let kind: Kind
    /// A scenario's file (`Scenarios/routing/last-in-wins.yaml`), a built-in check's name, or a
    /// test's `Target/File.swift: display name`; unique among checks of its kind.
    public let name: String
    /// The requirement IDs it names, in the order written.
    public let requirementIDs: [String]
    public let outcome: CheckOutcome

    public init(kind: Kind, name: String, requirementIDs: [String], outcome: CheckOutcome) {
        self.kind = kind
        self.name = name
        self.requirementIDs = requirementIDs
        self.outcome = outcome
    }

    /// `scenario Scenarios/x.yaml`, `check name`, `test ScenarioTests/…: name` — how reports cite it.
    public var label: String { "\(kind.rawValue) \(name)" }
}

/// What became of a check in this report's run.
public enum CheckOutcome: Sendable, Equatable {
    case passed
    /// Why, in one or more lines (the scenario's failures, the test's failure message).
    case failed(String)
    /// Why it did not run (no test results given, the scenario is pinned to another platform).
    case notRun(String)

    public var word: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .notRun: "not run"
        }
    }

    public var detail: String? {
        switch self {
        case .passed: nil
        case let .failed(text), let .notRun(text): text
        }
    }
}
