import Synchronization

/// The OS release whose documented behaviour the media server follows, where behaviour changed
/// between releases (e.g. whether deactivating with running I/O returns isBusy: iOS 8 to 25).
/// Rules that depend on the release are extensions of this type next to the rule, each citing
/// the source that says which release changed what, and each asks `since(_:)`: that is how a run
/// can tell which other releases would have answered it alike (`RuleQuestions`).
public struct PlatformProfile: Hashable, Sendable, CustomStringConvertible {
    fileprivate let number: Int
    /// Where the questions are written down when a built-in check runs; nil everywhere else.
    private let questions: RuleQuestions?

    /// The major iOS release, e.g. 6, 8, 17, 26. Reading it is a question only this release
    /// answers: rules ask `since(_:)` instead.
    public var release: Int {
        questions?.askedForTheNumber()
        return number
    }

    public init(release: Int) {
        number = release
        questions = nil
    }

    private init(release: Int, questions: RuleQuestions) {
        number = release
        self.questions = questions
    }

    /// Whether this is `release` or later: the question every release rule asks.
    public func since(_ release: Int) -> Bool {
        questions?.asked(since: release)
        return number >= release
    }

    /// The same release, writing down the questions asked of it (and of its copies) in `questions`.
    public func recording(into questions: RuleQuestions) -> PlatformProfile {
        PlatformProfile(release: number, questions: questions)
    }

    /// Equality and hashing compare releases without asking anything: a value's `==` has no side
    /// effects, and a dictionary keyed by profiles must not mark a run as depending on its release.
    /// So a rule never branches on `==`; it asks `since(_:)` (or reads `release`, asking everything).
    public static func == (a: PlatformProfile, b: PlatformProfile) -> Bool { a.number == b.number }
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }

    public static let ios6 = PlatformProfile(release: 6)
    public static let ios7 = PlatformProfile(release: 7)
    public static let ios8 = PlatformProfile(release: 8)
    public static let ios14 = PlatformProfile(release: 14)
    public static let ios17 = PlatformProfile(release: 17)
    public static let ios26 = PlatformProfile(release: 26)

    /// The profile used when a scenario or test does not name one.
    public static let `default` = ios17

    public static let all: [PlatformProfile] = [.ios6, .ios7, .ios8, .ios14, .ios17, .ios26]

    /// `ios17`, as scenario files and the CLI spell it.
    public var description: String { "ios\(release)" }

    /// The same name for the trace header, which labels a run and is not a question: nothing in
    /// the simulation reads it back.
    var traceLabel: String { "ios\(number)" }

    public init?(name: String) {
        guard name.hasPrefix("ios"), let release = Int(name.dropFirst(3)), (6...30).contains(release) else { return nil }
        self.init(release: release)
    }
}

/// The questions one run asked its platform: the `since(_:)` thresholds, and whether it read the
/// release number itself (its name, an equality). The simulation is deterministic and every rule
/// goes through these questions, so a release that answers each of them like the one the run had
/// would run the same program to the same end: a check need not run on both.
public final class RuleQuestions: Sendable {
    /// Bit r: `since(r)` was asked; the top bit: the number itself was read (or a threshold too
    /// large for a bit).
    private let asked = Atomic<UInt64>(0)
    private static let number: UInt64 = 1 << 63

    public init() {}

    func asked(since release: Int) {
        asked.bitwiseOr((0..<63).contains(release) ? 1 << UInt64(release) : Self.number, ordering: .relaxed)
    }

    func askedForTheNumber() { asked.bitwiseOr(Self.number, ordering: .relaxed) }

    /// Whether nothing was asked: the run is the same on every release.
    public var isEmpty: Bool { asked.load(ordering: .relaxed) == 0 }

    /// Whether `a` and `b` give the same answer to every question asked.
    public func answeredAlike(by a: PlatformProfile, _ b: PlatformProfile) -> Bool {
        let asked = asked.load(ordering: .relaxed)
        if asked & Self.number != 0 { return a.number == b.number }
        return (0..<63).allSatisfy { r in asked & (1 << UInt64(r)) == 0 || (a.number >= r) == (b.number >= r) }
    }
}
