import SimCore
import VirtualDevices

/// How the server reacts to what happens to the device: it applies the event to the virtual
/// device, traces it, and hands the policy what changed — ports, system controls, app lifecycles,
/// calls, alarms, Siri, a crashed or restarted media server.
extension AudioServer {
    /// Applies a device event now: the device changes (or refuses, changing nothing), the event
    /// goes into the trace, and sessions react. Apps hear of it once all of that is traced.
    public func apply(_ event: DeviceEvent) throws(DeviceEventError) {
        try afterEffects { () throws(DeviceEventError) in try applyNow(event) }
    }

    private func applyNow(_ event: DeviceEvent) throws(DeviceEventError) {
        let callBefore = device.system.call
        let outcome = try device.apply(event)
        record(.device(DeviceEventRecord(kind: TraceKind(event.verb), fields: outcome.fields)))
        for (delay, followUp) in outcome.followUps {
            _ = try? scheduler.schedule(serverEvent(followUp), after: delay)
        }
        for change in outcome.lifecycleChanges { lifecycleChanged(AppID(change.app), from: change.from) }
        let portsChanged = !outcome.portsAdded.isEmpty || !outcome.portsRemoved.isEmpty
        react(to: event, callBefore: callBefore, portsChanged: portsChanged)
        if portsChanged { airPlay.portsChanged() }
    }

    /// `portsChanged`: a network dropout that only AirPlay 2 speakers were on changes no port.
    private func react(to event: DeviceEvent, callBefore: SystemState.Call, portsChanged: Bool) {
        let system = device.system
        switch event {
        case .attach, .networkRestored:
            carry(policy.deviceChanged(ports: device.ports, system: system, cause: portsChanged ? .portsAdded : nil))
        case .detach, .bluetoothLinkLoss, .networkDropout:
            carry(policy.deviceChanged(ports: device.ports, system: system, cause: portsChanged ? .portsRemoved : nil))
        case .incomingCall: carry(policy.systemInterruptionBegan(.phoneCall, system: system))
        case .declineCall: carry(policy.systemInterruptionEnded(.phoneCall, outcome: .declined, system: system))
        case .hangUp:
            // Hanging up a call that was never answered is a missed call: like a decline.
            let outcome: SystemInterruptionOutcome = callBefore == .idle || isRinging(callBefore) ? .declined : .answeredAndHungUp
            carry(policy.systemInterruptionEnded(.phoneCall, outcome: outcome, system: system))
        case .alarm: carry(policy.systemInterruptionBegan(.alarm, system: system))
        case .dismissAlarm: carry(policy.systemInterruptionEnded(.alarm, outcome: .declined, system: system))
        case .siri: carry(policy.systemInterruptionBegan(.siri, system: system))
        case .siriEnd: carry(policy.systemInterruptionEnded(.siri, outcome: .declined, system: system))
        case .mediaServerCrash:
            watchers.notify(.mediaServicesLost)
            detachRenderClients()
            carry(policy.mediaServicesLost(system: system))
        case .mediaServerRestart: mediaServicesReset()
        case .launch, .foreground, .background, .suspend, .terminate:
            break // handled from the outcome's lifecycle changes
        case .controlCenter, .dismissControlCenter:
            watchers.notify(.controlCenter(shown: event == .controlCenter))
        case .muteBuiltInMic:
            carry(policy.builtInMicMuted(readers: inputApps, system: system))
            refreshProgram(resample: true)
        case .unmuteBuiltInMic:
            carry(policy.deviceChanged(ports: device.ports, system: system, cause: nil))
            refreshProgram(resample: true)
        case .answerCall:
            carry(policy.callAnswered(ports: device.ports, system: system))
        case .ringerSwitch, .lockScreen, .unlockScreen:
            carry(policy.deviceChanged(ports: device.ports, system: system, cause: nil))
        case .volumeUp, .volumeDown:
            carry(policy.volumeButtonPressed(ports: device.ports, system: system))
        }
    }

    private func isRinging(_ call: SystemState.Call) -> Bool {
        if case .ringing = call { return true }
        return false
    }

    private func lifecycleChanged(_ app: AppID, from old: AppLifecycle) {
        registerIfNeeded(app)
        let new = device.lifecycle(of: app.name)
        carry(policy.lifecycleChanged(app, to: new))
        deliverLifecycle(app, from: old, to: new)
    }

    /// A process that ended makes no more sound: mediaserverd drops its voices and render clients,
    /// whether or not the app stopped them (it may have died, or the server may have been down).
    func removeAudio(of app: AppID) {
        guard let engine = io.engine else { return }
        for voice in io.voices where voice.app == app && engine.endFrame(ofVoice: voice.engineVoice) == .max {
            if case .renderClient = voice.role { removeRenderClient(voice.id) } else { removeVoice(voice.id) }
        }
        if io.inputReaders.contains(where: { $0.app == app }) { stopInput(app: app) }
    }

    /// mediaserverd is back: every audio object made before is a zombie, every session is back
    /// to its defaults, and every app hears "reset" and must rebuild (QA1749).
    private func mediaServicesReset() {
        epoch += 1
        let effects = policy.mediaServicesReset(system: device.system)
        record(.mediaServerReset, ["epoch": .integer(epoch)])
        watchers.notify(.mediaServicesReset)
        carry(effects)
    }
}
