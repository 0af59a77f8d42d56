import MediaServer
import SimCore
import VirtualDevices

/// Reads `expect:`. Each entry is one of
/// `{ at:, app:, notification: …, <userInfo> }`, `{ at:, app:, error: …, call: … }`,
/// `{ at:, app:, app-event: …, with: {…} }`, `{ at:, refused: <verb> }`, `{ at:, app:, state: {…} }`.
enum ExpectationParser {
    static let keys = ["at", "app", "notification", "type", "options", "reason", "previous-outputs", "previous-inputs",
                       "error", "call", "app-event", "with", "refused", "state", "from", "to", "port", "audio", "channels", "recorded",
                       "ble", "peer"]
    static let stateKeys = ["active", "interrupted", "ducked", "silenced", "playing", "foreground", "output", "input",
                            "sample-rate", "io-buffer-frames", "io-buffer-duration", "category", "permission",
                            "other-audio-playing", "secondary-audio-hint", "output-channels", "input-channels"]

    static func expectations(_ value: YAMLValue?, scenario: Scenario, ports: PortNames,
                             registry: ScenarioAppRegistry) throws(SourceError) -> [Expectation] {
        var result: [Expectation] = []
        for item in try value?.optionalList("expect") ?? [] {
            result.append(try read(item, scenario: scenario, ports: ports, registry: registry))
        }
        return result
    }

    static func read(_ value: YAMLValue, scenario: Scenario, ports: PortNames,
                     registry: ScenarioAppRegistry) throws(SourceError) -> Expectation {
        let map = try value.mapping("an expectation", allowed: keys)
        if map["audio"] != nil || map["port"] != nil || map["recorded"] != nil {
            return Expectation(kind: .audio(try AudioCheckParser.read(map, value: value, scenario: scenario, ports: ports)), at: nil,
                               line: value.line, column: value.column)
        }
        let at = try map["at"]?.time("at")
        let app = try map["app"].map { v throws(SourceError) in try v.choice("app (declare it under apps:)", scenario.apps.map { ($0.name, $0) }) }
        let forms = ["notification", "error", "app-event", "refused", "state", "ble"].filter { map[$0] != nil }
        guard forms.count == 1 else {
            throw value.error(forms.isEmpty
                ? "an expectation needs one of notification:, error:, app-event:, refused:, state: or ble:"
                : "an expectation has one of notification:, error:, app-event:, refused:, state: or ble:, not \(forms.joined(separator: " and "))")
        }
        let kind: Expectation.Kind
        switch forms[0] {
        case "state":
            guard let app else { throw value.error("a state expectation needs app:") }
            guard at != nil else { throw value.error("a state expectation needs at: (when the state must hold)") }
            kind = .state(app: app.name, try states(map.required("state")))
        case "notification": kind = .event(try notification(map, app: app))
        case "error": kind = .event(try error(map, app: app))
        case "refused":
            let stepVerbs = StepParser.deviceVerbs + StepParser.sessionVerbs + BluetoothStepParser.verbs
            let verbs = stepVerbs + Set(registry.models.flatMap(\.commands)).subtracting(stepVerbs).sorted()
            let verb = try map.required("refused").choice("step action", verbs.map { ($0, $0) })
            kind = .event(EventPattern(subject: .kind(.deviceRefused), fields: appField(app) + [("event", .value(.string(verb)))]))
        case "ble": kind = .event(try bluetooth(map))
        default: kind = .event(try appEvent(map, app: app, value: value))
        }
        try rejectUnused(map, form: forms[0])
        return Expectation(kind: kind, at: at, line: value.line, column: value.column)
    }

    /// Keys that belong to another form are mistakes, not silently ignored.
    private static func rejectUnused(_ map: YAMLMapping, form: String) throws(SourceError) {
        let allowed: [String: [String]] = [
            "notification": ["type", "options", "reason", "previous-outputs", "previous-inputs"],
            "error": ["call"], "app-event": ["with"], "refused": [], "state": [], "ble": ["peer", "reason"],
        ]
        for (key, _) in map.entries {
            let name = key.node.string ?? ""
            if ["at", "app", form].contains(name) || allowed[form]!.contains(name) { continue }
            throw key.error("'\(name)' does not apply to \(form == "error" || form == "app-event" ? "an" : "a") \(form) expectation")
        }
    }

    private static func appField(_ app: AppDeclaration?) -> [(key: String, match: EventPattern.FieldMatch)] {
        app.map { [("app", .value(.string($0.name)))] } ?? []
    }

    private static func notification(_ map: YAMLMapping, app: AppDeclaration?) throws(SourceError) -> EventPattern {
        let name = try map.required("notification").choice("notification", Vocabulary.notifications)
        var fields = appField(app)
        func forbid(_ keys: [String]) throws(SourceError) {
            for key in keys { if let value = map[key] { throw value.error("\(key) is not part of a \(name) notification") } }
        }
        switch name {
        case "interruption":
            try forbid(["previous-outputs", "previous-inputs"])
            if let type = map["type"] { fields.append(("type", .value(.string(try type.choice("interruption type", Vocabulary.interruptionTypes))))) }
            if let reason = map["reason"] { fields.append(("reason", .value(.string(try reason.choice("interruption reason", Vocabulary.interruptionReasons))))) }
            if let options = map["options"] {
                let list = try options.choices("interruption option", [("shouldResume", "shouldResume")])
                fields.append(("options", .value(.list(list.map { .string($0) }))))
            }
        case "routeChange":
            try forbid(["type", "options"])
            if let reason = map["reason"] { fields.append(("reason", .value(.string(try reason.choice("route change reason", Vocabulary.routeChangeReasons))))) }
            if let outputs = map["previous-outputs"] { fields.append(("previousOutputs", .portTypes(try ports(outputs)))) }
            if let inputs = map["previous-inputs"] { fields.append(("previousInputs", .portTypes(try ports(inputs)))) }
        case "silenceSecondaryAudioHint":
            try forbid(["options", "reason", "previous-outputs", "previous-inputs"])
            if let type = map["type"] { fields.append(("type", .value(.string(try type.choice("hint type", Vocabulary.hintTypes))))) }
        default:
            try forbid(["type", "options", "reason", "previous-outputs", "previous-inputs"])
        }
        return EventPattern(subject: .kind(try traceKind(try map.required("notification")) { $0.notificationName == name }), fields: fields)
    }

