import HeapModule

/// The one clock of a simulation: a priority queue of events ordered by (deadline, insertion
/// sequence), and the current time, which only moves forward as events are taken out.
///
/// The scheduler is a value with no threads and no wall clock. A run is bounded by a deadline and
/// by an event budget; whatever is still queued when a run stops is reported, not dropped.
///
/// The hot paths are `@inlinable`: `Scheduler` is generic over `Event` and used from other modules,
/// and without specialization every heap comparison and copy went through generic witnesses
/// (about 9 µs and over a hundred allocations per event in `Benchmarks/`).
public struct Scheduler<Event> {
    public var now: HostTime { _now }
    /// Events executed since the scheduler was created.
    public var eventsRun: Int { _eventsRun }
    /// The most events one `run` call may execute before it stops and reports a runaway.
    public var eventBudget: Int

    @usableFromInline var _now: HostTime = .zero
    @usableFromInline var _eventsRun: Int = 0
    @usableFromInline var queue = Heap<ScheduledEvent<Event>>()
    @usableFromInline var nextSequence: UInt64 = 0
    /// Cancellation without scanning or hashing. Every queued entry holds a slot for as long as it
    /// is in the heap; the slot holds the entry's sequence while the event is live, and `vacant`
    /// once it is cancelled or has left the heap. Cancelled entries stay in the heap until they
    /// reach its top and are dropped there. Free slots are reused last-freed first, so there are
    /// never more slots than the most entries ever queued at once.
    @usableFromInline var slotOwners: [UInt64] = []
    @usableFromInline var freeSlots: [UInt32] = []
    /// Cancelled entries still in the heap.
    @usableFromInline var cancelledCount = 0
    @inlinable static var vacant: UInt64 { .max }

    public init(eventBudget: Int = 10_000_000) {
        self.eventBudget = eventBudget
    }

    /// Events still queued (cancelled ones excluded).
    @inlinable
    public var pendingCount: Int { queue.count - cancelledCount }

    /// Queues `event` at `deadline`. A deadline in the past is a bug in the caller: time never
    /// goes backwards, so it is refused rather than silently moved.
    @inlinable @discardableResult
    public mutating func schedule(_ event: Event, at deadline: HostTime) throws(SchedulerError) -> EventToken {
        guard deadline.nanoseconds >= _now.nanoseconds else { throw .deadlineInThePast(deadline: deadline, now: now) }
        let sequence = nextSequence
        nextSequence += 1
        let slot: UInt32
        if !freeSlots.isEmpty {
            slot = freeSlots.removeLast()
            slotOwners[Int(slot)] = sequence
        } else {
            slot = UInt32(slotOwners.count)
            slotOwners.append(sequence)
        }
        queue.insert(ScheduledEvent(deadline: deadline, sequence: sequence, slot: slot, event: event))
        return EventToken(sequence: sequence, slot: slot)
    }

    /// Queues `event` `delay` after now; a negative delay is refused like a past deadline.
    @inlinable @discardableResult
    public mutating func schedule(_ event: Event, after delay: HostDuration) throws(SchedulerError) -> EventToken {
        try schedule(event, at: HostTime(nanoseconds: _now.nanoseconds + delay.nanoseconds))
    }

    /// Cancels a queued event. Cancelling one that already ran, or twice, does nothing.
    @inlinable
    public mutating func cancel(_ token: EventToken) {
        let slot = Int(token.slot)
        guard slot < slotOwners.count, slotOwners[slot] == token.sequence else { return }
        slotOwners[slot] = Self.vacant
        cancelledCount += 1
    }

    /// The next live event if its deadline is at or before `limit`; advances `now` to it.
    @inlinable
    public mutating func popNext(notAfter limit: HostTime) -> ScheduledEvent<Event>? {
        guard let deadline = nextLiveDeadline(), deadline.nanoseconds <= limit.nanoseconds else { return nil }
        let head = queue.removeMin()
        release(head.slot)
        _now = deadline
        _eventsRun += 1
        return head
    }

    /// Moves the clock forward to `time` without running anything; refuses to skip queued events.
    public mutating func advance(to time: HostTime) throws(SchedulerError) {
        guard time >= now else { throw .deadlineInThePast(deadline: time, now: now) }
        if let head = nextLiveDeadline(), head < time { throw .wouldSkipEvents(firstDeadline: head) }
        _now = time
    }

    /// Runs every event due at or before `deadline`, in order, then sets the clock to `deadline`.
    /// `perform` may schedule or cancel further events through the `inout` scheduler it receives.
    @inlinable @discardableResult
    public mutating func run(
        until deadline: HostTime,
        _ perform: (inout Scheduler<Event>, ScheduledEvent<Event>) throws -> Void
    ) rethrows -> RunSummary<Event> {
        let start = eventsRun
        var stoppedByBudget = false
        while let next = popNext(notAfter: deadline) {
            try perform(&self, next)
            if eventsRun - start >= eventBudget, nextLiveDeadline().map({ $0 <= deadline }) == true {
                stoppedByBudget = true
                break
            }
        }
        if !stoppedByBudget { _now = max(now, deadline) }
        return RunSummary(endTime: now, eventsRun: eventsRun - start,
                          stoppedByBudget: stoppedByBudget, leftovers: pendingEvents)
    }

    /// Runs for `duration` from now.
    @inlinable @discardableResult
    public mutating func run(
        for duration: HostDuration,
        _ perform: (inout Scheduler<Event>, ScheduledEvent<Event>) throws -> Void
    ) rethrows -> RunSummary<Event> {
        try run(until: now + duration, perform)
    }

    /// The live queued events in the order they would run. Every `run` reports these; inlinable so
    /// that the sort is specialized (unspecialized, it allocated once per element compared).
    @inlinable
    public var pendingEvents: [ScheduledEvent<Event>] {
        queue.unordered.filter(isLive).sorted()
    }

    /// The deadline of the next live event, dropping cancelled entries from the top of the heap.
    @inlinable
    mutating func nextLiveDeadline() -> HostTime? {
        while let head = queue.min {
            if isLive(head) { return head.deadline }
            queue.removeMin()
            release(head.slot)
            cancelledCount -= 1
        }
        return nil
    }

    @inlinable
    func isLive(_ entry: ScheduledEvent<Event>) -> Bool {
        slotOwners[Int(entry.slot)] == entry.sequence
    }

    /// Frees the slot of an entry that has left the heap.
    @inlinable
    mutating func release(_ slot: UInt32) {
        slotOwners[Int(slot)] = Self.vacant
        freeSlots.append(slot)
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

    @inlinable
    init(endTime: HostTime, eventsRun: Int, stoppedByBudget: Bool, leftovers: [ScheduledEvent<Event>]) {
        self.endTime = endTime
        self.eventsRun = eventsRun
        self.stoppedByBudget = stoppedByBudget
        self.leftovers = leftovers
    }
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
