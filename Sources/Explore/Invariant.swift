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

/// What a check sees: the live server between steps, the trace so far as typed records (each line
/// decoded once, when it first reaches a checkpoint), which of them are new since the last
/// checkpoint, and what earlier checkpoints recorded. Checks match on the records' facts
/// (`.notification(app, .interruption(.began, …))`), never on a line's `kind` text.
public struct Checkpoint {
    public let server: AudioServer
    /// Every trace line so far as a record; `fresh` are the ones since the previous checkpoint.
    public let records: [TraceRecord]
    public let fresh: Range<Int>
    public let stepsDone: Int
    public let isEnd: Bool
    /// Apps whose app rules apply (the apps under test).
    public internal(set) var appsUnderTest: Set<String>
    /// When the steps this checkpoint follows ran (the previous checkpoint's time).
    public let previousTime: HostTime
    /// The report rules' view of the records (`appTrace`), made once for all the checks here.
    let decodedTrace = CheckpointTrace()

    init(server: AudioServer, records: [TraceRecord], fresh: Range<Int>, stepsDone: Int, isEnd: Bool,
                appsUnderTest: Set<String>, previousTime: HostTime) {
        self.server = server
        self.records = records
        self.fresh = fresh
        self.stepsDone = stepsDone
        self.isEnd = isEnd
        self.appsUnderTest = appsUnderTest
        self.previousTime = previousTime
    }

    var policy: MediaPolicy { server.policy }
    var apps: [AppID] { server.policy.registeredApps }

    func app(_ index: Int) -> String? { records[index].app }

    func time(_ index: Int) -> HostTime { records[index].time }

    /// The verb of the `scenario.step` line at `index`; nil when the line is not a step.
    func stepVerb(at index: Int) -> String? {
        if case let .step(_, verb, _) = records[index].fact { verb } else { nil }
    }

    func isStep(_ index: Int) -> Bool {
        if case .step = records[index].fact { true } else { false }
    }

    /// The app model's own line at `index` (`app.<model>.<what>`), when it is one.
    func appEvent(_ index: Int) -> AppEventRecord? {
        if case let .app(event) = records[index].fact { event } else { nil }
    }

    /// The app an interruption of `type` was posted to at `index`, when the line is one.
    func interruption(_ type: InterruptionType, at index: Int) -> String? {
        if case let .notification(app, .interruption(posted, _, _)) = records[index].fact, posted == type { app } else { nil }
    }

    /// Lines at the same time as `index`, before it.
    func sameTime(before index: Int) -> [Int] {
        var start = index
        while start > 0, records[start - 1].time == records[index].time { start -= 1 }
        return Array(start..<index)
    }

    /// The lines of the step that line `index` belongs to: from its `scenario.step` line to the next one.
    func stepLines(around index: Int) -> Range<Int> {
        let start = (0...index).last { isStep($0) } ?? 0
        let end = ((index + 1)..<records.count).first { isStep($0) } ?? records.count
        return start..<end
    }

    /// The `do:` of the steps this checkpoint follows.
    var freshVerbs: [String] { fresh.compactMap { stepVerb(at: $0) } }
}
