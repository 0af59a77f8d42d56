import Scenario
import SimCore
import VirtualDevices

/// Scenes: the multi-app situations most mistakes need, set up on purpose at the start of a run.
///
/// Random steps rarely line up what an interruption-ending or deactivation mistake needs: the app
/// under test playing, another app taking the audio from it (or it from another), then the audio
/// given back with or without notifying others, or the app launched while another plays. A scene
/// writes such an order in a few steps, drawing each beat's manner (which app goes first, how the
/// partner takes the audio, how it gives it back), so the shrinker still finds the fewest steps
/// that break an invariant. The app under test is the first declared app (the one with the mistake);
/// the partner another declared app. Every step is one the random generator could also write.
extension ScenarioGenerator {
    enum Scene: CaseIterable {
        /// The app under test plays; the partner takes the audio, and then gives it back or leaves
        /// (the order in which an interrupted app hears "ended", with or without shouldResume).
        case interrupted
        /// The partner plays; the app under test takes the audio, then stops (and should give it back).
        case interrupting
        /// The partner plays; the app under test is launched (and should not take the audio yet).
        case launchedOver
        /// The app under test plays; a call, an alarm or Siri interrupts it and ends.
        case systemInterruption
    }

    /// The sessions a scene gives the partner so that it takes the audio from others: non-mixable
    /// ones (an active session takes it at once, as on iOS), and one that ducks others.
    static let takingConfigurations: [(category: String, options: [String])] = [
        ("playback", []), ("playAndRecord", []), ("soloAmbient", []), ("playback", ["duckOthers"]),
    ]

    /// The scene's steps (their times are set by the caller), with `state` brought along.
    func scene(apps: [ExploreScript.App], state: inout GeneratorState, random: inout SimRandom) -> [ExploreScript.Step] {
        var writer = SceneWriter(generator: self, apps: apps)
        let underTest = apps[0].name
        let partners = apps.dropFirst().map(\.name)
        guard !partners.isEmpty else {
            writer.systemInterruption(of: underTest, state: &state, random: &random)
            return writer.steps
        }
        let partner = random.pick(partners)
        switch random.pick(Scene.allCases) {
        case .interrupted:
            if random.chance(1, in: 2) {
                writer.open(underTest, state: &state)
                writer.start(underTest, state: &state, random: &random)
                writer.open(partner, state: &state)
                writer.takeAudio(partner, state: &state, random: &random)
                // Back on the app's screen, an interrupted app may resume whatever it is told.
                if random.chance(1, in: 3) { writer.open(underTest, state: &state) }
            } else {
                // The partner, already running in the background, takes the audio from the app
                // playing in the foreground.
                writer.open(partner, state: &state)
                writer.open(underTest, state: &state)
                writer.start(underTest, state: &state, random: &random)
                writer.takeAudio(partner, state: &state, random: &random)
            }
            writer.giveBack(partner, state: &state, random: &random)
        case .interrupting:
            writer.open(partner, state: &state)
            writer.takeAudio(partner, state: &state, random: &random)
            writer.open(underTest, state: &state)
            writer.start(underTest, state: &state, random: &random)
            writer.stop(underTest, state: &state, random: &random)
        case .launchedOver:
            writer.open(partner, state: &state)
            writer.takeAudio(partner, state: &state, random: &random)
            writer.open(underTest, state: &state)
        case .systemInterruption:
            writer.systemInterruption(of: underTest, state: &state, random: &random)
        }
        return writer.steps
    }
}

/// Writes a scene's beats as steps, each valid for the state the steps before it left.
struct SceneWriter {
    let generator: ScenarioGenerator
    let apps: [ExploreScript.App]
    var steps: [ExploreScript.Step] = []

    private func commands(of app: String) -> [String] {
        apps.first { $0.name == app }.flatMap { generator.registry.model(named: $0.model)?.commands } ?? []
    }

    /// A step; follow-ups it owes fall due counting from its place in the scene.
    private mutating func write(_ state: inout GeneratorState, _ make: (inout GeneratorState) -> ExploreScript.Step) {
        state.index = steps.count
        steps.append(make(&state))
    }

