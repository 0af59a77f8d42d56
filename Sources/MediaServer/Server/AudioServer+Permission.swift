import SimCore

/// Record permission (2013 talk): asked once per app — on the first activation of an input
/// category, or when the app asks — answered by the simulated user (a scenario step or a test),
/// and changeable later as in Settings. Until granted, the app's input is silence.
extension AudioServer {
    public func recordPermission(of app: AppID) -> RecordPermission { policy.recordPermission(of: app) }

    public func isInputSilencedByPermission(_ app: AppID) -> Bool { policy.isInputSilencedByPermission(app) }

    /// The permission dialog is on screen for `app`, waiting for the user.
    public func isShowingRecordPermissionDialog(_ app: AppID) -> Bool { policy.isAskingForRecordPermission(app) }

    /// `requestRecordPermission`: `response` runs at once if the user already answered,
    /// otherwise when `answerRecordPermission` is called, in the app's context either way.
    public func requestRecordPermission(_ app: AppID, _ response: @escaping @Sendable (Bool) -> Void) {
        registerIfNeeded(app)
        let (reply, effects) = policy.requestRecordPermission(app)
        switch reply {
        case let .answered(granted):
            record(.permissionRequest, ["app": .string(app.name), "result": .string(granted ? "granted" : "denied")])
            inAppContext(app) { response(granted) }
        case .pending:
            carry(effects)
            endpoints[app]?.permissionCallbacks.append(response)
        }
    }

    /// The simulated user answers the permission dialog (or, with `fromSettings`, flips the
    /// switch in Settings › Privacy › Microphone).
    public func answerRecordPermission(_ app: AppID, granted: Bool, fromSettings: Bool = false) {
        let callbacks = policy.answerRecordPermission(app, granted: granted, fromSettings: fromSettings)
        record(fromSettings ? .permissionSettings : .permissionAnswer,
               ["app": .string(app.name), "granted": .bool(granted)])
        // Callbacks come back only when a dialog was showing; then every waiting request is answered.
        guard !callbacks.isEmpty, let waiting = endpoints[app]?.permissionCallbacks else { return }
        endpoints[app]?.permissionCallbacks.removeAll()
        for response in waiting { inAppContext(app) { response(granted) } }
    }

    /// Runs app code as `app` (so `sharedInstance()` inside resolves to its session).
    public func inAppContext<T>(_ app: AppID, _ body: () throws -> T) rethrows -> T {
        try AppContext.run(as: AppBinding(server: self, app: app), body)
    }
}
