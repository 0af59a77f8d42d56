import SimCore
import VirtualDevices

/// How the server reacts to what happens to the device: routes follow the hardware, calls,
/// alarms and Siri interrupt sessions, lifecycle changes reach the policy and the app, and a
/// crashed media server loses and then resets every session.
extension AudioServer {
    /// Applies a device event now: the device changes (or refuses, changing nothing), the event
    /// goes into the trace, and sessions react.
    public func apply(_ event: DeviceEvent) throws(DeviceEventError) {
        let callBefore = device.system.call
        let silencedBefore = silencedApps
        let outcome = try device.apply(event)
        record("device.\(event.scriptName)", outcome.fields)
        for (delay, followUp) in outcome.followUps {
            _ = try? scheduler.schedule(.device(followUp), after: delay)
        }
        for change in outcome.lifecycleChanges { lifecycleChanged(AppID(change.app), from: change.from) }
        react(to: event, callBefore: callBefore)
        recordSilencingChanges(from: silencedBefore)
    }

    private func react(to event: DeviceEvent, callBefore: SystemState.Call) {
        switch event {
        case .attach, .networkRestored: routeMayHaveChanged(.portsAdded)
        case .detach, .bluetoothLinkLoss, .networkDropout: routeMayHaveChanged(.portsRemoved)
        case .incomingCall: carry(activation.systemInterruptionBegan(.phoneCall))
        case .declineCall: carry(activation.systemInterruptionEnded(.phoneCall, outcome: .declined))
        case .hangUp:
            // Hanging up a call that was never answered is a missed call: like a decline.
            let outcome: SystemInterruptionOutcome = callBefore == .idle || isRinging(callBefore) ? .declined : .answeredAndHungUp
            carry(activation.systemInterruptionEnded(.phoneCall, outcome: outcome))
        case .alarm: carry(activation.systemInterruptionBegan(.alarm))
        case .dismissAlarm: carry(activation.systemInterruptionEnded(.alarm, outcome: .declined))
        case .siri: carry(activation.systemInterruptionBegan(.siri))
        case .siriEnd: carry(activation.systemInterruptionEnded(.siri, outcome: .declined))
        case .mediaServerCrash: mediaServicesLost()
        case .mediaServerRestart: mediaServicesReset()
        case .launch, .foreground, .background, .suspend, .terminate:
            break // handled from the outcome's lifecycle changes
        case .answerCall, .ringerSwitch, .lockScreen, .unlockScreen, .volumeUp, .volumeDown:
            break
        }
    }

    private func isRinging(_ call: SystemState.Call) -> Bool {
        if case .ringing = call { return true }
        return false
    }

    private func lifecycleChanged(_ app: AppID, from old: AppLifecycle) {
        if index(of: app) == nil { register(app) }
        let new = device.lifecycle(of: app.name)
        // A launching app starts from the route as it is; it hears only later changes.
        if new != .notRunning, old == .notRunning, let index = index(of: app) { apps[index].lastRoute = currentRoute }
        carry(activation.lifecycleChanged(app, to: new))
        appRecord(app)?.lifecycleObserver(old, new)
    }

    /// mediaserverd died: every app hears "lost"; until the restart, calls fail.
    private func mediaServicesLost() {
        carry(activation.mediaServicesLost())
    }

    /// mediaserverd is back: every audio object made before is a zombie, every session is back
    /// to its defaults, and every app hears "reset" and must rebuild (QA1749).
    private func mediaServicesReset() {
        epoch += 1
        activationOrder.removeAll()
        for index in apps.indices {
            apps[index].configuration = SessionConfiguration()
            apps[index].routing = RoutingState()
            apps[index].preferences = HardwarePreferences()
            apps[index].prefersInterruptionOnRouteDisconnect = true
            apps[index].ioRunning = false
        }
        // Apps start over from the route as it is now; they are told "reset", not "route changed".
        for index in apps.indices { apps[index].lastRoute = currentRoute }
        record("mediaserver.reset", ["epoch": .integer(epoch)])
        carry(activation.mediaServicesReset())
    }

    /// Apps whose output is silenced right now (ring/silent switch, lock, background).
    var silencedApps: [AppID] {
        apps.filter { device.lifecycle(of: $0.app.name) != .notRunning && isSilenced($0.app) }.map(\.app)
    }

    func recordSilencingChanges(from before: [AppID]) {
        let after = silencedApps
        for record in apps where before.contains(record.app) != after.contains(record.app) {
            self.record("session.silenced", ["app": .string(record.app.name), "silenced": .bool(after.contains(record.app))])
        }
    }
}
