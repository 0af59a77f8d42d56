import VirtualDevices

extension AudioServer {
    /// Makes `app` known to the server before it launches: its session starts with the default
    /// configuration. `observer` receives the app's session notifications; `lifecycleObserver` its
    /// lifecycle changes (old, new), both synchronously on the simulation thread.
    public func register(_ app: AppID, hasAudioBackgroundMode: Bool = false,
                         observer: @escaping (PolicyNotification) -> Void = { _ in },
                         lifecycleObserver: @escaping (AppLifecycle, AppLifecycle) -> Void = { _, _ in }) {
        guard !policy.isRegistered(app) else { return }
        endpoints[app] = AppEndpoint(observer: observer, lifecycleObserver: lifecycleObserver)
        policy.register(app, hasAudioBackgroundMode: hasAudioBackgroundMode, lifecycle: device.lifecycle(of: app.name))
        record(.appRegistered, ["app": .string(app.name), "backgroundAudio": .bool(hasAudioBackgroundMode)])
    }

    /// Facade calls from code the harness did not announce still work: the app is registered on
    /// first use with default settings.
    func registerIfNeeded(_ app: AppID) {
        if !policy.isRegistered(app) { register(app) }
    }

    public var registeredApps: [AppID] { policy.registeredApps }

    public func isForeground(_ app: AppID) -> Bool { device.lifecycle(of: app.name) == .foreground }

    public func isActive(_ app: AppID) -> Bool { policy.isActive(app) }
    public func isInterrupted(_ app: AppID) -> Bool { policy.isInterrupted(app) }
    public func isDucked(_ app: AppID) -> Bool { policy.isDucked(app) }

    /// Silenced by the ring/silent switch, screen lock, being in the background (AVAudioSession.Category docs), or another
    /// app's active `record` session.
    public func isSilenced(_ app: AppID) -> Bool { policy.isSilenced(app) }

    /// The app's input is cut off: it left the foreground without the audio background mode.
    public func isInputSilencedByLifecycle(_ app: AppID) -> Bool { policy.isInputSilencedByLifecycle(app) }

    public func setReceivesRemoteControlEvents(_ app: AppID, _ receives: Bool) {
        registerIfNeeded(app)
        policy.setReceivesRemoteControlEvents(app, receives)
    }

    /// `app` has (or no longer has) a target on one of its `MPRemoteCommandCenter`'s commands.
    public func setHandlesRemoteCommands(_ app: AppID, _ handles: Bool) {
        registerIfNeeded(app)
        policy.setHandlesRemoteCommands(app, handles)
    }

    /// `app` is (or no longer is) an Inter-App Audio node connected to a host: while connected it
    /// may start recording from the background with a mixable session.
    public func setInterAppNode(_ app: AppID, connected: Bool) {
        registerIfNeeded(app)
        policy.setInterAppNode(app, connected: connected)
    }

    public func isInputMuted(_ app: AppID) -> Bool { policy.isInputMuted(app) }

    public func isOutputMuted(_ app: AppID) -> Bool { policy.isOutputMuted(app) }

    /// iOS 26's output mute: the app's output is silent at every port from the next cycle.
    public func setOutputMuted(_ app: AppID, _ muted: Bool) throws(SessionError) {
        registerIfNeeded(app)
        let effects = try policy.setOutputMuted(app, muted)
        record(.appOutputMuted, ["app": .string(app.name), "muted": .bool(muted)])
        carry(effects)
    }

    public func setInputMuted(_ app: AppID, _ muted: Bool) {
        registerIfNeeded(app)
        let effects = policy.setInputMuted(app, muted)
        record(.appInputMuted, ["app": .string(app.name), "muted": .bool(muted)])
        carry(effects)
    }

    /// The device's output volume, 0…1 in its hardware steps.
    public var outputVolume: Double { Double(device.system.volumeStep) / Double(SystemState.volumeSteps) }

    /// `promptStyle` (AVAudioSession raw values): none while Siri listens, short during a call, normal otherwise.
    public var promptStyle: PromptStyle {
        if device.system.siriActive { return .none }
        if device.system.call != .idle { return .short }
        return .normal
    }
}

/// `AVAudioSession.PromptStyle` raw values (FourCCs).
public enum PromptStyle: UInt, Sendable {
    case none = 1_852_796_517
    case short = 1_936_224_884
    case normal = 1_852_992_876
}
