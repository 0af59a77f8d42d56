/// Phone calls, alarms and Siri: audio the arbiter does not manage but that outranks every app.
extension ActivationArbiter {
    /// The source takes the audio: every active session, mixable or not, becomes inactive and
    /// hears "began". Mixability only protects against other apps (ASPG p.24); the 2014 talk's
    /// game and the 2010 talk's "phone call, a clock alarm" are interrupted whatever they mix with,
    /// and `record` "doesn't prevent phone calls, alarms … from interrupting" (AVAudioSession.Category docs).
    /// `spared` apps play on (a long-form session on AirPlay speakers during a phone call).
    public mutating func systemInterruptionBegan(_ source: SystemInterruptionSource, sparing spared: [AppID] = []) -> [PolicyAction] {
        let before = derivedState()
        var actions: [PolicyAction] = []
        for app in order where sessions[app]?.isActive == true && !spared.contains(app) {
            actions += interrupt(app, by: .system(source))
        }
        return actions + derivedChanges(since: before)
    }

    /// The source is gone. Whether interrupted sessions hear "ended", and with which options,
    /// depends on the release (`PlatformProfile.interruptionEndedOptions`). Sessions stay inactive
    /// either way: the app reactivates itself.
    public mutating func systemInterruptionEnded(_ source: SystemInterruptionSource, outcome: SystemInterruptionOutcome = .declined) -> [PolicyAction] {
        release(heldBy: .system(source), ending: profile.interruptionEndedOptions(after: source, outcome: outcome))
    }

    /// iOS 17+: the Now Playing session's route lost a device while it was active: it becomes
    /// inactive and hears "began" with reason `routeDisconnected`. No "ended" follows.
    public mutating func routeDisconnected(_ app: AppID) -> [PolicyAction] {
        interruptAlone(app, by: .routeDisconnect, reason: .routeDisconnected)
    }

    /// iOS 14.5+: the hardware muted the built-in mic while `app`'s session ran input: it becomes
    /// inactive and hears "began" with reason `builtInMicMuted`. No "ended" follows.
    public mutating func builtInMicMuted(_ app: AppID) -> [PolicyAction] {
        interruptAlone(app, by: .builtInMicMute, reason: .builtInMicMuted)
    }

    /// One active session becomes inactive and hears "began" with `reason`; nobody holds it.
    private mutating func interruptAlone(_ app: AppID, by interrupter: Interrupter, reason: InterruptionReason) -> [PolicyAction] {
        guard sessions[app]?.isActive == true else { return [] }
        let before = derivedState()
        sessions[app]?.state = .interrupted(by: interrupter, held: false)
        return [.deactivated(app), .notify(app, began(reason))] + derivedChanges(since: before)
    }
}
