import MediaServer
import Scenario
import SimCore
import VirtualDevices

/// Makes random but valid scenarios from the scenario vocabulary with `SimRandom`: apps launching,
/// playing, pausing and calling their session; accessories coming and going; calls, alarms and
/// Siri in their proper order; the ringer, the lock, and media-server crashes at any step.
///
/// Valid means the parser accepts it and every step names something that exists by then
/// (a detach names an attached accessory, a command belongs to the app's model, a hang-up
/// follows an answered call, an app goes to the foreground only from the background). As a
/// user would, it usually brings an app to the foreground before tapping its play, record or
/// call button (`userStartCommands`). Run `k` of seed `S` draws from `SimRandom(seed: S).fork("run k")`
/// only, so a run is the same whatever ran before it.
///
/// Steps are not drawn independently: interesting failures need a few steps in a coherent order
/// (one app takes the audio, then gives it back; a call rings, then ends), so a step can owe a
/// follow-up a few steps later (`FollowUp`), and an unfinished call, alarm or Siri request makes
/// its next step likelier. The kinds of step are weighted (`weights`) towards what apps do.
/// Most runs open with a scene (`ScenarioGenerator+Scenes`): several apps set up on purpose in
/// the order an interruption-ending or deactivation mistake needs, which random steps alone
/// reach only once in thousands of runs.
public struct ScenarioGenerator: Sendable {
    public var apps: [AppUnderTest]
    public var device: String
    public var platform: String
    public var steps: Int
    public var registry: ScenarioAppRegistry

