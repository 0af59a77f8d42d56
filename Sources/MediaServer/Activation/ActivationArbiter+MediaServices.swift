/// The media server daemon dies (lost) and restarts (reset): every session is gone (QA1749).
extension ActivationArbiter {
    /// Every session becomes inactive and un-ducked; every running app hears
    /// mediaServicesWereLost. Until the reset, activation fails with mediaServicesFailed.
    /// No hint notifications: the server that would send them is down.
    public mutating func mediaServicesLost() -> [PolicyAction] {
        guard !mediaServicesDown else { return [] }
        var actions: [PolicyAction] = []
        for app in order {
            if isActive(app) { actions.append(.deactivated(app)) }
            if isDucked(app) { actions.append(.setDucked(app, false)) }
        }
        for app in order { sessions[app]?.state = .inactive }
        mediaServicesDown = true
        return actions + runningApps.map { .notify($0, .mediaServicesWereLost) }
    }

    /// The server is back: every running app hears mediaServicesWereReset (no userInfo) and
    /// starts from a fresh session (soloAmbient, inactive, nothing interrupted). A reset without
    /// a reported loss reports the loss first, so apps always see lost then reset.
    public mutating func mediaServicesReset() -> [PolicyAction] {
        let lost = mediaServicesLost()
        for app in order { sessions[app]?.resetSession() }
        mediaServicesDown = false
        return lost + runningApps.map { .notify($0, .mediaServicesWereReset) }
    }

    /// Apps that can hear a notification (suspended apps get it when they run again).
    private var runningApps: [AppID] {
        order.filter { sessions[$0]?.lifecycle != .notRunning }
    }
}
