/// What the media server must do after an input to `MediaPolicy`: the machine decides, the
/// server carries out and traces, in list order. Lists are ordered by the steps of the input,
/// then by app in a stable order (registration order, or the arbiter's sorted order).
public enum PolicyEffect: Hashable, Sendable {
    /// The session went active (the app's own request succeeded).
    case activated(AppID)
    /// The session is no longer active: the app deactivated it, or the system took it away.
    case deactivated(AppID)
    /// Lower (true) or restore (false) the app's output level because another session ducks others.
    case setDucked(AppID, Bool)
    /// Post this notification to the app's session.
    case notify(AppID, PolicyNotification)
    /// The app became the Now Playing app.
    case nowPlaying(AppID)
    /// The app's speaker override ended ("any route change or interruption", QA1754).
    case overrideReverted(AppID)
    /// The app's output became silenced (true) or audible again (false): ring/silent switch,
    /// lock, background, or another app recording.
    case silenced(AppID, Bool)
    /// The device's one route changed.
    case routeChanged(AudioRoute)
    /// The device's one hardware format changed: the IO restarts at it.
    case hardwareChanged(HardwareSettings)
    /// The microphone permission dialog is now on screen for the app.
    case permissionDialog(AppID)
    /// A system alert (a ringing call) left the app's session active: it prefers no
    /// interruptions from system alerts (`setPrefersNoInterruptionsFromSystemAlerts`).
    case alertSpared(AppID, SystemInterruptionSource)

    /// The arbiter's actions are the first four effects.
    init(_ action: PolicyAction) {
        switch action {
        case let .activated(app): self = .activated(app)
        case let .deactivated(app): self = .deactivated(app)
        case let .setDucked(app, ducked): self = .setDucked(app, ducked)
        case let .notify(app, notification): self = .notify(app, notification)
        }
    }
}
