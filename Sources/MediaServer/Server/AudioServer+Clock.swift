import SimCore
import VirtualDevices

extension AudioServer {
    /// Schedules a device event (plug, call, crash …) on the simulation clock.
    public func schedule(_ event: DeviceEvent, at time: HostTime) throws(SchedulerError) {
        try scheduler.schedule(serverEvent(event), at: time)
    }

    /// A device event as this server queues it: on a shared clock another server may take it
    /// out of the queue, so it carries the server that applies it.
    func serverEvent(_ event: DeviceEvent) -> ServerEvent {
        guard clock.isShared else { return .device(event) }
        return .action(label: event.scriptName) { [unowned self] in self.perform(.device(event)) }
    }

    /// Schedules app or harness code to run at `time` (e.g. "the user presses play at 2 s").
    public func schedule(_ label: String, at time: HostTime, _ body: @escaping () -> Void) throws(SchedulerError) {
        try scheduler.schedule(.action(label: label, body: body), at: time)
    }

    /// Runs everything due up to `deadline`, in order, then sets the clock to `deadline`.
    /// Returns the events still queued after it, in the order they would run.
    @discardableResult
    public func run(until deadline: HostTime, eventBudget: Int = 1_000_000) -> RunReport {
        var executed = 0
        // popNext is a short access to the queue, so handlers may schedule more work.
        while executed < eventBudget, let next = scheduler.popNext(notAfter: deadline) {
            perform(next.event)
            executed += 1
        }
        let exhausted = executed >= eventBudget && scheduler.pendingEvents.first.map { $0.deadline <= deadline } == true
        if !exhausted { try? scheduler.advance(to: deadline) }
        // The IO clock ticks for as long as audio runs (one cycle queued): it is not left-over
        // work. When that is all that is queued, say so without building the list (no allocation).
        // AirPlay speakers' output cycles and network pumps tick the same way.
        let onlyIOCycle = scheduler.pendingCount <= (io.engine == nil ? 0 : 1) + airPlay.pendingTicks
        return RunReport(endTime: now, eventsRun: executed, stoppedByBudget: exhausted,
                         leftovers: onlyIOCycle ? [] : scheduler.pendingEvents.filter { !Self.clockLabels.contains($0.event.label) }
                             .map { "\($0.deadline) \($0.event.label)" })
    }

    func perform(_ event: ServerEvent) {
        switch event {
        case let .device(deviceEvent):
            do { try apply(deviceEvent) } catch {
                record(.deviceRefused(event: deviceEvent.scriptName, reason: error.description, app: nil))
            }
        case let .action(_, body):
            body()
        }
    }
}

extension AudioServer {
    /// Scheduler work that ticks for as long as audio runs: never left-over work.
    static let clockLabels: Set<String> = ["io.cycle", AirPlayNetwork.cycleLabel, AirPlayNetwork.pumpLabel]
}

/// What `AudioServer.run(until:)` did and left behind.
public struct RunReport: Sendable {
    public let endTime: HostTime
    public let eventsRun: Int
    public let stoppedByBudget: Bool
    /// Queued work after the run, as "time label" lines.
    public let leftovers: [String]
}

extension ServerEvent {
    var label: String {
        switch self {
        case let .device(event): event.scriptName
        case let .action(label, _): label
        }
    }
}
