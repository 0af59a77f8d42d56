import SimCore
import VirtualDevices

/// The session calls apps make (`AVAudioSession`'s methods), each recorded in the trace with its
/// result, so a scenario can expect "setActive failed with cannotInterruptOthers at 3 s".
extension AudioServer {
    public func configuration(of app: AppID) -> SessionConfiguration {
        appRecord(app)?.configuration ?? SessionConfiguration()
    }

    /// Categories this device and release offer (§2: `record` needs an input; `audioProcessing`
    /// is gone from iOS 10).
    public var availableCategories: [SessionCategory] {
        let hasInput = !device.ports(.input).isEmpty
        return SessionCategory.allCases.filter { category in
            (category != .audioProcessing || platform.supportsAudioProcessingCategory) && (hasInput || !category.allowsInput)
        }
    }

    public func setCategory(_ app: AppID, _ category: SessionCategory, mode: SessionMode = .default,
                            policy: RouteSharingPolicy = .default, options: CategoryOptions = []) throws(SessionError) {
        let arguments: [String: TraceValue] = [
            "category": .string(category.name), "mode": .string(mode.name), "policy": .string(policy.name),
            "options": .list(options.names.map { .string($0) }),
        ]
        try api("setCategory", app, arguments) { () throws(SessionError) in
            try requireMediaServices()
            let configuration = try SessionConfiguration.make(category: category, mode: mode, policy: policy,
                                                              options: options, profile: platform)
            try apply(configuration, to: app)
        }
    }

    public func setMode(_ app: AppID, _ mode: SessionMode) throws(SessionError) {
        try api("setMode", app, ["mode": .string(mode.name)]) { () throws(SessionError) in
            try requireMediaServices()
            let current = configuration(of: app)
            let configuration = try SessionConfiguration.make(
                category: current.category, mode: mode, policy: current.routeSharingPolicy,
                options: current.requestedOptions, profile: platform)
            try apply(configuration, to: app)
        }
    }

    /// Stores a new configuration. An active session's change applies at once, as on iOS: its
    /// new options duck or interrupt others now (`reconfigure`), and a change of category, mode or
    /// options is itself a route change (`categoryChange`, §9) for the app — and for every app when
    /// the device's route really changed. An inactive session's change waits for its activation.
    private func apply(_ configuration: SessionConfiguration, to app: AppID) throws(SessionError) {
        let previous = self.configuration(of: app)
        try withRecord(app) { record in record.configuration = configuration }
        guard previous != configuration else { return }
        if activation.isActive(app) { carry(activation.reconfigure(app, traits: configuration.traits)) }
        if activation.isActive(app) { routeMayHaveChanged(.categoryChanged, by: app) }
    }

    public func setActive(_ app: AppID, _ active: Bool, options: SetActiveOptions = []) throws(SessionError) {
        var arguments: [String: TraceValue] = ["active": .bool(active)]
        if options.contains(.notifyOthersOnDeactivation) { arguments["options"] = ["notifyOthersOnDeactivation"] }
        try api("setActive", app, arguments) { () throws(SessionError) in
            if active { try activate(app) } else { try deactivate(app, options: options) }
        }
    }

    /// `setActive(true)`; on an active session it re-applies the session's configuration.
    private func activate(_ app: AppID) throws(SessionError) {
        let configuration = self.configuration(of: app)
        carry(try activation.activate(app, traits: configuration.traits, system: device.system))
        // The app that last went active with non-mixable output while taking remote-control
        // events becomes the Now Playing app (which may then start from the background).
        if !configuration.isMixable, configuration.allowsOutput, appRecord(app)?.receivesRemoteControlEvents == true,
           !activation.isNowPlaying(app) {
            activation.setNowPlaying(app)
            record("session.nowPlaying", ["app": .string(app.name)])
        }
        if configuration.allowsInput { askForRecordPermissionIfUndetermined(app) }
    }

    private func deactivate(_ app: AppID, options: SetActiveOptions) throws(SessionError) {
        let ioRunning = appRecord(app)?.ioRunning ?? false
        let (actions, error) = activation.deactivate(app, options: options, ioRunning: ioRunning)
        carry(actions)
        if let error { throw error }
    }

    /// While mediaserverd is down every call fails with `mediaServicesFailed` (§13).
    func requireMediaServices() throws(SessionError) {
        guard device.system.mediaServerRunning else {
            throw SessionError(.mediaServicesFailed, "the media server is not running; wait for mediaServicesWereResetNotification")
        }
    }

    /// Runs an API call, recording it and its result (`ok` or the error's code name) in the trace.
    func api(_ name: String, _ app: AppID, _ arguments: [String: TraceValue],
             _ body: () throws(SessionError) -> Void) throws(SessionError) {
        var fields = arguments
        fields["app"] = .string(app.name)
        let silencedBefore = silencedApps
        defer { recordSilencingChanges(from: silencedBefore) }
        do {
            try body()
            fields["result"] = "ok"
            record("api.\(name)", fields)
        } catch {
            fields["result"] = .string(error.code.name)
            fields["rule"] = .string(error.rule)
            record("api.\(name)", fields)
            throw error
        }
    }

    public func isOtherAudioPlaying(for app: AppID) -> Bool { activation.isOtherAudioPlaying(for: app) }

    public func secondaryAudioShouldBeSilencedHint(for app: AppID) -> Bool {
        activation.secondaryAudioShouldBeSilencedHint(for: app)
    }

    /// An audio object of the app started or stopped I/O (a player playing, a recorder
    /// recording). Starting can fail: e.g. `cannotStartPlaying` from the background.
    public func setIORunning(_ app: AppID, _ running: Bool) throws(SessionError) {
        try api(running ? "startIO" : "stopIO", app, [:]) { () throws(SessionError) in
            if running { carry(try activation.ioStarted(app)) } else { carry(activation.ioStopped(app)) }
            try withRecord(app) { record in record.ioRunning = running }
        }
    }
}
