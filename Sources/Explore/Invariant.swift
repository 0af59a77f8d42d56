import MediaServer
import SimCore

/// One rule explore checks after every step: an ID, the catalogued requirements it stands for,
/// what it says, and the check itself over the run as it is at a checkpoint. A check returns one
/// sentence per breach, naming the app or port.
public struct Invariant: Sendable {
    public enum Kind: String, Sendable {
        /// A rule of the platform: the policy, routing and audio must always obey it.
        case platform
        /// A rule for apps: judged only for the apps under test (their `mistakes:` break them).
        case app
    }

    public let id: String
    public let kind: Kind
    public let requirements: [String]
    public let description: String
    let check: @Sendable (Checkpoint) -> [String]

    public init(id: String, kind: Kind, requirements: [String], description: String,
                check: @escaping @Sendable (Checkpoint) -> [String]) {
        self.id = id
        self.kind = kind
        self.requirements = requirements
        self.description = description
        self.check = check
    }
}

/// What a check sees: the live server between steps, the trace lines since the last checkpoint,
/// and what earlier checkpoints recorded.
public struct Checkpoint {
    public let server: AudioServer
    /// Every trace line so far; `fresh` are the ones since the previous checkpoint.
    public let events: [TraceEvent]
    public let fresh: Range<Int>
    public let stepsDone: Int
    public let isEnd: Bool
    /// Apps whose app rules apply (the apps under test).
    public internal(set) var appsUnderTest: Set<String>
    /// When the steps this checkpoint follows ran (the previous checkpoint's time).
    public let previousTime: HostTime
    /// The trace decoded once for all the checks at this checkpoint (`appTrace`).
    let decodedTrace = CheckpointTrace()

    var policy: MediaPolicy { server.policy }
    var apps: [AppID] { server.policy.registeredApps }

    func app(_ index: Int) -> String? {
        if case let .string(name)? = events[index].fields["app"] { return name }
        return nil
    }

    func string(_ index: Int, _ key: String) -> String? {
        if case let .string(value)? = events[index].fields[key] { return value }
        return nil
    }

    func strings(_ index: Int, _ key: String) -> [String] {
        guard case let .list(items)? = events[index].fields[key] else { return [] }
        return items.compactMap { if case let .string(text) = $0 { text } else { nil } }
    }

    func bool(_ index: Int, _ key: String) -> Bool? {
        if case let .bool(value)? = events[index].fields[key] { return value }
        return nil
    }

    /// Lines at the same time as `index`, before it.
    func sameTime(before index: Int) -> [Int] {
        var start = index
        while start > 0, events[start - 1].time == events[index].time { start -= 1 }
        return Array(start..<index)
    }

    /// The lines of the step that line `index` belongs to: from its `scenario.step` line to the next one.
    func stepLines(around index: Int) -> Range<Int> {
        let start = (0...index).last { events[$0].kind == "scenario.step" } ?? 0
        let end = ((index + 1)..<events.count).first { events[$0].kind == "scenario.step" } ?? events.count
        return start..<end
    }

    /// The `do:` of the steps this checkpoint follows.
    var freshVerbs: [String] {
        fresh.filter { events[$0].kind == "scenario.step" }.compactMap { string($0, "do") }
    }
}
