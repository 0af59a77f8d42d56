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
    /// The release it ran on when that is not the report's: a built-in check of another release's
    /// behaviour runs on a release all its requirements name (`ios6`). Nil: the report's release.
    public let ranOn: String?

    public init(kind: Kind, name: String, requirementIDs: [String], outcome: CheckOutcome, ranOn: String? = nil) {
        self.kind = kind
        self.name = name
        self.requirementIDs = requirementIDs
        self.outcome = outcome
        self.ranOn = ranOn
    }

    /// `scenario Scenarios/x.yaml`, `check name`, `check name [on ios6]`, `test ScenarioTests/…: name` — how reports cite it.
    public var label: String { "\(kind.rawValue) \(name)" + (ranOn.map { " [on \($0)]" } ?? "") }

    /// Whether it ran (passed or failed) rather than being left out of this report's run.
    public var ran: Bool { if case .notRun = outcome { false } else { true } }
}

/// What became of a check in this report's run.
public enum CheckOutcome: Sendable, Equatable {
    case passed
    /// Why, in one or more lines (the scenario's failures, the test's failure message).
    case failed(String)
    /// Why it did not run (no test results given, the scenario is pinned to another platform).
    case notRun(String)

    /// The outcome in the report's files and the shards' (`passed`, `failed`, `not run`).
    public var word: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .notRun: "not run"
        }
    }

    /// The outcome as a reader of a report sees it beside a requirement: a check that did not run
    /// is "not run here" — it may pass elsewhere (CI with test results), but this report cannot say.
    public var title: String { if case .notRun = self { "not run here" } else { word } }

    public var detail: String? {
        switch self {
        case .passed: nil
        case let .failed(text), let .notRun(text): text
        }
    }
}
