import SimCore

/// Record permission (2013 talk): asked once per app — on the first activation of an input
/// category, or when the app asks — answered by the simulated user (a scenario step or a test),
/// and changeable later as in Settings. Until granted, the app's input is silence.
extension AudioServer {
    public func recordPermission(of app: AppID) -> RecordPermission { permissions.permission(for: app) }

    public func isInputSilencedByPermission(_ app: AppID) -> Bool { permissions.inputIsSilenced(app) }

    /// The permission dialog is on screen for `app`, waiting for the user.
    public func isShowingRecordPermissionDialog(_ app: AppID) -> Bool { permissions.isAsking(app) }

    /// `requestRecordPermission`: `response` runs at once if the user already answered,
    /// otherwise when `answerRecordPermission` is called, in the app's context either way.
    public func requestRecordPermission(_ app: AppID, _ response: @escaping @Sendable (Bool) -> Void) {
        // A request while the dialog shows waits for the same answer: one dialog per prompt.
        let showing = permissions.isAsking(app)
        switch permissions.request(app) {
        case let .answered(granted):
            record("permission.request", ["app": .string(app.name), "result": .string(granted ? "granted" : "denied")])
            inAppContext(app) { response(granted) }
        case .pending:
            if !showing { record("permission.dialog", ["app": .string(app.name)]) }
            try? withRecord(app) { record in record.permissionCallbacks.append(response) }
        }
    }

    func askForRecordPermissionIfUndetermined(_ app: AppID) {
        guard permissions.permission(for: app) == .undetermined, !permissions.isAsking(app) else { return }
        if case .pending = permissions.request(app) { record("permission.dialog", ["app": .string(app.name)]) }
    }

    /// The simulated user answers the permission dialog (or, with `fromSettings`, flips the
    /// switch in Settings › Privacy › Microphone).
    public func answerRecordPermission(_ app: AppID, granted: Bool, fromSettings: Bool = false) {
        let callbacks = fromSettings ? permissions.set(app, granted: granted) : permissions.answer(app, granted: granted)
        record(fromSettings ? "permission.settings" : "permission.answer",
               ["app": .string(app.name), "granted": .bool(granted)])
        // Callbacks come back only when a dialog was showing; then every waiting request is answered.
        guard !callbacks.isEmpty, let index = index(of: app) else { return }
        let waiting = apps[index].permissionCallbacks
        apps[index].permissionCallbacks.removeAll()
        for response in waiting { inAppContext(app) { response(granted) } }
    }

    /// Runs app code as `app` (so `sharedInstance()` inside resolves to its session).
    public func inAppContext<T>(_ app: AppID, _ body: () throws -> T) rethrows -> T {
        try AppContext.run(as: AppBinding(server: self, app: app), body)
    }
}
