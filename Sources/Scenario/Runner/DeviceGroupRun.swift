import MediaServer
import SimCore
import VirtualDevices

/// One execution of a scenario that names several devices (`devices:`): a `ScenarioRun` per
/// device, all on one `SimulationClock`, their Bluetooth LE radios on one `BLEAir`. The clock is
/// run through every device's state-check times; each device's share is checked against its own
/// trace, and the result's trace is every device's lines merged in time order, each with `simulated-device`.
final class DeviceGroupRun {
    let scenario: Scenario
    let runs: [ScenarioRun]
    /// The radios' shared air; kept for as long as the run (radios only hold it weakly in turn).
    let air = BLEAir()
    let seed: UInt64

    init(scenario: Scenario, registry: ScenarioAppRegistry, platform: PlatformProfile?, seed: UInt64) {
        self.scenario = scenario
        self.seed = seed
        let clock = SimulationClock()
        runs = scenario.devices.map { part in
            ScenarioRun(scenario: part.scenario, registry: registry, profile: part.scenario.deviceProfile!,
                        platform: platform ?? part.scenario.platform, seed: seed, clock: clock)
        }
        for (run, part) in zip(runs, scenario.devices) { air.join(run.server.midi.radio, as: part.name) }
    }

    func execute(eventBudget: Int) -> ScenarioResult {
        runs.forEach { $0.setUp() }
        let end = HostTime(nanoseconds: scenario.duration.nanoseconds)
        let checkTimes = Set(runs.flatMap { run in
            run.scenario.expectations.compactMap { e -> HostTime? in if case .state = e.kind { e.at } else { nil } }
        }).sorted()
        var eventsRun = 0
        var leftovers: [String] = []
        // Any server runs the shared clock: every event of every device, in one order.
        let clock = runs[0].server
        for time in checkTimes + [end] {
            let report = clock.run(until: time, eventBudget: max(1, eventBudget - eventsRun))
            eventsRun += report.eventsRun
            leftovers = report.leftovers
            runs.forEach { $0.rememberPorts() }
            if report.stoppedByBudget {
                runs[0].failures.append(ScenarioFailure(line: 0, column: 0, message: "the run exceeded its budget of \(eventBudget) events by t=\(time)",
                                                        details: []))
                break
            }
            runs.forEach { $0.checkStates(at: time) }
        }
        let traces = runs.map { $0.finish(at: end) }
        return ScenarioResult(scenario: scenario, seed: seed, platform: runs[0].platform.description, trace: merged(traces),
                              failures: runs.flatMap(\.failures).sorted { ($0.line, $0.column) < ($1.line, $1.column) },
                              eventsRun: eventsRun, leftovers: leftovers)
    }

    /// Every device's lines in the order they were recorded on the shared clock, each naming
    /// its device (`simulated-device`).
    private func merged(_ traces: [Trace]) -> Trace {
        var header = traces[0].header
        header["devices"] = .list(zip(scenario.devices, runs).map { part, run in
            .object(["name": .string(part.name), "profile": .string(part.scenario.deviceProfile?.id ?? part.scenario.device),
                     "platform": .string(run.platform.description)])
        })
        header["profile"] = nil
        header["platform"] = nil
        var trace = Trace(seed: seed, header: header)
        var next = Array(repeating: 0, count: traces.count)
        for device in runs[0].server.clock.recordOrder {
            var record = TraceRecord(decoding: traces[device].events[next[device]])
            next[device] += 1
            record.simulatedDevice = scenario.devices[device].name
            trace.record(record.event)
        }
        return trace
    }
}
