import SimCore
import VirtualDevices

extension AudioServer {
    /// Carries out what the policy decided, in order: each effect becomes a trace line, and
    /// notifications reach the app's code (which may call back into the server: the policy has
    /// already finished its input by then).
    func carry(_ effects: [PolicyEffect]) {
        for effect in effects {
            switch effect {
            case let .activated(app): record("session.activated", ["app": .string(app.name)])
            case let .deactivated(app): record("session.deactivated", ["app": .string(app.name)])
            case let .setDucked(app, ducked):
                record("session.ducked", ["app": .string(app.name), "ducked": .bool(ducked)])
            case let .notify(app, notification): deliver(notification, to: app)
            case let .nowPlaying(app): record("session.nowPlaying", ["app": .string(app.name)])
            case let .overrideReverted(app): record("route.overrideReverted", ["app": .string(app.name)])
            case let .silenced(app, silenced):
                record("session.silenced", ["app": .string(app.name), "silenced": .bool(silenced)])
            case let .routeChanged(route):
                record("route.changed", ["outputs": route.outputs.traceValue, "inputs": route.inputs.traceValue])
            case let .hardwareChanged(hardware):
                record("hardware.changed", ["hz": .integer(hardware.sampleRate), "frames": .integer(hardware.ioBufferFrames)])
            case let .permissionDialog(app): record("permission.dialog", ["app": .string(app.name)])
            }
        }
    }

    /// Records the notification and hands it to the app's code.
    func deliver(_ notification: SessionNotification, to app: AppID) {
        var fields = notification.traceFields
        fields["app"] = .string(app.name)
        record("notify.\(notification.traceName)", fields)
        if case .interruption(.began, _, _) = notification { watchers.notify(.interruptionBegan(app)) }
        endpoints[app]?.observer(notification)
    }
}

extension SessionNotification {
    var traceName: String {
        switch self {
        case .interruption: "interruption"
        case .routeChange: "routeChange"
        case .mediaServicesWereLost: "mediaServicesWereLost"
        case .mediaServicesWereReset: "mediaServicesWereReset"
        case .silenceSecondaryAudioHint: "silenceSecondaryAudioHint"
        }
    }

    /// The userInfo as trace fields, with Apple's case names.
    var traceFields: [String: TraceValue] {
        switch self {
        case let .interruption(type, reason, options):
            var fields: [String: TraceValue] = ["type": .string("\(type)")]
            if let reason { fields["reason"] = .string("\(reason)") }
            if let options { fields["options"] = .list(options.contains(.shouldResume) ? ["shouldResume"] : []) }
            return fields
        case let .routeChange(reason, previous):
            return ["reason": .string("\(reason)"), "previousOutputs": previous.outputs.traceValue,
                    "previousInputs": previous.inputs.traceValue]
        case .mediaServicesWereLost, .mediaServicesWereReset:
            return [:]
        case let .silenceSecondaryAudioHint(type):
            return ["type": .string("\(type)")]
        }
    }
}

extension [Port] {
    /// Ports as trace lines carry them: type and UID, so a reader needs no table of ports to
    /// know what a gone port was.
    var traceValue: TraceValue {
        .list(map { .object(["type": .string($0.portType.rawValue), "uid": .string($0.uid)]) })
    }
}
