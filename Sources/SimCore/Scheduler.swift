import HeapModule

/// The one clock of a simulation: a priority queue of events ordered by (deadline, insertion
/// sequence), and the current time, which only moves forward as events are taken out.
///
/// The scheduler is a value with no threads and no wall clock. A run is bounded by a deadline and
/// by an event budget; whatever is still queued when a run stops is reported, not dropped.
public struct Scheduler<Event> {
    public private(set) var now: HostTime = .zero
    /// Events executed since the scheduler was created.
    public private(set) var eventsRun: Int = 0
    /// The most events one `run` call may execute before it stops and reports a runaway.
    public var eventBudget: Int

    private var queue = Heap<ScheduledEvent<Event>>()
    private var nextSequence: UInt64 = 0
    private var cancelled = Set<UInt64>()

    public init(eventBudget: Int = 10_000_000) {
        self.eventBudget = eventBudget
    }

    /// Events still queued (cancelled ones excluded).
    public var pendingCount: Int { queue.count - cancelled.count }

    /// Queues `event` at `deadline`. A deadline in the past is a bug in the caller: time never
    /// goes backwards, so it is refused rather than silently moved.
    @discardableResult
    public mutating func schedule(_ event: Event, at deadline: HostTime) throws(SchedulerError) -> EventToken {
        guard deadline >= now else { throw .deadlineInThePast(deadline: deadline, now: now) }
        let sequence = nextSequence
        nextSequence += 1
        queue.insert(ScheduledEvent(deadline: deadline, sequence: sequence, event: event))
        return EventToken(sequence: sequence)
    }

    /// Queues `event` `delay` after now; a negative delay is refused like a past deadline.
    @discardableResult
    public mutating func schedule(_ event: Event, after delay: HostDuration) throws(SchedulerError) -> EventToken {
        try schedule(event, at: now + delay)
    }

    /// Cancels a queued event. Cancelling one that already ran, or twice, does nothing.
    public mutating func cancel(_ token: EventToken) {
        guard token.sequence < nextSequence, queue.unordered.contains(where: { $0.sequence == token.sequence })
        else { return }
        cancelled.insert(token.sequence)
    }

    /// The next live event if its deadline is at or before `limit`; advances `now` to it.
    public mutating func popNext(notAfter limit: HostTime) -> ScheduledEvent<Event>? {
        while let head = queue.min, head.deadline <= limit {
            queue.removeMin()
            if cancelled.remove(head.sequence) != nil { continue }
            now = head.deadline
            eventsRun += 1
            return head
        }
        return nil
    }

    /// Moves the clock forward to `time` without running anything; refuses to skip queued events.
    public mutating func advance(to time: HostTime) throws(SchedulerError) {
        guard time >= now else { throw .deadlineInThePast(deadline: time, now: now) }
        if let head = nextLiveDeadline, head < time { throw .wouldSkipEvents(firstDeadline: head) }
        now = time
    }

    /// Runs every event due at or before `deadline`, in order, then sets the clock to `deadline`.
    /// `perform` may schedule or cancel further events through the `inout` scheduler it receives.
    @discardableResult
    public mutating func run(
        until deadline: HostTime,
        _ perform: (inout Scheduler<Event>, ScheduledEvent<Event>) throws -> Void
    ) rethrows -> RunSummary<Event> {
        let start = eventsRun
        var stoppedByBudget = false
        while let next = popNext(notAfter: deadline) {
            try perform(&self, next)
            if eventsRun - start >= eventBudget, nextLiveDeadline.map({ $0 <= deadline }) == true {
                stoppedByBudget = true
                break
            }
        }
        if !stoppedByBudget { now = max(now, deadline) }
        return RunSummary(endTime: now, eventsRun: eventsRun - start,
                          stoppedByBudget: stoppedByBudget, leftovers: pendingEvents)
    }

    /// Runs for `duration` from now.
    @discardableResult
    public mutating func run(
        for duration: HostDuration,
        _ perform: (inout Scheduler<Event>, ScheduledEvent<Event>) throws -> Void
    ) rethrows -> RunSummary<Event> {
        try run(until: now + duration, perform)
    }

    /// The live queued events in the order they would run.
    public var pendingEvents: [ScheduledEvent<Event>] {
        queue.unordered.filter { !cancelled.contains($0.sequence) }.sorted()
    }

    private var nextLiveDeadline: HostTime? {
        if cancelled.isEmpty { return queue.min?.deadline }
        return pendingEvents.first?.deadline
    }
}

/// What a bounded run did, and what it left behind.
public struct RunSummary<Event> {
    public let endTime: HostTime
    public let eventsRun: Int
    /// True when the event budget ran out before the deadline: a runaway feedback loop.
    public let stoppedByBudget: Bool
    /// Events still queued after the run, in the order they would run.
    public let leftovers: [ScheduledEvent<Event>]
}

public enum SchedulerError: Error, Equatable, CustomStringConvertible {
    case deadlineInThePast(deadline: HostTime, now: HostTime)
    case wouldSkipEvents(firstDeadline: HostTime)

    public var description: String {
        switch self {
        case let .deadlineInThePast(deadline, now):
            "time never goes backwards: deadline \(deadline) is before now (\(now))"
        case let .wouldSkipEvents(first):
            "cannot advance the clock past a queued event at \(first)"
        }
    }
}
