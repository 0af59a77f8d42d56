/// An event waiting in the scheduler, with the key that orders it: its deadline, then the order
/// in which it was scheduled. Two events at the same instant therefore run first-scheduled first.
public struct ScheduledEvent<Event>: Comparable {
    public let deadline: HostTime
    /// The insertion sequence number; also the event's identity for cancellation.
    public let sequence: UInt64
    public let event: Event

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.deadline == rhs.deadline && lhs.sequence == rhs.sequence
    }
}

extension ScheduledEvent: Sendable where Event: Sendable {}

/// The handle returned by `Scheduler.schedule`, used to cancel the event before it runs.
public struct EventToken: Hashable, Sendable {
    public let sequence: UInt64
}
