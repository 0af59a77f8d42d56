import MediaServer
@_spi(Soundcheck) import UIKit
import SimCore
import VirtualDevices

/// Runs scenarios: builds the simulated device, drives the steps on its clock, checks states at
/// their times, then matches the merged trace against the expectations.
///
/// Runs are deterministic: the same scenario, seed and platform give a byte-identical trace.
public struct ScenarioRunner: Sendable {
    public var registry: ScenarioAppRegistry
    /// A run that executes more simulation events than this fails instead of running away.
    public var eventBudget: Int
    /// Called between steps and at the end with the live server, read-only (`soundcheck explore`
    /// checks its invariants there). It observes; the run is the same with or without it.
    public var checkpoint: (@Sendable (RunCheckpoint) -> Void)?

    public init(registry: ScenarioAppRegistry = .standard, eventBudget: Int = 200_000,
                checkpoint: (@Sendable (RunCheckpoint) -> Void)? = nil) {
        self.registry = registry
        self.eventBudget = eventBudget
        self.checkpoint = checkpoint
    }

    /// Runs `scenario`, with the seed and platform overridden when given. With a `backend` (a JACK
    /// server) the device defaults to the backend's rate, runs IO buffers of its period, and its
    /// ports play there too.
    public func run(_ scenario: Scenario, seed: UInt64? = nil, platform: PlatformProfile? = nil,
                    backend: (any IOBackend)? = nil) throws(SourceError) -> ScenarioResult {
        var profile: DeviceProfile
        if let parsed = scenario.deviceProfile { profile = parsed } else { profile = try DeviceProfile.load(scenario.device) }
        // The device defaults to the server's rate when its hardware has it; otherwise it runs
        // at its own rates and the backend converts (JACK resamples at its boundary).
        if let backend, let hardware = profile.hardware.pinned(toRate: backend.sampleRate) {
            profile.hardware = hardware
        }
        if !scenario.devices.isEmpty {
            if backend != nil { throw SourceError(file: scenario.file, line: 0, column: 0, message: "a scenario with devices: runs only in the simulation (no --backend)") }
            return DeviceGroupRun(scenario: scenario, registry: registry, platform: platform, seed: seed ?? scenario.seed)
                .execute(eventBudget: eventBudget)
        }
        let run = ScenarioRun(scenario: scenario, registry: registry, profile: profile,
                              platform: platform ?? scenario.platform, seed: seed ?? scenario.seed)
        run.checkpoint = checkpoint
        if let backend { run.server.use(backend) }
        return run.execute(eventBudget: eventBudget)
    }
}

/// One execution of a scenario: the simulated device, the live app objects and the side trace
/// of scenario and app lines that is merged with the server's trace at the end.
final class ScenarioRun: @unchecked Sendable {
    let scenario: Scenario
    let registry: ScenarioAppRegistry
    /// The simulated device's media server: the clock, the policy and the audio.
    let server: AudioServer
    let platform: PlatformProfile
    let seed: UInt64
    var apps: [String: ScenarioApp] = [:]
    /// Every port ever seen, so audio checks can name gone ports by type, name or UID.
    var ports = SeenPorts()
    var failures: [ScenarioFailure] = []
    var checkpoint: (@Sendable (RunCheckpoint) -> Void)?

    /// `clock`: shared with the other devices of a scenario that names several.
    init(scenario: Scenario, registry: ScenarioAppRegistry, profile: DeviceProfile, platform: PlatformProfile, seed: UInt64,
         clock: SimulationClock? = nil) {
        self.scenario = scenario
        self.registry = registry
        self.platform = platform
        self.seed = seed
        server = AudioServer(profile: profile, platform: platform, seed: seed, activationSettings: scenario.activationSettings,
                             clock: clock)
        AudioChecker.watch(with: server, for: scenario)
    }

    func execute(eventBudget: Int) -> ScenarioResult {
        setUp()
        var eventsRun = 0
        var leftovers: [String] = []
        let end = HostTime(nanoseconds: scenario.duration.nanoseconds)
        let checkTimes = Set(scenario.expectations.compactMap { e -> HostTime? in
            if case .state = e.kind { return e.at } else { return nil }
        }).sorted()
        for time in checkTimes + [end] {
            let report = server.run(until: time, eventBudget: max(1, eventBudget - eventsRun))
            eventsRun += report.eventsRun
            leftovers = report.leftovers
            rememberPorts()
            if report.stoppedByBudget {
                failures.append(ScenarioFailure(line: 0, column: 0, message: "the run exceeded its budget of \(eventBudget) events by t=\(time)",
                                                details: []))
                break
            }
            checkStates(at: time)
        }
        checkpoint?(RunCheckpoint(server: server, stepsDone: scenario.steps.count, isEnd: true))
        let trace = finish(at: end)
        server.endSimulation()
        return ScenarioResult(scenario: scenario, seed: seed, platform: platform.description, trace: trace,
                              failures: failures, eventsRun: eventsRun, leftovers: leftovers)
    }

    /// After the run: the level summary, the headed trace, and what the expectations found in it.
    func finish(at end: HostTime) -> Trace {
        LevelSummary.record(server: server, until: end, into: self)
        let trace = headedTrace()
        failures += ExpectationMatcher(scenario: scenario, trace: trace).match()
        failures += AudioChecker(scenario: scenario, server: server, ports: ports).check()
        return trace
    }

    // MARK: Setting up

    func setUp() {
        rememberPorts()
        for accessory in scenario.accessories {
            do { try server.apply(.attach(accessory, connector: nil)) } catch {
                failures.append(ScenarioFailure(line: 0, column: 0, message: "cannot attach \(accessory.name) at the start: \(error)", details: []))
            }
        }
        for app in scenario.apps {
            SimulatedApp.register(AppID(app.name), on: server, hasAudioBackgroundMode: app.backgroundAudio)
        }
        installAudioComponents()
        rememberPorts()
        for (index, step) in scenario.steps.enumerated() {
            try? server.schedule("step \(index + 1)", at: step.at) { [weak self] in self?.perform(step, number: index + 1) }
        }
    }

    /// Adds a scenario or app line to the run's trace at the current time.
    func recordLine(_ fact: TraceFact) {
        server.recordObservation(fact)
    }

    /// A step the device could not carry out (`device.refused`): nothing changed, and the trace says why.
    func refuse(_ event: String, _ reason: String, app: String? = nil) {
        recordLine(.deviceRefused(event: event, reason: reason, app: app))
    }

    func rememberPorts() {
        ports.remember(server.device.ports)
    }

    /// The header names what produced the trace, so `soundcheck replay` can run it again: the
    /// scenario by its name and the SHA-256 of its file's text (`source`), never by the path it was
    /// read by, so the trace is the same bytes whatever the working directory or path spelling.
    private func headedTrace() -> Trace {
        var trace = Trace(seed: seed, header: [
            "scenario": .string(scenario.name), "source": .string(scenario.sourceHash),
            "platform": .string(platform.description), "profile": .string(scenario.deviceProfile?.id ?? scenario.device),
            "requirements": .list(scenario.requirements.map { .string($0) }),
        ])
        for event in server.trace.events { trace.record(event) }
        return trace
    }
}
