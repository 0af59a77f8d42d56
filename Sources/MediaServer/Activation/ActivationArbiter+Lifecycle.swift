import VirtualDevices

/// App lifecycle changes as UIKit reports them. Moving between foreground and background leaves
/// the session alone (silencing is `SilencePolicy`'s job); suspension and termination end it.
extension ActivationArbiter {
    /// The app moved to `lifecycle`. Launch and relaunch are a move to `.foreground`.
    public mutating func lifecycleChanged(_ app: AppID, to lifecycle: AppLifecycle) -> [PolicyAction] {
        guard let previous = sessions[app]?.lifecycle, previous != lifecycle else { return [] }
        let before = derivedState()
        sessions[app]?.lifecycle = lifecycle
        var actions: [PolicyAction]
        switch lifecycle {
        case .foreground, .background: actions = suspensionNotice(app)
        case .suspended: actions = suspend(app)
        case .notRunning: actions = terminate(app)
        }
        return actions + derivedChanges(since: before)
    }

    /// A suspended app makes no sound, so the system takes its session back. iOS 10–15 tell the
    /// app when it runs again; other releases say nothing (the iOS 14 and iOS 26 SDK headers). Sessions it interrupted
    /// are not told to resume: nobody called setActive(false, notifyOthers).
    mutating func suspend(_ app: AppID) -> [PolicyAction] {
        guard sessions[app]?.isActive == true else { return [] }
        let notice = profile.reportsSuspensionInterruption
        sessions[app]?.state = notice ? .interrupted(by: .suspension, held: false) : .inactive
        sessions[app]?.owesSuspensionNotice = notice
        return [.deactivated(app)] + release(heldBy: .app(app), ending: nil)
    }

    /// The delayed "began" (reason appWasSuspended) for an app that runs again.
    mutating func suspensionNotice(_ app: AppID) -> [PolicyAction] {
        guard sessions[app]?.owesSuspensionNotice == true else { return [] }
        sessions[app]?.owesSuspensionNotice = false
        return [.notify(app, began(.appWasSuspended))]
    }

    /// A terminated app's session ends with it; a relaunch starts from a fresh session (Now
    /// Playing stays the server's call). The
    /// sessions it interrupted get no "ended": only notifyOthersOnDeactivation sends one (setActive(_:options:) docs), and
    /// a killed app never asks.
    mutating func terminate(_ app: AppID) -> [PolicyAction] {
        let wasActive = sessions[app]?.isActive == true
        sessions[app]?.resetSession()
        return (wasActive ? [.deactivated(app)] : []) + release(heldBy: .app(app), ending: nil)
    }
}