    public init(apps: [AppUnderTest], device: String = "iphone", platform: String = PlatformProfile.default.description, steps: Int = 12,
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
    /// Gaps between steps; short ones are likelier, as the things that race happen close together.
    static let gapsMs: [Int64] = [0, 0, 50, 100, 100, 250, 500, 1_000, 2_000]
    /// Commands by which reference apps start and stop their audio (the rest do neither).
    static let startCommands: Set<String> = ["play", "prompt", "start-call", "record"]
    static let stopCommands: Set<String> = ["pause", "stop", "prompt-finished", "end-call"]
    /// Start commands a user gives on the app's own screen: the app is in the foreground first.
    /// (A navigation prompt starts from the background by design, and so may a Now Playing
    /// app's remote play, so one start in four is still drawn for an app where it is: a
    /// non-mixable session that is not Now Playing is then refused, which is worth exploring too.)
    static let userStartCommands: Set<String> = ["play", "record", "start-call"]
    /// Commands with which reference apps ask for the microphone (the recorder, the VoIP app).
    static let permissionCommands: Set<String> = ["record", "start-call"]

    /// The kinds of step, drawn with these weights (out of 100) when no follow-up is due.
    enum StepKind { case appCommand, sessionCall, lifecycle, accessory, system, mediaServerCrash, deviceControl }
    static let weights: [(StepKind, UInt64)] = [
        (.appCommand, 38), (.sessionCall, 22), (.lifecycle, 8), (.accessory, 12), (.system, 12), (.mediaServerCrash, 4),
        (.deviceControl, 4),
    ]

    /// Run `run` of `seed`. Two runs in three open with a scene (`scene`): the apps set up one of
    /// the multi-app situations most mistakes need, in a coherent order, and a random tail of up
    /// to `steps` in all follows (a short tail leaves the scene's end state to judge). The other
    /// runs are `steps` random steps.
    public func script(run: Int, seed: UInt64) -> ExploreScript {
        var random = SimRandom(seed: seed).fork("run \(run)")
        var state = GeneratorState()
        let opensWithScene = random.chance(2, in: 3)
        let declared = declareApps(atLeast: opensWithScene ? 2 : 1, &random)
        var script = ExploreScript(
            name: "explore-\(seed)-\(run)", seed: random.next() % 1_000_000, device: device, platform: platform,
            endsInterruptionWithoutNotifyOthers: random.chance(1, in: opensWithScene ? 2 : 4),
            accessories: random.chance(1, in: 3) ? [random.pick(Self.accessories)] : [], apps: declared, steps: [])
        for accessory in script.accessories { state.attach(accessory) }
        let opening = opensWithScene ? Array(scene(apps: declared, state: &state, random: &random).prefix(steps)) : []
        let count = opensWithScene ? opening.count + Int(random.integer(in: 0...Int64(steps - opening.count))) : steps
        var time: Int64 = 0
        for index in 0..<count {
            time += random.pick(Self.gapsMs)
            state.index = index
            if index < opening.count {
                var step = opening[index]
                step.at = time
                script.steps.append(step)
                continue
            }
            let owed = state.dueFollowUp().flatMap { followUp($0, at: time, apps: declared, state: &state, random: &random) }
            let step = owed ?? nextStep(at: time, apps: declared, state: &state, random: &random)
            script.steps.append(step)
        }
        return script
    }

    /// One to three apps (at least `minimum`, a scene needs a partner), each at most once: every
    /// app with a mistake, then others at random.
    private func declareApps(atLeast minimum: Int, _ random: inout SimRandom) -> [ExploreScript.App] {
        var pool = apps.filter { $0.mistake == nil }
        random.shuffle(&pool)
        pool = apps.filter { $0.mistake != nil } + pool
        let count = min(pool.count, max(apps.filter { $0.mistake != nil }.count, Int(random.integer(in: Int64(minimum)...3))))
        var declared: [ExploreScript.App] = []
        for app in pool.prefix(count) {
            let base = app.model.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            let name = declared.contains { $0.name == base } ? "\(base)\(declared.count + 1)" : base
            var options: [String]?
            if app.model == "navigation" { options = random.chance(1, in: 2) ? ["duckOthers"] : nil }
            declared.append(ExploreScript.App(name: name, model: app.model, mistakes: app.mistake.map { [$0] } ?? [],
                                              options: options, audioComponent: Self.audioComponent(app.model, number: declared.count + 1)))
        }
        return declared
    }

    /// An Inter-App Audio node declares one component in its Info.plist, or no host can find it;
    /// each node app gets its own subtype, so two nodes of one model are two components.
    static func audioComponent(_ model: String, number: Int) -> String? {
        switch model {
        case "iaa-instrument":
            "{ type: auri, subtype: sin\(number), manufacturer: Demo, name: \"Demo: Sine Synth \(number)\", version: 65536 }"
        case "iaa-effect":
            "{ type: aurx, subtype: hlf\(number), manufacturer: Demx, name: \"Demx: Halver \(number)\", version: 65536 }"
        default: nil
        }
    }

    private func nextStep(at time: Int64, apps: [ExploreScript.App], state: inout GeneratorState,
                          random: inout SimRandom) -> ExploreScript.Step {
        let app = random.pick(apps)
        if !state.running.contains(app.name) {
            state.broughtToForeground(app.name)
            return .init(at: time, verb: DeviceVerb.launch.rawValue, app: app.name)
        }
        switch drawKind(state: state, random: &random) {
        case .appCommand: return appCommand(at: time, app: app, state: &state, random: &random)
        case .sessionCall: return sessionCall(at: time, app: app.name, state: &state, random: &random)
        case .lifecycle: return lifecycle(at: time, app: app.name, state: &state, random: &random)
        case .accessory: return accessoryEvent(at: time, state: &state, random: &random)
        case .system: return systemEvent(at: time, state: &state, random: &random)
        case .mediaServerCrash:
            return .init(at: time, verb: DeviceVerb.mediaServerCrash.rawValue, fields: [.init(key: "restart-after", value: "\(random.pick([100, 300, 500, 1_000]))ms")])
        case .deviceControl:
            return .init(at: time, verb: random.pick([DeviceVerb.ringerSilent, .ringerRing, .lockScreen, .unlockScreen]).rawValue)
        }
    }

    /// A weighted draw; a call, alarm or Siri request under way is three times as likely to move on.
    private func drawKind(state: GeneratorState, random: inout SimRandom) -> StepKind {
        let weights = Self.weights.map { kind, weight in (kind, kind == .system && state.system != .idle ? weight * 3 : weight) }
        var roll = random.uniform(below: weights.reduce(0) { $0 + $1.1 })
        for (kind, weight) in weights {
            if roll < weight { return kind }
            roll -= weight
        }
        return .appCommand
    }

    /// One of the model's commands; one that starts audio often owes a release a few steps later.
    private func appCommand(at time: Int64, app: ExploreScript.App, state: inout GeneratorState,
                            random: inout SimRandom) -> ExploreScript.Step {
        let commands = registry.model(named: app.model)?.commands ?? []
        let command = random.pick(commands)
        if Self.userStartCommands.contains(command), state.foreground != app.name, random.chance(3, in: 4) {
            // The user opens the app, then taps: a non-mixable app in the background may not
            // start its audio unless it is Now Playing, so without this most starts are refused.
            state.broughtToForeground(app.name)
            state.oweNext(.command(app.name, command))
            return .init(at: time, verb: DeviceVerb.foreground.rawValue, app: app.name)
        }
        return commandStep(command, at: time, app: app.name, state: &state, random: &random)
    }

    /// The app's command; one that starts audio often owes a release a few steps later (unless a
    /// scene, which gives the audio back itself, says not to).
    func commandStep(_ command: String, at time: Int64, app: String, state: inout GeneratorState,
                     random: inout SimRandom, owingRelease: Bool = true) -> ExploreScript.Step {
        if owingRelease, Self.startCommands.contains(command) { state.oweRelease(of: app, bySession: false, random: &random) }
        if Self.permissionCommands.contains(command) { state.askedForPermission(app, random: &random) }
        return .init(at: time, verb: command, app: app)
    }

    private func sessionCall(at time: Int64, app: String, state: inout GeneratorState, random: inout SimRandom) -> ExploreScript.Step {
        switch random.uniform(below: 6) {
        case 0, 1:
            state.oweRelease(of: app, bySession: true, random: &random)
            return .init(at: time, verb: SessionVerb.activate.rawValue, app: app)
        case 2, 3:
            return deactivate(at: time, app: app, random: &random)
        case 4:
            var fields = [ExploreScript.Field(key: "category", value: random.pick(Self.categories))]
            let options = random.pick(Self.optionSets)
            if !options.isEmpty { fields.append(.init(key: "options", value: "[\(options.joined(separator: ", "))]")) }
            return .init(at: time, verb: SessionVerb.setCategory.rawValue, app: app, fields: fields)
        default:
            state.askedForPermission(app, random: &random)
            return .init(at: time, verb: SessionVerb.requestPermission.rawValue, app: app)
        }
    }

    func deactivate(at time: Int64, app: String, random: inout SimRandom) -> ExploreScript.Step {
        .init(at: time, verb: SessionVerb.deactivate.rawValue, app: app,
              fields: [.init(key: "notify-others", value: random.chance(1, in: 2) ? "true" : "false")])
    }

    /// A move the app's state allows: to the foreground if it is not there, to the background if
    /// it is, or the end of the app.
    private func lifecycle(at time: Int64, app: String, state: inout GeneratorState, random: inout SimRandom) -> ExploreScript.Step {
        let inForeground = state.foreground == app
        let verb: DeviceVerb = random.chance(1, in: 3) ? .terminate : inForeground ? .background : .foreground
        if verb == .foreground { state.broughtToForeground(app) } else { state.left(app, terminated: verb == .terminate) }
        return .init(at: time, verb: verb.rawValue, app: app)
    }

    private func accessoryEvent(at time: Int64, state: inout GeneratorState, random: inout SimRandom) -> ExploreScript.Step {
        let attached = state.accessories.ids
        if !attached.isEmpty, random.chance(1, in: 2) {
            let id = attached[Int(random.uniform(below: UInt64(attached.count)))]
            state.accessories.detach(id)
            return .init(at: time, verb: DeviceVerb.detach.rawValue, fields: [.init(key: "accessory", value: id)])
        }
        let kind = random.pick(Self.accessories)
        let id = state.attach(kind)
        if random.chance(1, in: 2) { state.owe(.detach(id), random: &random) }
        return .init(at: time, verb: DeviceVerb.attach.rawValue, fields: [.init(key: "accessory", value: ExploreScript.quoted(kind))])
    }

    /// What an earlier step owed, if it still makes sense; otherwise an ordinary step.
    private func followUp(_ owed: FollowUp, at time: Int64, apps: [ExploreScript.App], state: inout GeneratorState,
                          random: inout SimRandom) -> ExploreScript.Step? {
        switch owed {
        case let .release(app, bySession):
            guard state.running.contains(app), let model = apps.first(where: { $0.name == app })?.model else { return nil }
            let stops = (registry.model(named: model)?.commands ?? []).filter(Self.stopCommands.contains)
            if !bySession, !stops.isEmpty, random.chance(1, in: 2) { return .init(at: time, verb: random.pick(stops), app: app) }
            return deactivate(at: time, app: app, random: &random)
        case let .answerPermission(app):
            // The user grants the microphone three times in four.
            guard state.running.contains(app) else { return nil }
            return .init(at: time, verb: SessionVerb.answerPermission.rawValue, app: app,
                         fields: [.init(key: "granted", value: random.chance(3, in: 4) ? "true" : "false")])
        case let .command(app, command):
            guard state.running.contains(app) else { return nil }
            return commandStep(command, at: time, app: app, state: &state, random: &random)
        case let .detach(id):
            guard state.accessories.detach(id) else { return nil }
            return .init(at: time, verb: DeviceVerb.detach.rawValue, fields: [.init(key: "accessory", value: id)])
        }
    }

    /// Calls, alarms and Siri, each in its own order (ring, then answer or decline; answer, then hang up).
    func systemEvent(at time: Int64, state: inout GeneratorState, random: inout SimRandom) -> ExploreScript.Step {
        switch state.system {
        case .ringing:
            let answer = random.chance(1, in: 2)
            state.system = answer ? .inCall : .idle
            return .init(at: time, verb: (answer ? DeviceVerb.answerCall : .declineCall).rawValue)
        case .inCall:
            state.system = .idle
            return .init(at: time, verb: DeviceVerb.hangUp.rawValue)
        case .alarm:
            state.system = .idle
            return .init(at: time, verb: DeviceVerb.dismissAlarm.rawValue)
        case .siri:
            state.system = .idle
            return .init(at: time, verb: DeviceVerb.siriEnd.rawValue)
        case .idle:
            switch random.uniform(below: 3) {
            case 0:
                state.system = .ringing
                return .init(at: time, verb: DeviceVerb.incomingCall.rawValue, fields: [.init(key: "caller", value: "Bob")])
            case 1:
                state.system = .alarm
                return .init(at: time, verb: DeviceVerb.alarm.rawValue)
            default:
                state.system = .siri
                return .init(at: time, verb: DeviceVerb.siri.rawValue)
            }
        }
    }
}
