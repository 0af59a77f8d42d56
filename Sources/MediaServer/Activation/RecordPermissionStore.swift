/// Per-app microphone permission (iOS 7+; 2013 talk): asked once per app through a dialog,
/// remembered, changeable later in Settings. Until granted the app records silence, and no
/// error says so (docs/architecture.md, Determinism). Requests wait for the scenario or test to answer the dialog.
public struct RecordPermissionStore: Sendable {
    /// What `requestRecordPermission` does now.
    public enum Reply: Hashable, Sendable {
        /// Already decided: the callback runs at once with this answer (requestRecordPermission(_:) docs: "called
        /// immediately if permission has already been granted or denied").
        case answered(granted: Bool)
        /// The dialog is on screen; the callback runs when `answer` is called.
        case pending
    }

    /// A callback to run when the dialog is answered: one per request made while it was shown.
    public struct Callback: Hashable, Sendable {
        public let app: AppID
        public let granted: Bool
    }

    public let profile: PlatformProfile
    private var decided: [AppID: Bool] = [:]
    /// Requests waiting on the dialog, per app (a count: order within one app is immaterial).
    private var waiting: [AppID: Int] = [:]

    public init(profile: PlatformProfile = .default) {
        self.profile = profile
    }

    public func permission(for app: AppID) -> RecordPermission {
        guard profile.requiresRecordPermission else { return .granted }
        return decided[app].map { $0 ? .granted : .denied } ?? .undetermined
    }

    /// The dialog is showing and not yet answered.
    public func isAsking(_ app: AppID) -> Bool { (waiting[app] ?? 0) > 0 }

    /// Until granted the input delivers silence (2013 talk: "you will get silence").
    public func inputIsSilenced(_ app: AppID) -> Bool { permission(for: app) != .granted }

    /// `requestRecordPermission`: the answer if known, else the dialog (shown once; a second
    /// request while it shows waits for the same answer). The server also calls this when an
    /// app first uses an input category, which is what triggers the dialog (2013 talk).
    public mutating func request(_ app: AppID) -> Reply {
        switch permission(for: app) {
        case .granted: return .answered(granted: true)
        case .denied: return .answered(granted: false)
        case .undetermined:
            waiting[app, default: 0] += 1
            return .pending
        }
    }

    /// The user answers the dialog: the decision is stored and every waiting request is answered.
    /// With no dialog showing nothing changes (the user cannot answer a dialog that is not there).
    public mutating func answer(_ app: AppID, granted: Bool) -> [Callback] {
        guard let count = waiting.removeValue(forKey: app), count > 0 else { return [] }
        decided[app] = granted
        return Array(repeating: Callback(app: app, granted: granted), count: count)
    }

    /// The user changes the switch in Settings › Privacy › Microphone. A dialog still showing
    /// is answered with the new value.
    public mutating func set(_ app: AppID, granted: Bool) -> [Callback] {
        if isAsking(app) { return answer(app, granted: granted) }
        decided[app] = granted
        return []
    }
}
