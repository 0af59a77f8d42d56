/// Record permission (2013 talk "What's New in Core Audio for iOS"): asked once per app — on the
/// first activation of an input category, or when the app asks — answered by the simulated user,
/// changeable later as in Settings. Until granted, the app's input is silence.
extension MediaPolicy {
    public func recordPermission(of app: AppID) -> RecordPermission { permissions.permission(for: app) }
    public func isInputSilencedByPermission(_ app: AppID) -> Bool { permissions.inputIsSilenced(app) }
    public func isAskingForRecordPermission(_ app: AppID) -> Bool { permissions.isAsking(app) }

    /// `requestRecordPermission`: the answer if the user already gave one, else the dialog —
    /// shown once per prompt: a request while it shows waits for the same answer.
    public mutating func requestRecordPermission(_ app: AppID) -> (reply: RecordPermissionStore.Reply, effects: [PolicyEffect]) {
        generation &+= 1
        let showing = permissions.isAsking(app)
        let reply = permissions.request(app)
        return (reply, reply == .pending && !showing ? [.permissionDialog(app)] : [])
    }

    /// The simulated user answers the dialog, or flips the switch in Settings: the callbacks
    /// waiting on a dialog (none when no dialog was showing).
    public mutating func answerRecordPermission(_ app: AppID, granted: Bool, fromSettings: Bool) -> [RecordPermissionStore.Callback] {
        generation &+= 1
        return fromSettings ? permissions.set(app, granted: granted) : permissions.answer(app, granted: granted)
    }

    /// Activating an input category shows the dialog the first time.
    mutating func askForRecordPermissionIfUndetermined(_ app: AppID) -> [PolicyEffect] {
        guard permissions.permission(for: app) == .undetermined else { return [] }
        return requestRecordPermission(app).effects
    }
}
