import SimCore

extension VirtualDevice {
    /// Switches, buttons, telephony, alarms, Siri and the media server.
    mutating func applySystem(_ event: DeviceEvent) throws(DeviceEventError) -> DeviceOutcome {
        var next = system
        var outcome = DeviceOutcome()
        switch event {
        case let .ringerSwitch(silent):
            guard profile.hasRingSilentSwitch else { throw .profileLacks(profile.id, "a ring/silent switch") }
            next.ringerSilent = silent
        case .lockScreen, .unlockScreen:
            let lock = event == .lockScreen
            guard system.screenLocked != lock else { throw .impossible(event.scriptName, state: "the screen is already \(lock ? "locked" : "unlocked")") }
            next.screenLocked = lock
        case .controlCenter, .dismissControlCenter:
            let show = event == .controlCenter
            guard system.controlCenterShown != show else {
                throw .impossible(event.scriptName, state: show ? "Control Center is already shown" : "Control Center is not shown")
            }
            next.controlCenterShown = show
        case .muteBuiltInMic, .unmuteBuiltInMic:
            let mute = event == .muteBuiltInMic
            guard system.builtInMicMuted != mute else {
                throw .impossible(event.scriptName, state: mute ? "the built-in mic is already muted" : "the built-in mic is not muted")
            }
            next.builtInMicMuted = mute
        case .volumeUp: next.volumeStep = min(SystemState.volumeSteps, system.volumeStep + 1)
        case .volumeDown: next.volumeStep = max(0, system.volumeStep - 1)
        case let .incomingCall(caller):
            guard profile.hasTelephony else { throw .profileLacks(profile.id, "telephony") }
            guard system.call == .idle else { throw .impossible(event.scriptName, state: "a call is \(system.call.name)") }
            next.call = .ringing(caller: caller)
            outcome.fields["caller"] = .string(caller)
        case .answerCall, .declineCall:
            guard case let .ringing(caller) = system.call else { throw .impossible(event.scriptName, state: "no call is ringing") }
            next.call = event == .answerCall ? .active(caller: caller) : .idle
            outcome.fields["caller"] = .string(caller)
        case .hangUp:
            switch system.call {
            case .idle: throw .impossible(event.scriptName, state: "no call is in progress")
            case let .ringing(caller), let .active(caller): outcome.fields["caller"] = .string(caller)
            }
            next.call = .idle
        case .alarm, .dismissAlarm:
            let ring = event == .alarm
            guard system.alarmRinging != ring else { throw .impossible(event.scriptName, state: ring ? "an alarm is already ringing" : "no alarm is ringing") }
            next.alarmRinging = ring
        case .siri, .siriEnd:
            let start = event == .siri
            guard system.siriActive != start else { throw .impossible(event.scriptName, state: start ? "Siri is already listening" : "Siri is not active") }
            next.siriActive = start
        case let .mediaServerCrash(delay):
            guard system.mediaServerRunning else { throw .impossible(event.scriptName, state: "the media server is already down") }
            next.mediaServerRunning = false
            outcome.fields["restart-after"] = .string(delay.description)
            outcome.followUps = [(delay, .mediaServerRestart)]
        case .mediaServerRestart:
            guard !system.mediaServerRunning else { throw .impossible(event.scriptName, state: "the media server is running") }
            next.mediaServerRunning = true
        default:
            throw .impossible(event.scriptName, state: "not a system event")
        }
        system = next
        outcome.fields.merge(system.traceFields(for: event)) { own, _ in own }
        return outcome
    }
}

extension SystemState.Call {
    var name: String {
        switch self {
        case .idle: "idle"
        case .ringing: "ringing"
        case .active: "active"
        }
    }
}

extension SystemState {
    /// The state an event leaves behind, recorded on its trace line.
    func traceFields(for event: DeviceEvent) -> [String: TraceValue] {
        switch event {
        case .ringerSwitch: ["silent": .bool(ringerSilent)]
        case .lockScreen, .unlockScreen: ["locked": .bool(screenLocked)]
        case .controlCenter, .dismissControlCenter: ["shown": .bool(controlCenterShown)]
        case .muteBuiltInMic, .unmuteBuiltInMic: ["muted": .bool(builtInMicMuted)]
        case .volumeUp, .volumeDown: ["volumeStep": .integer(volumeStep)]
        case .incomingCall, .answerCall, .declineCall, .hangUp: ["call": .string(call.name)]
        default: [:]
        }
    }
}
