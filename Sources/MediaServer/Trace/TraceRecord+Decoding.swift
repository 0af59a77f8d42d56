import SimCore
import VirtualDevices

/// Reading a JSON line back into a record. A typed case is chosen only when the line's fields are
/// exactly what that case writes, so `TraceRecord(decoding: line).event == line` for every line;
/// anything else keeps its fields (`other`), or the whole line when its kind is unknown (`unlisted`).
extension TraceRecord {
    public init(decoding event: TraceEvent) {
        guard case let .string(device)? = event.fields[Self.simulatedDeviceKey] else {
            self.init(time: event.time, TraceFact(decoding: event))
            return
        }
        var fields = event.fields
        fields[Self.simulatedDeviceKey] = nil
        self.init(time: event.time, TraceFact(decoding: TraceEvent(time: event.time, kind: event.kind, fields: fields)),
                  simulatedDevice: device)
    }
}

extension Trace {
    /// The trace's lines as records, in order.
    public var records: [TraceRecord] { events.map(TraceRecord.init(decoding:)) }
}

extension TraceFact {
    init(decoding event: TraceEvent) {
        guard let kind = TraceKind(rawValue: event.kind) else {
            self = AppEventRecord(decoding: event).map(TraceFact.app) ?? .unlisted(event)
            return
        }
        var reader = FieldReader(event.fields)
        if let fact = Self.typed(kind, &reader), reader.isExhausted, fact.fields == event.fields {
            self = fact
        } else {
            self = .other(kind, event.fields)
        }
    }

    /// The typed case for `kind`, reading its fields; nil when they do not fit.
    private static func typed(_ kind: TraceKind, _ r: inout FieldReader) -> TraceFact? {
        if kind.deviceVerb != nil { return .device(DeviceEventRecord(kind: kind, fields: r.takeAll())) }
        if kind.apiCall != nil {
            guard let app = r.string("app"), let result = r.string("result") else { return nil }
            let outcome: APICallRecord.Result
            if result == "ok" { outcome = .ok } else {
                guard let rule = r.string("rule") else { return nil }
                outcome = .failed(code: result, rule: rule)
            }
            return .api(APICallRecord(call: kind, app: app, arguments: r.takeAll(), result: outcome))
        }
        switch kind {
        case .deviceRefused:
            guard let event = r.string("event"), let reason = r.string("reason") else { return nil }
            return .deviceRefused(event: event, reason: reason, app: r.string("app"))
        case .sessionActivated: return r.string("app").map(TraceFact.activated)
        case .sessionDeactivated: return r.string("app").map(TraceFact.deactivated)
        case .sessionNowPlaying: return r.string("app").map(TraceFact.nowPlaying)
        case .routeOverrideReverted: return r.string("app").map(TraceFact.overrideReverted)
        case .permissionDialog: return r.string("app").map(TraceFact.permissionDialog)
        case .sessionAlertSpared:
            guard let app = r.string("app"), let source = r.string("source") else { return nil }
            return .alertSpared(app: app, source: source)
        case .sessionDucked:
            guard let app = r.string("app"), let ducked = r.bool("ducked") else { return nil }
            return .ducked(app: app, ducked)
        case .sessionSilenced:
            guard let app = r.string("app"), let silenced = r.bool("silenced") else { return nil }
            return .silenced(app: app, silenced)
        case .routeChanged:
            guard let outputs = r.ports("outputs"), let inputs = r.ports("inputs") else { return nil }
            return .routeChanged(TracedRoute(outputs: outputs, inputs: inputs))
        case .hardwareChanged:
            guard let hz = r.int("hz"), let frames = r.int("frames") else { return nil }
            return .hardwareChanged(hz: hz, frames: frames)
        case .notifyInterruption, .notifyRouteChange, .notifyMediaServicesWereLost, .notifyMediaServicesWereReset,
             .notifySilenceSecondaryAudioHint, .notifyInputMuteStateChange, .notifyRenderingModeChange,
             .notifySpatialPlaybackCapabilitiesChanged, .notifyOutputMuteStateChange, .notifyUserIntentToUnmuteOutput,
             .notifyAvailableInputsChange:
            guard let app = r.string("app"), let notification = SessionNotificationRecord(kind, &r) else { return nil }
            return .notification(app: app, notification)
        case .scenarioStep:
            guard let number = r.int("step"), let verb = r.string("do"), let line = r.int("line") else { return nil }
            return .step(number: number, verb: verb, line: line)
        case .audioIOStarted, .audioIOStopped:
            guard let hz = r.int("hz"), let frames = r.int("frames") else { return nil }
            return kind == .audioIOStarted ? .ioStarted(hz: hz, frames: frames) : .ioStopped(hz: hz, frames: frames)
        case .audioIOFormat:
            guard let from = r.int("from"), let to = r.int("to"), let frames = r.int("frames") else { return nil }
            return .ioFormat(from: from, to: to, frames: frames)
        case .audioAppGain:
            guard let app = r.string("app"), let perMille = r.int("gainPerMille") else { return nil }
            return .appGain(app: app, perMille: perMille)
        case .audioLevels:
            guard let port = r.string("port"), let stepMs = r.int("stepMs"), let peakDB = r.intLists("peakDB") else { return nil }
            return .levels(port: port, stepMs: stepMs, peakDB: peakDB)
        default:
            return .other(kind, r.takeAll())
        }
    }
}

