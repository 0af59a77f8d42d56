import MediaServer
import SimCore
import VirtualDevices

/// Reads `steps:`: `{ at: 2s, do: <verb>, … }`, device events and app actions alike.
enum StepParser {
    static let deviceVerbs = DeviceVerb.scriptable.map(\.rawValue)
    static let sessionVerbs = SessionVerb.allCases.map(\.rawValue)
    /// Steps the scenario itself performs on the device's surroundings.
    static let signalVerbs = ["input-tone"]
    static let keys = ["at", "do", "call", "app", "accessory", "connector", "caller", "for", "restart-after", "category", "mode",
                       "policy", "options", "notify-others", "port", "hz", "duration", "granted", "tone", "channel"]
        + BluetoothStepParser.keys + AirPlayStepParser.keys

    static func steps(_ value: YAMLValue?, apps: [AppDeclaration], accessories: [AccessoryKind],
                      registry: ScenarioAppRegistry) throws(SourceError) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        // The accessory ids present by each step, named by the device's own rule, so a detach of
        // an id the device never names by then is refused here, at its line, not at run time. One
        // that was there and has gone is left to the device, whose refusal the scenario may
        // expect (`refused: detach`); unexpected, it fails the run at that step.
        var present = AccessoryIDAllocator(attaching: accessories.map(\.name))
        let verbs = allVerbs(registry)
        for item in try value?.optionalList("steps") ?? [] {
            let step = try read(item, apps: apps, registry: registry, verbs: verbs)
            if let previous = steps.last, step.at < previous.at {
                throw item.error("step at \(step.at) comes before the previous step at \(previous.at): steps must be in time order")
            }
            switch step.action {
            case let .device(.attach(kind, _)):
                present.attach(kind: kind.name)
            case let .device(.detach(id)), let .device(.bluetoothLinkLoss(id)):
                guard present.detach(id) || present.hasNamed(id) else {
                    let value = (try? item.mapping("a step", allowed: keys))?["accessory"] ?? item
                    let hint = closestName(to: id, among: present.ids).map { "; did you mean '\($0)'?" } ?? ""
                    throw value.error("no accessory '\(id)' is attached by then\(hint) (an accessory is its kind and one more than the "
                        + "highest instance of that kind attached at the time, e.g. wired-headphones#1; attached by then: "
                        + "\(present.ids.isEmpty ? "none" : present.ids.joined(separator: ", ")))")
                }
            default: break
            }
            steps.append(step)
        }
        return steps
    }

    static var worldVerbs: [String] { signalVerbs + BluetoothStepParser.verbs + AirPlayStepParser.verbs }

    /// Every verb a step may `do:`, as `choice` lists them: the device's, the session's, the
    /// world's, then the registry's app commands. Made once per scenario, not per step (it was
    /// most of the time a step took to read when `explore` parses thousands of scenarios).
    static func allVerbs(_ registry: ScenarioAppRegistry) -> [(String, String)] {
        let commands = Set(registry.models.flatMap(\.commands)).subtracting(deviceVerbs + sessionVerbs + worldVerbs).sorted()
        return (deviceVerbs + sessionVerbs + worldVerbs + commands).map { ($0, $0) }
    }

    static func read(_ value: YAMLValue, apps: [AppDeclaration], registry: ScenarioAppRegistry,
                     verbs: [(String, String)]) throws(SourceError) -> ScenarioStep {
        let map = try value.mapping("a step", allowed: keys)
        let at = try map.required("at").time("at")
        if let call = map["call"] { return try calledAction(call, at: at, map: map, step: value, apps: apps, registry: registry) }
        let verbValue = try map.required("do")
        let verb = try verbValue.string("do")
        _ = try verbValue.choice("step action", verbs)
        let action: StepAction
        if BluetoothStepParser.verbs.contains(verb) {
            action = .bluetooth(try BluetoothStepParser.step(verb, map))
        } else if AirPlayStepParser.verbs.contains(verb) {
            action = try AirPlayStepParser.step(verb, map)
        } else if signalVerbs.contains(verb) {
            action = .inputTone(port: try map.required("port").string("port (a name, UID or type)"),
                                channel: try map["channel"]?.int("channel", in: 1...64) ?? 1,
                                frequency: try map.required("tone").int("tone (Hz)", in: 20...20_000))
        } else if let deviceVerb = DeviceVerb(rawValue: verb), deviceVerb.isScriptable {
            if deviceVerb.movesApp { _ = try app(map, apps) }
            action = .device(try DeviceEventReader.event(deviceVerb, map))
        } else {
            let declaration = try app(map, apps)
            if let sessionVerb = SessionVerb(rawValue: verb) {
                action = .app(declaration.name, try sessionAction(sessionVerb, map))
            } else {
                let model = registry.model(named: declaration.model)
                guard model?.commands.contains(verb) == true else {
                    throw verbValue.error("a \(declaration.model) app has no '\(verb)' control (it has: \(model?.commands.joined(separator: ", ") ?? "none"))")
                }
                action = .app(declaration.name, .command(verb))
            }
        }
        return ScenarioStep(at: at, action: action, verb: verb, line: value.line, column: value.column)
    }

    /// `{ at: 3s, app: Podcasts, call: skipForward }`: any action the app's model registered, even
    /// one whose name is also a device verb.
    private static func calledAction(_ call: YAMLValue, at: HostTime, map: YAMLMapping, step: YAMLValue, apps: [AppDeclaration],
                                     registry: ScenarioAppRegistry) throws(SourceError) -> ScenarioStep {
        if let verb = map["do"] { throw verb.error("a step either does (do:) or calls an app's action (call:), not both") }
        let declaration = try app(map, apps)
        let commands = registry.model(named: declaration.model)?.commands ?? []
        let command = try call.choice("action of a \(declaration.model) app", commands.map { ($0, $0) })
        return ScenarioStep(at: at, action: .app(declaration.name, .command(command)), verb: command, line: step.line, column: step.column)
    }

    private static func app(_ map: YAMLMapping, _ apps: [AppDeclaration]) throws(SourceError) -> AppDeclaration {
        try map.required("app").choice("app (declare it under apps:)", apps.map { ($0.name, $0) })
    }

    private static func sessionAction(_ verb: SessionVerb, _ map: YAMLMapping) throws(SourceError) -> AppAction {
        switch verb {
        case .setCategory:
            return .setCategory(try map.required("category").choice("category", Vocabulary.categories),
                                mode: try map["mode"]?.choice("mode", Vocabulary.modes) ?? .default,
                                policy: try map["policy"]?.choice("route sharing policy", Vocabulary.policies) ?? .default,
                                options: CategoryOptions(try map["options"]?.choices("category option", Vocabulary.options) ?? []))
        case .setMode: return .setMode(try map.required("mode").choice("mode", Vocabulary.modes))
        case .activate: return .activate
        case .deactivate: return .deactivate(notifyOthers: try map["notify-others"]?.bool("notify-others") ?? false)
        case .setPreferredInput:
            let port = try map.required("port")
            if (try? port.string("port")) == "none" { return .setPreferredInput(nil) }
            return .setPreferredInput(try port.choice("input port type", Vocabulary.portTypes))
        case .overrideOutput:
            return .overrideOutput(try map.required("port").choice("output override", [("speaker", PortOverride.speaker), ("none", .none)]))
        case .setPreferredSampleRate:
            return .setPreferredSampleRate(try map.required("hz").int("hz", in: 0...1_000_000))
        case .setPreferredIOBufferDuration:
            return .setPreferredIOBufferDuration(HostDuration(nanoseconds: try map.required("duration").time("duration").nanoseconds))
        case .requestPermission: return .requestPermission
        case .answerPermission: return .answerPermission(granted: try map.required("granted").bool("granted"))
        }
    }

}
