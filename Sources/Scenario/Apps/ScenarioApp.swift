/// An app a scenario drives: a reference app, or your own code registered in a
/// `ScenarioAppRegistry`. It is created inside its own app context (so
/// `AVAudioSession.sharedInstance()` is its session) when a `launch` step runs.
public protocol ScenarioApp: AnyObject {
    /// Whether the app believes it is producing sound (`state: { playing: … }`).
    var isPlaying: Bool { get }
    /// Runs a control such as `play`, `pause`, `record`, `prompt`; the registry lists which
    /// commands each model understands, so unknown ones are rejected before the run.
    func perform(_ command: String)
}

/// A user's app registered with the bench: its actions may throw (the run reports that as the
/// app's failure at the step and goes on), and after every step the runner lets it say what it
/// believes (`AppLog` lines such as `started`/`stopped`, which the app rules read).
public protocol FallibleScenarioApp: ScenarioApp {
    func attempt(_ command: String) throws
    /// Called in the app's context after every step of the run.
    func stepDone()
}

/// Where an app writes what it did: each call becomes an `app.<model>.<what>` trace line at the
/// current simulated time, with the app's name in `app`.
public struct AppLog: Sendable {
    let write: @Sendable (_ what: String, _ fields: [String: String]) -> Void

    public init(_ write: @escaping @Sendable (_ what: String, _ fields: [String: String]) -> Void) {
        self.write = write
    }

    public func callAsFunction(_ what: String, _ fields: [String: String] = [:]) { write(what, fields) }

    /// A log that drops everything, for apps used outside a scenario.
    public static let discard = AppLog { _, _ in }
}
