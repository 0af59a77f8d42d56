import VirtualDevices

extension AudioServer {
    /// Makes `app` known to the server before it launches: its session starts with the default
    /// configuration. `observer` receives the app's session notifications; `lifecycleObserver` its
    /// lifecycle changes (old, new), both synchronously on the simulation thread.
    public func register(_ app: AppID, hasAudioBackgroundMode: Bool = false,
                         observer: @escaping (SessionNotification) -> Void = { _ in },
                         lifecycleObserver: @escaping (AppLifecycle, AppLifecycle) -> Void = { _, _ in }) {
        guard index(of: app) == nil else { return }
        apps.append(AppRecord(app: app, hasAudioBackgroundMode: hasAudioBackgroundMode, observer: observer,
                              lifecycleObserver: lifecycleObserver))
        activation.register(app, hasAudioBackgroundMode: hasAudioBackgroundMode, lifecycle: device.lifecycle(of: app.name))
        record("app.registered", ["app": .string(app.name), "backgroundAudio": .bool(hasAudioBackgroundMode)])
    }

    public var registeredApps: [AppID] { apps.map(\.app) }

    func index(of app: AppID) -> Int? { apps.firstIndex { $0.app == app } }

    /// The app's record; an unknown app is registered on first use with default settings, so
    /// facade calls from code the harness did not announce still work. `body` has exclusive
    /// access to the record: it must not call back into the server.
    func withRecord<T>(_ app: AppID, _ body: (inout AppRecord) throws(SessionError) -> T) throws(SessionError) -> T {
        if index(of: app) == nil { register(app) }
        return try body(&apps[index(of: app)!])
    }

    func appRecord(_ app: AppID) -> AppRecord? { index(of: app).map { apps[$0] } }

    public func isForeground(_ app: AppID) -> Bool { device.lifecycle(of: app.name) == .foreground }

    public func isActive(_ app: AppID) -> Bool { activation.isActive(app) }
    public func isInterrupted(_ app: AppID) -> Bool { activation.isInterrupted(app) }
    public func isDucked(_ app: AppID) -> Bool { activation.isDucked(app) }

    /// Silenced by the ring/silent switch, screen lock or being in the background (§2.1), or
    /// because another app records: an active `record` session silences all other output ("other
    /// audio is silenced", ASPG category table).
    public func isSilenced(_ app: AppID) -> Bool {
        SilencePolicy.isSilenced(category: configuration(of: app).category, system: device.system,
                                 lifecycle: device.lifecycle(of: app.name),
                                 hasAudioBackgroundMode: appRecord(app)?.hasAudioBackgroundMode ?? false)
            || isSilencedByRecording(app)
    }

    /// Another app's active `record` session silences this app's output.
    public func isSilencedByRecording(_ app: AppID) -> Bool {
        activationOrder.contains { $0 != app && configuration(of: $0).category == .record }
    }

    /// The app's input is cut off: it left the foreground without the audio background mode.
    public func isInputSilencedByLifecycle(_ app: AppID) -> Bool {
        SilencePolicy.isInputSilenced(lifecycle: device.lifecycle(of: app.name),
                                      hasAudioBackgroundMode: appRecord(app)?.hasAudioBackgroundMode ?? false)
    }

    public func setReceivesRemoteControlEvents(_ app: AppID, _ receives: Bool) {
        try? withRecord(app) { record in record.receivesRemoteControlEvents = receives }
    }

    public func isInputMuted(_ app: AppID) -> Bool { appRecord(app)?.inputMuted ?? false }

    public func setInputMuted(_ app: AppID, _ muted: Bool) {
        try? withRecord(app) { record in record.inputMuted = muted }
        record("app.inputMuted", ["app": .string(app.name), "muted": .bool(muted)])
    }

    /// The device's output volume, 0…1 in its hardware steps.
    public var outputVolume: Double { Double(device.system.volumeStep) / Double(SystemState.volumeSteps) }

    /// `promptStyle` (§15): none while Siri listens, short during a call, normal otherwise.
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
