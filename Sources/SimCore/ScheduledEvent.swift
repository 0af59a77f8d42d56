/// An event waiting in the scheduler, with the key that orders it: its deadline, then the order
/// in which it was scheduled. Two events at the same instant therefore run first-scheduled first.
public struct ScheduledEvent<Event>: Comparable {
    public let deadline: HostTime
    /// The insertion sequence number; also the event's identity for cancellation.
    public let sequence: UInt64
    public let event: Event
    /// Where the scheduler records whether this entry is still live (see `Scheduler.slotOwners`).
    @usableFromInline let slot: UInt32

    @inlinable
    init(deadline: HostTime, sequence: UInt64, slot: UInt32, event: Event) {
        self.deadline = deadline
        self.sequence = sequence
        self.slot = slot
        self.event = event
    }

    // Inlinable, like the scheduler, so that the heap's comparisons compile to two integer
    // compares in the module that picks `Event`, not to generic calls.
    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool {
        let (l, r) = (lhs.deadline.nanoseconds, rhs.deadline.nanoseconds)
        return l < r || (l == r && lhs.sequence < rhs.sequence)
    }

    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.deadline.nanoseconds == rhs.deadline.nanoseconds && lhs.sequence == rhs.sequence
    }
}

extension ScheduledEvent: Sendable where Event: Sendable {}

/// The handle returned by `Scheduler.schedule`, used to cancel the event before it runs.
/// Its identity is the sequence number; the slot only lets `cancel` find the event in O(1).
public struct EventToken: Hashable, Sendable {
    public let sequence: UInt64
    @usableFromInline let slot: UInt32

    @inlinable
    init(sequence: UInt64, slot: UInt32) {
        self.sequence = sequence
        self.slot = slot
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.sequence == rhs.sequence }
    public func hash(into hasher: inout Hasher) { hasher.combine(sequence) }
}
