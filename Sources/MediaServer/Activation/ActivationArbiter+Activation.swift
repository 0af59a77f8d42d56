import VirtualDevices

/// `setActive(true)`, `setActive(false)` and I/O start/stop.
extension ActivationArbiter {
    /// `setActive(true)`. Checks the derived session model's activation rules (docs/architecture.md) in order and, on success, interrupts the sessions
    /// this one displaces, then reports ducking and hint changes. Reactivating an active session
    /// re-applies its traits (`reconfigure`).
    public mutating func activate(_ app: AppID, traits: SessionTraits, system: SystemState) throws(SessionError) -> [PolicyAction] {
        guard let request = request(for: app, traits: traits), let session = sessions[app], session.lifecycle != .notRunning else {
            throw SessionError(.unspecified, "app \(app) is not running, so it cannot activate a session")
        }
        if session.isActive { return reconfigure(app, traits: traits) }
        let checkBackground = settings.backgroundStartCheck == .atActivation
        if let error = ActivationRules.activationError(request, system: system, mediaServicesDown: mediaServicesDown, checkBackgroundStart: checkBackground) {
            throw error
        }
        let before = derivedState()
        var actions: [PolicyAction] = []
        for other in order where other != app && displaces(traits, other) {
            actions += interrupt(other, by: .app(app))
        }
        sessions[app]?.state = .active
        sessions[app]?.traits = traits
        sessions[app]?.owesSuspensionNotice = false
        actions.append(.activated(app))
        return actions + derivedChanges(since: before)
    }

    /// An active session's category, mode or options changed: the change applies at once (Apple
    /// does not wait for the next activation). New traits may interrupt sessions they now displace
    /// (the session became non-mixable) and duck or un-duck others. An inactive session's traits
    /// are read at its next activation, so nothing happens for it.
    public mutating func reconfigure(_ app: AppID, traits: SessionTraits) -> [PolicyAction] {
        guard let session = sessions[app], session.isActive, session.traits != traits else { return [] }
        let before = derivedState()
        var actions: [PolicyAction] = []
        for other in order where other != app && displaces(traits, other) {
            actions += interrupt(other, by: .app(app))
        }
        sessions[app]?.traits = traits
        return actions + derivedChanges(since: before)
    }

    /// Whether activating a session with `traits` interrupts `other`: non-mixable over
    /// non-mixable (setActive(_:options:) docs), and interruptSpokenAudioAndMixWithOthers over spokenAudio (duckOthers and notifyOthersOnDeactivation docs).
    func displaces(_ traits: SessionTraits, _ other: AppID) -> Bool {
        guard let victim = sessions[other], victim.isActive else { return false }
        let exclusive = !traits.isMixable && !victim.traits.isMixable
        let spoken = traits.interruptsSpokenAudio && victim.traits.mode == .spokenAudio
        return exclusive || spoken
    }

    /// `setActive(false, options:)`. The session is deactivated even with running I/O (iOS 8+,
    /// isBusy on 8–25, silent on 26+); before iOS 8 it stays active and the call fails with isBusy.
    /// Others are un-ducked; the sessions it interrupted hear "ended" + shouldResume only with
    /// notifyOthersOnDeactivation (setActive(_:options:) docs, duckOthers and notifyOthersOnDeactivation docs). `ioRunning` nil (the policy's call) means "as ioStarted/ioStopped said"; tests pass a value.
    public mutating func deactivate(_ app: AppID, options: SetActiveOptions = [], ioRunning: Bool? = nil) -> (actions: [PolicyAction], error: SessionError?) {
        if mediaServicesDown { return ([], ActivationRules.mediaServicesFailed) }
        guard let session = sessions[app], session.isActive else { return ([], nil) }
        let ioRunning = ioRunning ?? session.ioRunning
        if ioRunning, profile.keepsSessionActiveWhenDeactivatingWithRunningIO { return ([], Self.busyStayingActive) }
        let before = derivedState()
        sessions[app]?.state = .inactive
        let notify = options.contains(.notifyOthersOnDeactivation)
        var ending: InterruptionOptions? = notify ? [.shouldResume] : (settings.endsInterruptionWithoutNotifyOthers ? [] : nil)
        if settings.plantedFault == .shouldResumeAlways { ending = [.shouldResume] }
        let released = release(heldBy: .app(app), ending: ending)
        let actions = [.deactivated(app)] + duckingChanges(since: before) + released + hintChanges(since: before)
        let busy = ioRunning && profile.deactivatingWithRunningIOReturnsIsBusy
        return (actions, busy ? Self.busyDeactivated : nil)
    }

    static let busyDeactivated = SessionError(.isBusy, "deactivating with running I/O: the session is deactivated, but I/O should be stopped or paused first (iOS 8–25)")
    static let busyStayingActive = SessionError(.isBusy, "deactivating with running I/O: before iOS 8 the session stays active; stop or pause I/O first")

    /// The app starts I/O (a player, engine or queue). Under `.atIOStart` the background rules
    /// are checked here, as device logs show ("AUIOClient_StartIO failed (561015905)").
    public mutating func ioStarted(_ app: AppID) throws(SessionError) -> [PolicyAction] {
        if mediaServicesDown { throw ActivationRules.mediaServicesFailed }
        guard let session = sessions[app], let request = request(for: app, traits: session.traits) else { return [] }
        if settings.backgroundStartCheck == .atIOStart, let error = ActivationRules.backgroundStartError(request) {
            throw error
        }
        return changingDerivedState { $0.sessions[app]?.ioRunning = true }
    }

    /// Why an I/O start of the app, configured with `traits`, would be refused for being outside
    /// the foreground, if it would.
    public func backgroundStartError(_ app: AppID, traits: SessionTraits) -> SessionError? {
        request(for: app, traits: traits).flatMap(ActivationRules.backgroundStartError)
    }

    /// True when the app's running session is neither active nor interrupted: what an I/O start
    /// activates implicitly.
    public func isInactive(_ app: AppID) -> Bool {
        guard let session = sessions[app], session.lifecycle != .notRunning, case .inactive = session.state else { return false }
        return true
    }

    /// The app stopped or paused all its I/O.
    public mutating func ioStopped(_ app: AppID) -> [PolicyAction] {
        changingDerivedState { $0.sessions[app]?.ioRunning = false }
    }

    /// Applies `change` and reports the ducking and hint changes it caused.
    mutating func changingDerivedState(_ change: (inout Self) -> Void) -> [PolicyAction] {
        let before = derivedState()
        change(&self)
        return derivedChanges(since: before)
    }
}
