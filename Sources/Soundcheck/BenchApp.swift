import Scenario

/// A background mode an app declares in its Info.plist (`UIBackgroundModes`), by Apple's value.
/// The simulation models `audio`: an app without it is suspended, silent, when it leaves the
/// foreground. Other values are accepted and carried, with no effect yet.
public struct BackgroundMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let audio = BackgroundMode(rawValue: "audio")
    public static let voip = BackgroundMode(rawValue: "voip")
}

/// Anything `Bench(apps:)` takes: a `BenchApp` of any app type, as the scenario model it registers.
public protocol BenchAppRegistration: Sendable {
    var name: String { get }
    var model: ScenarioAppModel { get }
}

/// Your own app type, registered with the bench under a name that scenario files use:
///
/// ```swift
/// let podcasts = BenchApp("Podcasts", backgroundModes: [.audio], make: { PodcastPlayer() })
///     .action("play") { try $0.play() }
///     .action("pause") { $0.pause() }
///     .isPlaying { $0.isPlaying }
/// ```
///
/// `make` runs inside the app's own context when a scenario launches it, so
/// `AVAudioSession.sharedInstance()` there (and in every action) is the app's session. An action
/// that throws is the app's failure at that step; the run goes on. A `make` that throws fails the
/// run at the launch step, naming the app.
public struct BenchApp<App: AnyObject>: BenchAppRegistration {
    public let name: String
    public let backgroundModes: [BackgroundMode]
    /// Apple's entitlement strings (`com.apple.developer.inter-app-audio`).
    public let entitlements: [String]
    let make: @Sendable () throws -> App
    private(set) var actions: [(name: String, body: @Sendable (App) throws -> Void)] = []
    private(set) var playing: (@Sendable (App) -> Bool)?
    private(set) var exemptions: [String: String] = [:]

    public init(_ name: String, backgroundModes: [BackgroundMode] = [], entitlements: [String] = [],
                make: @escaping @Sendable () throws -> App) {
        self.name = name
        self.backgroundModes = backgroundModes
        self.entitlements = entitlements
        self.make = make
    }

    /// A named action scenario steps can run (`do: play` or `call: play`); a later one of the
    /// same name replaces it.
    public func action(_ name: String, _ body: @escaping @Sendable (App) throws -> Void) -> BenchApp {
        var copy = self
        copy.actions.removeAll { $0.name == name }
        copy.actions.append((name, body))
        return copy
    }

    /// Whether the app believes it is playing. With it, the run logs the app's `started` and
    /// `stopped` lines (after each step and each session notification), which `state: { playing: }`,
    /// the app rules and explore's invariants read; without it they cannot judge its playback.
    public func isPlaying(_ probe: @escaping @Sendable (App) -> Bool) -> BenchApp {
        var copy = self
        copy.playing = probe
        return copy
    }

    /// Opts out of one app rule or invariant (`kept-playing-on-unplug`), for a reason the app's
    /// design gives (a DJ's cue mix keeps going): it is not judged by it, in runs or in explore.
    public func exempt(from rule: String, because reason: String) -> BenchApp {
        var copy = self
        copy.exemptions[rule] = reason
        return copy
    }

    public var model: ScenarioAppModel {
        let app = self
        return ScenarioAppModel(
            name: name, commands: actions.map(\.name), backgroundAudio: backgroundModes.contains(.audio),
            entitlements: entitlements.map { $0 == "com.apple.developer.inter-app-audio" ? "inter-app-audio" : $0 },
            exemptions: exemptions
        ) { _, log in try BenchAppInstance(app, log: log) }
    }

    func run(_ action: String, on object: App) throws {
        try actions.first { $0.name == action }?.body(object)
    }

    func believesPlaying(_ object: App) -> Bool? { playing?(object) }
}