extension SessionNotificationRecord {
    fileprivate init?(_ kind: TraceKind, _ r: inout FieldReader) {
        switch kind {
        case .notifyInterruption:
            guard let type = r.named("type", InterruptionType.self) else { return nil }
            var reason: InterruptionReason?
            if r.has("reason") { guard let named = r.named("reason", InterruptionReason.self) else { return nil }; reason = named }
            var options: InterruptionOptions?
            if r.has("options") { options = r.names("options")?.contains("shouldResume") == true ? .shouldResume : [] }
            self = .interruption(type: type, reason: reason, options: options)
        case .notifyRouteChange:
            guard let reason = r.named("reason", RouteChangeReason.self), let outputs = r.ports("previousOutputs"),
                  let inputs = r.ports("previousInputs") else { return nil }
            self = .routeChange(reason: reason, previous: TracedRoute(outputs: outputs, inputs: inputs))
        case .notifyMediaServicesWereLost: self = .mediaServicesWereLost
        case .notifyMediaServicesWereReset: self = .mediaServicesWereReset
        case .notifySilenceSecondaryAudioHint:
            guard let type = r.named("type", SilenceSecondaryAudioHintType.self) else { return nil }
            self = .silenceSecondaryAudioHint(type)
        case .notifyInputMuteStateChange:
            guard let muted = r.bool("muted") else { return nil }
            self = .inputMuteStateChange(muted: muted)
        case .notifyRenderingModeChange:
            guard let mode = r.named("mode", RenderingMode.self) else { return nil }
            self = .renderingModeChange(mode)
        case .notifySpatialPlaybackCapabilitiesChanged:
            guard let enabled = r.bool("spatialAudioEnabled") else { return nil }
            self = .spatialPlaybackCapabilitiesChanged(spatialAudioEnabled: enabled)
        case .notifyOutputMuteStateChange:
            guard let muted = r.bool("muted") else { return nil }
            self = .outputMuteStateChange(muted: muted)
        case .notifyUserIntentToUnmuteOutput: self = .userIntentToUnmuteOutput
        case .notifyAvailableInputsChange: self = .availableInputsChange
        default: return nil
        }
    }
}

extension AppEventRecord {
    /// `app.<model>.<what>` with an `app` and only text details.
    init?(decoding event: TraceEvent) {
        let parts = event.kind.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "app", !parts[1].isEmpty, !parts[2].isEmpty,
              case let .string(app)? = event.fields["app"] else { return nil }
        var details: [String: String] = [:]
        for (key, value) in event.fields where key != "app" {
            guard case let .string(text) = value else { return nil }
            details[key] = text
        }
        self.init(app: app, model: String(parts[1]), what: String(parts[2]), details: details)
    }
}

/// Takes a line's fields one by one, so a decoder can tell whether it used them all.
private struct FieldReader {
    private var fields: [String: TraceValue]

    init(_ fields: [String: TraceValue]) { self.fields = fields }

    var isExhausted: Bool { fields.isEmpty }

    func has(_ key: String) -> Bool { fields[key] != nil }

    mutating func takeAll() -> [String: TraceValue] {
        defer { fields = [:] }
        return fields
    }

    mutating func string(_ key: String) -> String? {
        guard case let .string(value)? = fields[key] else { return nil }
        fields[key] = nil
        return value
    }

    mutating func int(_ key: String) -> Int64? {
        guard case let .int(value)? = fields[key] else { return nil }
        fields[key] = nil
        return value
    }

    mutating func bool(_ key: String) -> Bool? {
        guard case let .bool(value)? = fields[key] else { return nil }
        fields[key] = nil
        return value
    }

    mutating func names(_ key: String) -> [String]? {
        guard case let .list(items)? = fields[key] else { return nil }
        let names = items.compactMap { if case let .string(name) = $0 { name } else { nil } }
        guard names.count == items.count else { return nil }
        fields[key] = nil
        return names
    }

    /// An enum written by its case name (`"\(value)"`).
    mutating func named<T: CaseIterable>(_ key: String, _: T.Type) -> T? {
        guard case let .string(name)? = fields[key], let value = T.allCases.first(where: { "\($0)" == name }) else { return nil }
        fields[key] = nil
        return value
    }

    mutating func intLists(_ key: String) -> [[Int64]]? {
        guard case let .list(lists)? = fields[key] else { return nil }
        var result: [[Int64]] = []
        for list in lists {
            guard case let .list(items) = list else { return nil }
            let values = items.compactMap { if case let .int(value) = $0 { value } else { nil } }
            guard values.count == items.count else { return nil }
            result.append(values)
        }
        fields[key] = nil
        return result
    }

    mutating func ports(_ key: String) -> [TracedPort]? {
        guard case let .list(items)? = fields[key] else { return nil }
        var ports: [TracedPort] = []
        for item in items {
            guard case let .object(port) = item, port.count == 2, case let .string(raw)? = port["type"],
                  let type = PortType(rawValue: raw), case let .string(uid)? = port["uid"] else { return nil }
            ports.append(TracedPort(type: type, uid: uid))
        }
        fields[key] = nil
        return ports
    }
}
