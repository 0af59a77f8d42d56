import Scenario
import SimCore

/// Makes random but valid scenarios from the scenario vocabulary with `SimRandom`: apps launching,
/// playing, pausing and calling their session; accessories coming and going; calls, alarms and
/// Siri in their proper order; the ringer, the lock, and media-server crashes at any step.
///
/// Valid means the parser accepts it and every step names something that exists by then
/// (a detach names an attached accessory, a command belongs to the app's model, a hang-up
/// follows an answered call). Run `k` of seed `S` draws from `SimRandom(seed: S).fork("run k")`
/// only, so a run is the same whatever ran before it.
public struct ScenarioGenerator: Sendable {
    public var apps: [AppUnderTest]
    public var device: String
    public var platform: String
    public var steps: Int
    public var registry: ScenarioAppRegistry

    public init(apps: [AppUnderTest], device: String = "iphone", platform: String = "ios17", steps: Int = 12,
                registry: ScenarioAppRegistry = .standard) {
        self.apps = apps
        self.device = device
        self.platform = platform
        self.steps = steps
        self.registry = registry
    }

    /// Accessories the generator attaches: each adds an output port that competes for the route.
    static let accessories = ["wired-headphones", "wired-headset", "usb-interface:2x2", "hdmi:2", "bluetooth-a2dp"]
    static let categories = ["ambient", "soloAmbient", "playback", "record", "playAndRecord"]
    static let optionSets: [[String]] = [[], ["mixWithOthers"], ["duckOthers"], ["interruptSpokenAudioAndMixWithOthers"]]
    static let gapsMs: [Int64] = [0, 50, 100, 250, 500, 1_000, 2_000]

    public func script(run: Int, seed: UInt64) -> ExploreScript {
        var random = SimRandom(seed: seed).fork("run \(run)")
        var state = GeneratorState()
        let declared = declareApps(&random)
        var script = ExploreScript(
            name: "explore-\(seed)-\(run)", seed: random.next() % 1_000_000, device: device, platform: platform,
            endsInterruptionWithoutNotifyOthers: random.chance(1, in: 4),
            accessories: random.chance(1, in: 3) ? [random.pick(Self.accessories)] : [], apps: declared, steps: [])
        for accessory in script.accessories { state.attach(accessory) }
        var time: Int64 = 0
        for _ in 0..<steps {
            time += random.pick(Self.gapsMs)
            script.steps.append(nextStep(at: time, apps: declared, state: &state, random: &random))
        }
        return script
    }

    /// One to three apps, each at most once: every app with a mistake, then others at random.
    private func declareApps(_ random: inout SimRandom) -> [ExploreScript.App] {
        var pool = apps.filter { $0.mistake == nil }
        random.shuffle(&pool)
        pool = apps.filter { $0.mistake != nil } + pool
        let count = min(pool.count, max(apps.filter { $0.mistake != nil }.count, Int(random.integer(in: 1...3))))
        var declared: [ExploreScript.App] = []
        for app in pool.prefix(count) {
            let base = app.model.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            let name = declared.contains { $0.name == base } ? "\(base)\(declared.count + 1)" : base
            var options: [String]?
            if app.model == "navigation" { options = random.chance(1, in: 2) ? ["duckOthers"] : nil }
            declared.append(ExploreScript.App(name: name, model: app.model, mistakes: app.mistake.map { [$0] } ?? [],
                                              options: options))
        }
        return declared
    }

    private func nextStep(at time: Int64, apps: [ExploreScript.App], state: inout GeneratorState,
                          random: inout SimRandom) -> ExploreScript.Step {
        let roll = random.uniform(below: 100)
        let app = random.pick(apps)
        if !state.running.contains(app.name) {
            state.running.insert(app.name)
            return .init(at: time, verb: "launch", app: app.name)
        }
        switch roll {
        case 0..<40:
            let commands = registry.model(named: app.model)?.commands ?? []
            return .init(at: time, verb: random.pick(commands), app: app.name)
        case 40..<55: return sessionCall(at: time, app: app.name, random: &random)
        case 55..<65: return lifecycle(at: time, app: app.name, state: &state, random: &random)
        case 65..<78: return accessoryEvent(at: time, state: &state, random: &random)
        case 78..<93: return systemEvent(at: time, state: &state, random: &random)
        default:
            if random.chance(1, in: 2) {
                return .init(at: time, verb: "media-server-crash", fields: [.init(key: "restart-after", value: "\(random.pick([100, 300, 500, 1_000]))ms")])
            }
            return .init(at: time, verb: random.pick(["ringer-silent", "ringer-ring", "lock-screen", "unlock-screen"]))
        }
    }

