import SimCore
import VirtualDevices

/// What running a scenario produced: its trace and, if it failed, why.
public struct ScenarioResult: Sendable {
    public var scenario: Scenario
    public var seed: UInt64
    public var platform: String
    /// The merged, canonical trace: the server's lines, the scenario's steps and the apps' own events.
    public var trace: Trace
    public var failures: [ScenarioFailure]
    /// Simulation events executed (steps, device events, follow-ups).
    public var eventsRun: Int
    /// Work still queued when the scenario ended (e.g. a restart after the end), as "time label".
    public var leftovers: [String]

    public var passed: Bool { failures.isEmpty }

    /// The command that reproduces this run exactly.
    public var reproduceCommand: String {
        "soundcheck run \(scenario.file) --seed \(seed) --platform \(platform)"
    }

    /// A test-failure style report: each failure, then how to reproduce.
    public var failureReport: String {
        var text = ""
        for failure in failures { text += failure.rendered(file: scenario.file) + "\n" }
        text += "  reproduce: \(reproduceCommand)\n"
        return text
    }
}

/// One way a run differed from its expectations, located at the expectation (or step) that says so.
public struct ScenarioFailure: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var message: String
    /// Extra lines: the step it happened after, what was observed instead.
    public var details: [String]

    public init(line: Int, column: Int, message: String, details: [String]) {
        self.line = line
        self.column = column
        self.message = message
        self.details = details
    }

    public func rendered(file: String) -> String {
        let location = line > 0 ? "\(file):\(line):\(column)" : file
        return (["\(location): \(message)"] + details.map { "  " + $0 }).joined(separator: "\n")
    }
}
