import SimCore
import VirtualDevices

/// The session calls apps make (`AVAudioSession`'s methods). Each is an input to the policy;
/// the server carries out the effects and records the call with its result (`ok` or the
/// error's code name and rule), so a scenario can expect "setActive failed with
/// cannotInterruptOthers at 3 s".
extension AudioServer {
    public func configuration(of app: AppID) -> SessionConfiguration { policy.configuration(of: app) }

    /// Categories this device and release offer: the policy's rule (MediaPolicy+Session.swift).
    public var availableCategories: [SessionCategory] { policy.availableCategories }

    public func setCategory(_ app: AppID, _ category: SessionCategory, mode: SessionMode = .default,
                            policy routeSharing: RouteSharingPolicy = .default, options: CategoryOptions = []) throws(SessionError) {
        let arguments: [String: TraceValue] = [
            "category": .string(category.name), "mode": .string(mode.name), "policy": .string(routeSharing.name),
            "options": .list(options.names.map { .string($0) }),
        ]
        try api(.apiSetCategory, app, arguments) { () throws(SessionError) in
            try policy.setCategory(app, category, mode: mode, policy: routeSharing, options: options)
        }
    }

    public func setMode(_ app: AppID, _ mode: SessionMode) throws(SessionError) {
        try api(.apiSetMode, app, ["mode": .string(mode.name)]) { () throws(SessionError) in
            try policy.setMode(app, mode)
        }
    }

    public func setActive(_ app: AppID, _ active: Bool, options: SetActiveOptions = []) throws(SessionError) {
        var arguments: [String: TraceValue] = ["active": .bool(active)]
        if options.contains(.notifyOthersOnDeactivation) { arguments["options"] = ["notifyOthersOnDeactivation"] }
        try api(.apiSetActive, app, arguments) { () throws(SessionError) in
            if active { return try policy.activate(app) }
            let (effects, error) = policy.deactivate(app, options: options)
            // Deactivating with running I/O deactivates and still reports isBusy (iOS 8–25).
            carry(effects)
            if let error { throw error }
            return []
        }
    }

    public func isOtherAudioPlaying(for app: AppID) -> Bool { policy.isOtherAudioPlaying(for: app) }

    public func secondaryAudioShouldBeSilencedHint(for app: AppID) -> Bool {
        policy.secondaryAudioShouldBeSilencedHint(for: app)
    }

    /// An audio object of the app started or stopped I/O (a player playing, a recorder
    /// recording). Starting can fail: e.g. `cannotStartPlaying` from the background.
    public func setIORunning(_ app: AppID, _ running: Bool) throws(SessionError) {
        try api(running ? .apiStartIO : .apiStopIO, app, [:]) { () throws(SessionError) in
            running ? try policy.ioStarted(app) : policy.ioStopped(app)
        }
    }

    /// Runs an API call: the policy's effects are carried out, then the call is recorded with
    /// its result (`ok` or the error's code name and the rule it broke); apps hear of it after.
    func api(_ call: TraceKind, _ app: AppID, _ arguments: [String: TraceValue],
             _ body: () throws(SessionError) -> [PolicyEffect]) throws(SessionError) {
        try afterEffects { () throws(SessionError) in try apiNow(call, app, arguments, body) }
    }

    private func apiNow(_ call: TraceKind, _ app: AppID, _ arguments: [String: TraceValue],
                        _ body: () throws(SessionError) -> [PolicyEffect]) throws(SessionError) {
        registerIfNeeded(app)
        func traced(_ result: APICallRecord.Result) {
            record(.api(APICallRecord(call: call, app: app.name, arguments: arguments, result: result)))
        }
        do {
            carry(try body())
            traced(.ok)
        } catch {
            traced(.failed(code: error.code.name, rule: error.rule))
            throw error
        }
    }
}