    private func sessionCall(at time: Int64, app: String, random: inout SimRandom) -> ExploreScript.Step {
        switch random.uniform(below: 6) {
        case 0, 1: return .init(at: time, verb: "activate", app: app)
        case 2, 3:
            return .init(at: time, verb: "deactivate", app: app, fields: [.init(key: "notify-others", value: random.chance(1, in: 2) ? "true" : "false")])
        case 4:
            var fields = [ExploreScript.Field(key: "category", value: random.pick(Self.categories))]
            let options = random.pick(Self.optionSets)
            if !options.isEmpty { fields.append(.init(key: "options", value: "[\(options.joined(separator: ", "))]")) }
            return .init(at: time, verb: "set-category", app: app, fields: fields)
        default:
            return .init(at: time, verb: "request-permission", app: app)
        }
    }

    private func lifecycle(at time: Int64, app: String, state: inout GeneratorState, random: inout SimRandom) -> ExploreScript.Step {
        let verb = random.pick(["foreground", "background", "background", "terminate"])
        if verb == "terminate" { state.running.remove(app) }
        return .init(at: time, verb: verb, app: app)
    }

    private func accessoryEvent(at time: Int64, state: inout GeneratorState, random: inout SimRandom) -> ExploreScript.Step {
        if !state.attached.isEmpty, random.chance(1, in: 2) {
            let id = state.attached.remove(at: Int(random.uniform(below: UInt64(state.attached.count))))
            return .init(at: time, verb: "detach", fields: [.init(key: "accessory", value: id)])
        }
        let kind = random.pick(Self.accessories)
        state.attach(kind)
        return .init(at: time, verb: "attach", fields: [.init(key: "accessory", value: ExploreScript.quoted(kind))])
    }

    /// Calls, alarms and Siri, each in its own order (ring, then answer or decline; answer, then hang up).
    private func systemEvent(at time: Int64, state: inout GeneratorState, random: inout SimRandom) -> ExploreScript.Step {
        switch state.system {
        case .ringing:
            let answer = random.chance(1, in: 2)
            state.system = answer ? .inCall : .idle
            return .init(at: time, verb: answer ? "answer-call" : "decline-call")
        case .inCall:
            state.system = .idle
            return .init(at: time, verb: "hang-up")
        case .alarm:
            state.system = .idle
            return .init(at: time, verb: "dismiss-alarm")
        case .siri:
            state.system = .idle
            return .init(at: time, verb: "siri-end")
        case .idle:
            switch random.uniform(below: 3) {
            case 0:
                state.system = .ringing
                return .init(at: time, verb: "incoming-call", fields: [.init(key: "caller", value: "Bob")])
            case 1:
                state.system = .alarm
                return .init(at: time, verb: "alarm")
            default:
                state.system = .siri
                return .init(at: time, verb: "siri")
            }
        }
    }
}

/// What the generator must remember so its steps stay valid.
struct GeneratorState {
    enum System { case idle, ringing, inCall, alarm, siri }
    var running: Set<String> = []
    /// Attached accessory ids (`kind#n`), and how many of each kind were ever attached.
    var attached: [String] = []
    var attachCounts: [String: Int] = [:]
    var system = System.idle

    /// Ids name the kind without its parameters: `usb-interface:2x2` is `usb-interface#1`.
    mutating func attach(_ accessory: String) {
        let kind = String(accessory.prefix { $0 != ":" })
        let n = (attachCounts[kind] ?? 0) + 1
        attachCounts[kind] = n
        attached.append("\(kind)#\(n)")
    }
}
