import SimCore
import VirtualDevices

/// Writing a record as its JSON line. This file and `TraceRecord+Decoding.swift` are the only
/// places that spell a line's fields; docs/trace.md shows each line.
extension TraceRecord {
    public var event: TraceEvent {
        var fields = fact.fields
        if let simulatedDevice { fields[Self.simulatedDeviceKey] = .string(simulatedDevice) }
        return TraceEvent(time: time, kind: fact.kindName, fields: fields)
    }

    static let simulatedDeviceKey = "simulated-device"
}

extension TraceFact {
    public var kind: TraceKind? {
        switch self {
        case let .device(record): record.kind
        case .deviceRefused: .deviceRefused
        case .activated: .sessionActivated
        case .deactivated: .sessionDeactivated
        case .ducked: .sessionDucked
        case .silenced: .sessionSilenced
        case .nowPlaying: .sessionNowPlaying
        case .overrideReverted: .routeOverrideReverted
        case .permissionDialog: .permissionDialog
        case .alertSpared: .sessionAlertSpared
        case .routeChanged: .routeChanged
        case .hardwareChanged: .hardwareChanged
        case let .notification(_, notification): notification.kind
        case let .api(call): call.call
        case .app, .unlisted: nil
        case .step: .scenarioStep
        case .ioStarted: .audioIOStarted
        case .ioStopped: .audioIOStopped
        case .ioFormat: .audioIOFormat
        case .appGain: .audioAppGain
        case .levels: .audioLevels
        case let .other(kind, _): kind
        }
    }

    /// The `kind` of the JSON line.
    public var kindName: String {
        switch self {
        case let .app(event): AppEventRecord.kindName(model: event.model, what: event.what)
        case let .unlisted(event): event.kind
        default: kind?.rawValue ?? ""
        }
    }

    /// The app the line is about, when it names one.
    public var app: String? {
        switch self {
        case let .device(record): record.app
        case let .deviceRefused(_, _, app): app
        case let .activated(app), let .deactivated(app), let .ducked(app, _), let .silenced(app, _), let .nowPlaying(app),
             let .overrideReverted(app), let .permissionDialog(app), let .notification(app, _), let .alertSpared(app, _):
            app
        case let .api(call): call.app
        case let .app(event): event.app
        case let .appGain(app, _): app
        case let .other(_, fields): if case let .string(name)? = fields["app"] { name } else { nil }
        case let .unlisted(event): if case let .string(name)? = event.fields["app"] { name } else { nil }
        case .routeChanged, .hardwareChanged, .step, .ioStarted, .ioStopped, .ioFormat, .levels: nil
        }
    }

    /// The line's fields, as written.
    public var fields: [String: TraceValue] {
        switch self {
        case let .device(record): return record.fields
        case let .deviceRefused(event, reason, app):
            var fields: [String: TraceValue] = ["event": .string(event), "reason": .string(reason)]
            if let app { fields["app"] = .string(app) }
            return fields
        case let .activated(app), let .deactivated(app), let .nowPlaying(app), let .overrideReverted(app), let .permissionDialog(app):
            return ["app": .string(app)]
        case let .ducked(app, ducked): return ["app": .string(app), "ducked": .bool(ducked)]
        case let .silenced(app, silenced): return ["app": .string(app), "silenced": .bool(silenced)]
        case let .alertSpared(app, source): return ["app": .string(app), "source": .string(source)]
        case let .routeChanged(route): return ["outputs": route.outputs.traceValue, "inputs": route.inputs.traceValue]
        case let .hardwareChanged(hz, frames): return ["hz": .int(hz), "frames": .int(frames)]
        case let .notification(app, notification):
            var fields = notification.fields
            fields["app"] = .string(app)
            return fields
        case let .api(call):
            var fields = call.arguments
            fields["app"] = .string(call.app)
            switch call.result {
            case .ok: fields["result"] = "ok"
            case let .failed(code, rule):
                fields["result"] = .string(code)
                fields["rule"] = .string(rule)
            }
            return fields
        case let .app(event):
            var fields = event.details.mapValues { TraceValue.string($0) }
            fields["app"] = .string(event.app)
            return fields
        case let .step(number, verb, line): return ["step": .int(number), "do": .string(verb), "line": .int(line)]
        case let .ioStarted(hz, frames), let .ioStopped(hz, frames): return ["hz": .int(hz), "frames": .int(frames)]
        case let .ioFormat(from, to, frames): return ["from": .int(from), "to": .int(to), "frames": .int(frames)]
        case let .appGain(app, perMille): return ["app": .string(app), "gainPerMille": .int(perMille)]
        case let .levels(port, stepMs, peakDB):
            return ["port": .string(port), "stepMs": .int(stepMs), "peakDB": .list(peakDB.map { .list($0.map(TraceValue.int)) })]
        case let .other(_, fields): return fields
        case let .unlisted(event): return event.fields
        }
    }
}

extension SessionNotificationRecord {
    /// The userInfo as trace fields, with Apple's case names.
    var fields: [String: TraceValue] {
        switch self {
        case let .interruption(type, reason, options):
            var fields: [String: TraceValue] = ["type": .string("\(type)")]
            if let reason { fields["reason"] = .string("\(reason)") }
            if let options { fields["options"] = .list(options.contains(.shouldResume) ? ["shouldResume"] : []) }
            return fields
        case let .routeChange(reason, previous):
            return ["reason": .string("\(reason)"), "previousOutputs": previous.outputs.traceValue,
                    "previousInputs": previous.inputs.traceValue]
        case .mediaServicesWereLost, .mediaServicesWereReset, .userIntentToUnmuteOutput, .availableInputsChange:
            return [:]
        case let .silenceSecondaryAudioHint(type):
            return ["type": .string("\(type)")]
        case let .inputMuteStateChange(muted), let .outputMuteStateChange(muted):
            return ["muted": .bool(muted)]
        case let .renderingModeChange(mode):
            return ["mode": .string("\(mode)")]
        case let .spatialPlaybackCapabilitiesChanged(enabled):
            return ["spatialAudioEnabled": .bool(enabled)]
        }
    }
}

extension [TracedPort] {
    /// Ports as trace lines carry them: type and UID.
    var traceValue: TraceValue {
        .list(map { .object(["type": .string($0.type.rawValue), "uid": .string($0.uid)]) })
    }
}
