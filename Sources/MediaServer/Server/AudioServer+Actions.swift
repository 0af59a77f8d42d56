import SimCore

extension AudioServer {
    /// Carries out what a policy machine decided, in order, and records each step.
    /// When a session went active or inactive, another session may now control the device, so the
    /// route is recomputed afterwards; an interrupted session's speaker override reverts (QA1754:
    /// "any route change or interruption").
    func carry(_ actions: [PolicyAction]) {
        var activationChanged = false
        for action in actions {
            switch action {
            case let .activated(app):
                activationOrder.removeAll { $0 == app }
                activationOrder.append(app)
                activationChanged = true
                record("session.activated", ["app": .string(app.name)])
            case let .deactivated(app):
                activationOrder.removeAll { $0 == app }
                activationChanged = true
                record("session.deactivated", ["app": .string(app.name)])
            case let .setDucked(app, ducked):
                record("session.ducked", ["app": .string(app.name), "ducked": .bool(ducked)])
            case let .notify(app, notification):
                if case .interruption(.began, _, _) = notification, let index = index(of: app),
                   apps[index].routing.revertSpeakerOverride() {
                    record("route.overrideReverted", ["app": .string(app.name)])
                }
                deliver(notification, to: app)
            }
        }
        if activationChanged { routeMayHaveChanged(.categoryChanged) }
    }

    /// Records the notification and hands it to the app's code.
    func deliver(_ notification: SessionNotification, to app: AppID) {
        var fields = notification.traceFields
        fields["app"] = .string(app.name)
        record("notify.\(notification.traceName)", fields)
        appRecord(app)?.observer(notification)
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
            return ["reason": .string("\(reason)"), "previousOutputs": .list(previous.outputs.map { .string($0.uid) }),
                    "previousInputs": .list(previous.inputs.map { .string($0.uid) })]
        case .mediaServicesWereLost, .mediaServicesWereReset:
            return [:]
        case let .silenceSecondaryAudioHint(type):
            return ["type": .string("\(type)")]
        }
    }
}