    /// `{ ble: pairing-refused, peer: Keys }`, `{ ble: disconnected, peer: Keys, reason: idle }`:
    /// a line the radio traced (`ble.<event>`).
    private static func bluetooth(_ map: YAMLMapping) throws(SourceError) -> EventPattern {
        let event = try map.required("ble").choice("Bluetooth event", Vocabulary.bluetoothEvents)
        var fields: [(key: String, match: EventPattern.FieldMatch)] = []
        if let peer = map["peer"] { fields.append(("peer", .value(.string(try peer.string("peer"))))) }
        if let reason = map["reason"] {
            fields.append(("reason", .value(.string(try reason.choice("disconnect reason", Vocabulary.bluetoothDisconnectReasons)))))
        }
        return EventPattern(subject: .kind(try traceKind(try map.required("ble")) { $0 == TraceKind(bluetoothEvent: event) }), fields: fields)
    }

    private static func error(_ map: YAMLMapping, app: AppDeclaration?) throws(SourceError) -> EventPattern {
        let code = try map.required("error").choice("session error", Vocabulary.errors)
        let call = try map["call"]?.choice("API call", Vocabulary.apiCalls)
        let subject: EventPattern.Subject = if let call { .kind(try traceKind(try map.required("call")) { $0.apiCall == call }) } else { .anyCall }
        return EventPattern(subject: subject, fields: appField(app) + [("result", .value(.string(code)))])
    }

    private static func appEvent(_ map: YAMLMapping, app: AppDeclaration?, value: YAMLValue) throws(SourceError) -> EventPattern {
        guard let app else { throw value.error("an app-event expectation needs app:") }
        let what = try map.required("app-event").string("app-event")
        var fields = appField(app)
        if let with = map["with"] {
            for (key, field) in try with.freeMapping("with") {
                let name = try key.string("a field name")
                fields.append((name, .value(.string(try field.string(name)))))
            }
        }
        return EventPattern(subject: .appEvent(model: app.model, what: what), fields: fields)
    }

    /// The trace kind a vocabulary word names (every word the vocabulary accepts has one).
    private static func traceKind(_ value: YAMLValue, _ named: (TraceKind) -> Bool) throws(SourceError) -> TraceKind {
        guard let kind = TraceKind.allCases.first(where: named) else {
            throw value.error("'\(value.node.string ?? "")' names no line the trace can hold")
        }
        return kind
    }

    private static func ports(_ value: YAMLValue) throws(SourceError) -> [PortType] {
        if case .scalar = value.node, value.node.string == "none" { return [] }
        return try value.choices("port type", Vocabulary.portTypes)
    }

    /// `2` (how many) or `[Left, Right]` (the route's channel names, in order).
    private static func channels(_ value: YAMLValue, _ name: String) throws(SourceError) -> ChannelsCheck {
        if case .scalar = value.node, let text = value.node.string, Int(text) != nil {
            return .count(try value.int(name, in: 0...256))
        }
        return .names(try value.names(name))
    }

    private static func states(_ value: YAMLValue) throws(SourceError) -> [StateCheck] {
        let map = try value.mapping("a state", allowed: stateKeys)
        var checks: [StateCheck] = []
        for (key, field) in map.entries {
            let name = key.node.string ?? ""
            switch name {
            case "active": checks.append(.active(try field.bool(name)))
            case "interrupted": checks.append(.interrupted(try field.bool(name)))
            case "ducked": checks.append(.ducked(try field.bool(name)))
            case "silenced": checks.append(.silenced(try field.bool(name)))
            case "playing": checks.append(.playing(try field.bool(name)))
            case "foreground": checks.append(.foreground(try field.bool(name)))
            case "output": checks.append(.outputs(try ports(field)))
            case "input": checks.append(.inputs(try ports(field)))
            case "sample-rate": checks.append(.sampleRate(try field.int(name, in: 1...1_000_000)))
            case "io-buffer-frames": checks.append(.ioBufferFrames(try field.int(name, in: 1...1_000_000)))
            case "io-buffer-duration": checks.append(.ioBufferDuration(try field.duration(name)))
            case "category": checks.append(.category(try field.choice("category", Vocabulary.categories)))
            case "other-audio-playing": checks.append(.otherAudioPlaying(try field.bool(name)))
            case "secondary-audio-hint": checks.append(.secondaryAudioHint(try field.bool(name)))
            case "output-channels": checks.append(.outputChannels(try channels(field, name)))
            case "input-channels": checks.append(.inputChannels(try channels(field, name)))
            default: checks.append(.permission(try field.choice("permission", Vocabulary.permissions)))
            }
        }
        if checks.isEmpty { throw value.error("a state expectation needs at least one property") }
        return checks
    }
}
