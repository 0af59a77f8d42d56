import VirtualDevices

/// `setPrefersNoInterruptionsFromSystemAlerts(_:)` (iOS 14.5). Apple: with the user's incoming-call
/// style set to Banner (iOS 14's default), a session that prefers it is not interrupted "with
/// incoming call notifications", and "the system only interrupts the audio session if the user
/// accepts the call". So a ringing call leaves such a session active and audible; answering it
/// interrupts the session like any other, and hanging up ends that interruption as usual.
/// Which other alerts the preference covers Apple does not say: `ActivationSettings.alertsSparedByPreference`
/// (default: the ringing call only) lets a run include alarms and timers.
extension MediaPolicy {
    public mutating func setPrefersNoInterruptionsFromSystemAlerts(_ app: AppID, _ prefers: Bool) throws(SessionError) {
        try requireMediaServices()
        withSession(app) { $0.prefersNoInterruptionsFromSystemAlerts = prefers }
    }

    /// The active sessions `source` leaves alone because they prefer no alerts, in the arbiter's order.
    func sparedAsAlert(by source: SystemInterruptionSource) -> [AppID] {
        guard platform.honorsNoInterruptionsFromSystemAlerts, activation.settings.alertsSparedByPreference.contains(source) else {
            return []
        }
        return activation.registeredApps.filter { isActive($0) && prefersNoInterruptionsFromSystemAlerts($0) }
    }

    /// The user answered the ringing call: sessions it spared while ringing are interrupted now,
    /// held by the call, so hanging up ends their interruption as for everyone else. With none
    /// spared this is the plain device change it always was.
    public mutating func callAnswered(ports: [Port], system: SystemState) -> [PolicyEffect] {
        input { policy in
            policy.ports = ports
            policy.system = system
            let spared = policy.sparedFromRinging.filter { policy.isActive($0) }
            policy.sparedFromRinging = []
            guard !spared.isEmpty else { return [] }
            let others = policy.activation.registeredApps.filter { !spared.contains($0) }
            return policy.apply(policy.activation.systemInterruptionBegan(.phoneCall, sparing: others))
                + policy.routeMayHaveChanged(.categoryChanged)
        }
    }
}

extension PlatformProfile {
    /// `prefersNoInterruptionsFromSystemAlerts` exists from iOS 14.5 (the `ios14` profile stands
    /// for 14.5+); earlier releases interrupt every session for a ringing call.
    public var honorsNoInterruptionsFromSystemAlerts: Bool { since(14) }
}
