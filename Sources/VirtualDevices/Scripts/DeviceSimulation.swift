import SimCore

/// Runs an `EventScript` on a `VirtualDevice`: one scheduler, one seed, one trace.
///
/// Scripted steps that the device refuses are script errors (reported with the step's line);
/// random events are drawn from the `devices` stream among those the device would accept at that
/// moment, so a seed always yields a valid, reproducible run.
public struct DeviceSimulation {
    enum Work {
        case step(EventScript.Step)
        case followUp(DeviceEvent)
        case random
    }

    public private(set) var device: VirtualDevice
    public private(set) var trace: Trace
    private var scheduler = Scheduler<Work>()
    private var random: SimRandom
    private let script: EventScript

    public init(script: EventScript, profile: DeviceProfile) throws(SourceError) {
        self.script = script
        device = VirtualDevice(profile: profile)
        trace = Trace(seed: script.seed, header: ["script": .string(script.name), "profile": .string(profile.id)])
        random = SimRandom(seed: script.seed).fork("devices")
        for kind in script.accessories {
            do { try record(.attach(kind, connector: nil), at: .zero) } catch {
                throw SourceError(file: script.file, line: 0, column: 0, message: "accessories: \(error.description)")
            }
        }
        for step in script.steps { try! scheduler.schedule(.step(step), at: step.at) }
        for _ in 0..<script.randomEvents {
            let at = HostTime(nanoseconds: random.integer(in: 0...script.duration.nanoseconds))
            try! scheduler.schedule(.random, at: at)
        }
    }

    /// Runs to the end of the script's duration; returns the finished trace.
    public mutating func run() throws(SourceError) -> Trace {
        let end = HostTime(nanoseconds: script.duration.nanoseconds)
        var failure: SourceError?
        // The queue is moved out while it runs so that handlers can change the rest of `self`.
        var queue = scheduler
        scheduler = Scheduler()
        let summary = queue.run(until: end) { queue, work in
            guard failure == nil else { return }
            do throws(SourceError) { try perform(work.event, at: work.deadline, scheduler: &queue) } catch { failure = error }
        }
        scheduler = queue
        if let failure { throw failure }
        trace.record("run.end", at: summary.endTime, [
            "events": .integer(summary.eventsRun),
            "leftovers": .list(summary.leftovers.map { TraceValue.string("\($0.deadline) \($0.event.name)") }),
        ])
        return trace
    }

    private mutating func perform(_ work: Work, at time: HostTime, scheduler: inout Scheduler<Work>) throws(SourceError) {
        let followUps: [(after: HostDuration, event: DeviceEvent)]
        switch work {
        case let .step(step):
            do { followUps = try record(step.event, at: time) } catch {
                throw SourceError(file: script.file, line: step.line, column: step.column,
                                  message: "step at \(step.at) (\(step.event.scriptName)): \(error.description)")
            }
        case let .followUp(event):
            followUps = (try? record(event, at: time)) ?? []
        case .random:
            let scripted = Set(script.steps.map(\.event.family))
            let candidates = RandomEvents.candidates(for: device, excluding: scripted)
            guard !candidates.isEmpty else { return }
            followUps = (try? record(random.pick(candidates), at: time)) ?? []
        }
        for (delay, event) in followUps { try! scheduler.schedule(.followUp(event), after: delay) }
    }

    @discardableResult
    private mutating func record(_ event: DeviceEvent, at time: HostTime) throws(DeviceEventError)
        -> [(after: HostDuration, event: DeviceEvent)]
    {
        let outcome = try device.apply(event)
        trace.record("device.\(event.scriptName)", at: time, outcome.fields)
        return outcome.followUps
    }
}

extension DeviceSimulation.Work {
    var name: String {
        switch self {
        case let .step(step): step.event.scriptName
        case let .followUp(event): event.scriptName
        case .random: "random"
        }
    }
}
