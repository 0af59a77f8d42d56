import VirtualDevices

/// What happens to the device: ports come and go, the system's controls change, apps move through
/// their lifecycle, calls, alarms and Siri interrupt sessions, and a crashed media server loses
/// and then resets every session.
extension MediaPolicy {
    /// The device's ports or system controls changed (an accessory attached or detached, a link
    /// lost, the network back, a switch flipped). `cause` is nil when no port changed.
    public mutating func deviceChanged(ports: [Port], system: SystemState, cause: RouteChangeCause?) -> [PolicyEffect] {
        input { policy in
            policy.ports = ports
            policy.system = system
            return cause.map { policy.routeMayHaveChanged($0) } ?? []
        }
    }

    /// The app moved to `lifecycle` (launch and relaunch are a move to `.foreground`). A launching
    /// app starts from the route as it is and hears only later changes.
    public mutating func lifecycleChanged(_ app: AppID, to lifecycle: AppLifecycle) -> [PolicyEffect] {
        if !isRegistered(app) { register(app) }
        return input { policy in
            if policy.lifecycle(of: app) == .notRunning, lifecycle != .notRunning {
                let route = policy.computeRoute()
                policy.withSession(app) { $0.lastRoute = route }
            }
            let effects = policy.apply(policy.activation.lifecycleChanged(app, to: lifecycle))
            return effects + policy.routeMayHaveChanged(.categoryChanged)
        }
    }

    /// A call rings, an alarm sounds, Siri listens: every active session is interrupted, except
    /// those that prefer no interruptions from system alerts (MediaPolicy+SystemAlerts.swift).
    public mutating func systemInterruptionBegan(_ source: SystemInterruptionSource, system: SystemState) -> [PolicyEffect] {
        input { policy in
            policy.system = system
            let alertSpared = policy.sparedAsAlert(by: source)
            if source == .phoneCall { policy.sparedFromRinging = alertSpared }
            return alertSpared.map { PolicyEffect.alertSpared($0, source) }
                + policy.apply(policy.activation.systemInterruptionBegan(source, sparing: policy.spared(by: source) + alertSpared))
                + policy.routeMayHaveChanged(.categoryChanged)
        }
    }

    /// The call, alarm or Siri is over; whether apps hear "ended" depends on the release.
    public mutating func systemInterruptionEnded(_ source: SystemInterruptionSource, outcome: SystemInterruptionOutcome,
                                                 system: SystemState) -> [PolicyEffect] {
        input { policy in
            policy.system = system
            if source == .phoneCall { policy.sparedFromRinging = [] }
            return policy.apply(policy.activation.systemInterruptionEnded(source, outcome: outcome))
        }
    }

    /// The hardware muted the built-in mic: each of `readers` (apps running input) whose session
    /// is active and records from the built-in mic is interrupted, unless it set
    /// `overrideMutedMicrophoneInterruption` (then it stays active and records silence).
    public mutating func builtInMicMuted(readers: [AppID], system: SystemState) -> [PolicyEffect] {
        input { policy in
            policy.system = system
            guard policy.platform.interruptsOnBuiltInMicMute else { return [] }
            var effects: [PolicyEffect] = []
            for app in readers where policy.isActive(app) && policy.recordsFromBuiltInMic(app)
                && !policy.configuration(of: app).categoryOptions.contains(.overrideMutedMicrophoneInterruption) {
                effects += policy.apply(policy.activation.builtInMicMuted(app))
            }
            return effects
        }
    }

    /// True when `app`'s route records from the built-in mic.
    public func recordsFromBuiltInMic(_ app: AppID) -> Bool {
        (longFormRoute(for: app) ?? route).inputs.first?.portType == .builtInMic
    }

    /// mediaserverd died: every app hears "lost"; until the restart, calls fail.
    public mutating func mediaServicesLost(system: SystemState) -> [PolicyEffect] {
        input { policy in
            policy.system = system
            return policy.apply(policy.activation.mediaServicesLost())
        }
    }

    /// mediaserverd is back: every session is back to its defaults, and every app hears "reset"
    /// and must rebuild (QA1749). Apps start over from the route as it is now; they are told
    /// "reset", not "route changed".
    public mutating func mediaServicesReset(system: SystemState) -> [PolicyEffect] {
        input { policy in
            policy.system = system
            for index in policy.sessions.indices { policy.sessions[index].reset() }
            let effects = policy.apply(policy.activation.mediaServicesReset())
            let route = policy.computeRoute()
            for index in policy.sessions.indices { policy.sessions[index].lastRoute = route }
            return effects
        }
    }
}