    /// Brings the app to the foreground: launches it, or switches to it.
    mutating func open(_ app: String, state: inout GeneratorState) {
        guard state.foreground != app else { return }
        let verb = (state.running.contains(app) ? DeviceVerb.foreground : .launch).rawValue
        write(&state) { state in
            state.broughtToForeground(app)
            return .init(at: 0, verb: verb, app: app)
        }
    }

    /// The app starts its audio with one of its own commands, or the scenario activates its
    /// session when it has none.
    mutating func start(_ app: String, state: inout GeneratorState, random: inout SimRandom) {
        let starts = commands(of: app).filter(ScenarioGenerator.startCommands.contains)
        guard !starts.isEmpty else {
            write(&state) { _ in .init(at: 0, verb: SessionVerb.activate.rawValue, app: app) }
            return
        }
        let command = random.pick(starts)
        let generator = generator
        write(&state) { state in generator.commandStep(command, at: 0, app: app, state: &state, random: &random, owingRelease: false) }
    }

    /// The partner takes the audio: with its own start command, or the scenario gives its session
    /// a category that takes the audio (at once if the session is active, else when it activates).
    mutating func takeAudio(_ app: String, state: inout GeneratorState, random: inout SimRandom) {
        if random.chance(1, in: 3) { return start(app, state: &state, random: &random) }
        let taking = random.pick(ScenarioGenerator.takingConfigurations)
        var fields = [ExploreScript.Field(key: "category", value: taking.category)]
        if !taking.options.isEmpty { fields.append(.init(key: "options", value: "[\(taking.options.joined(separator: ", "))]")) }
        write(&state) { _ in .init(at: 0, verb: SessionVerb.setCategory.rawValue, app: app, fields: fields) }
        if random.chance(1, in: 2) { write(&state) { _ in .init(at: 0, verb: SessionVerb.activate.rawValue, app: app) } }
    }

    /// The partner gives the audio back: stops with its own command, the scenario deactivates it
    /// (notifying others or not), or it leaves the foreground or ends.
    mutating func giveBack(_ app: String, state: inout GeneratorState, random: inout SimRandom) {
        let stops = commands(of: app).filter(ScenarioGenerator.stopCommands.contains)
        // Half the time the scenario deactivates it, since whether others are notified decides
        // what the interrupted app hears.
        switch random.uniform(below: 6) {
        case 0 where !stops.isEmpty:
            let command = random.pick(stops)
            write(&state) { _ in .init(at: 0, verb: command, app: app) }
        case 1 where state.foreground == app:
            write(&state) { state in
                state.left(app, terminated: false)
                return .init(at: 0, verb: DeviceVerb.background.rawValue, app: app)
            }
        case 2:
            write(&state) { state in
                state.left(app, terminated: true)
                return .init(at: 0, verb: DeviceVerb.terminate.rawValue, app: app)
            }
        default:
            let generator = generator
            write(&state) { _ in generator.deactivate(at: 0, app: app, random: &random) }
        }
    }

    /// The app stops its audio with its own command (it should then give the audio back), or the
    /// scenario deactivates it when it has none.
    mutating func stop(_ app: String, state: inout GeneratorState, random: inout SimRandom) {
        let stops = commands(of: app).filter(ScenarioGenerator.stopCommands.contains)
        guard !stops.isEmpty else {
            let generator = generator
            write(&state) { _ in generator.deactivate(at: 0, app: app, random: &random) }
            return
        }
        let command = random.pick(stops)
        write(&state) { _ in .init(at: 0, verb: command, app: app) }
    }

    /// The app plays; a call, an alarm or Siri begins and, in its own order, ends.
    mutating func systemInterruption(of app: String, state: inout GeneratorState, random: inout SimRandom) {
        open(app, state: &state)
        start(app, state: &state, random: &random)
        let generator = generator
        repeat {
            write(&state) { state in generator.systemEvent(at: 0, state: &state, random: &random) }
        } while state.system != .idle
    }
}
