import Testing
@testable import SimCore

@Suite("Scheduler")
struct SchedulerTests {
    @Test("events run by deadline, and by insertion order at the same deadline")
    func ordering() throws {
        var scheduler = Scheduler<String>()
        try scheduler.schedule("c", at: HostTime(nanoseconds: 30))
        try scheduler.schedule("a1", at: HostTime(nanoseconds: 10))
        try scheduler.schedule("b", at: HostTime(nanoseconds: 20))
        try scheduler.schedule("a2", at: HostTime(nanoseconds: 10))
        var order: [String] = []
        let summary = scheduler.run(until: HostTime(nanoseconds: 100)) { _, event in order.append(event.event) }
        #expect(order == ["a1", "a2", "b", "c"])
        #expect(summary.eventsRun == 4)
        #expect(summary.leftovers.isEmpty)
        #expect(scheduler.now == HostTime(nanoseconds: 100))
    }

    @Test("time never goes backwards: past deadlines are refused")
    func pastDeadline() throws {
        var scheduler = Scheduler<Int>()
        try scheduler.schedule(1, at: HostTime(nanoseconds: 50))
        scheduler.run(until: HostTime(nanoseconds: 60)) { _, _ in }
        #expect(throws: SchedulerError.deadlineInThePast(deadline: HostTime(nanoseconds: 10), now: HostTime(nanoseconds: 60))) {
            try scheduler.schedule(2, at: HostTime(nanoseconds: 10))
        }
        #expect(throws: SchedulerError.self) { try scheduler.schedule(3, after: .nanoseconds(-1)) }
    }

    @Test("handlers schedule follow-ups, including at the current instant")
    func followUps() throws {
        var scheduler = Scheduler<Int>()
        try scheduler.schedule(0, at: .zero)
        var seen: [(Int, Int64)] = []
        scheduler.run(for: .seconds(1)) { scheduler, event in
            seen.append((event.event, event.deadline.nanoseconds))
            if event.event < 3 { try! scheduler.schedule(event.event + 1, after: event.event == 0 ? .zero : .milliseconds(100)) }
        }
        #expect(seen.map(\.0) == [0, 1, 2, 3])
        #expect(seen.map(\.1) == [0, 0, 100_000_000, 200_000_000])
    }

    @Test("a run reports what it leaves behind")
    func leftovers() throws {
        var scheduler = Scheduler<String>()
        try scheduler.schedule("due", at: .zero + .seconds(1))
        try scheduler.schedule("late", at: .zero + .seconds(5))
        try scheduler.schedule("later", at: .zero + .seconds(9))
        let summary = scheduler.run(until: .zero + .seconds(2)) { _, _ in }
        #expect(summary.leftovers.map(\.event) == ["late", "later"])
        #expect(summary.endTime == .zero + .seconds(2))
        #expect(scheduler.pendingCount == 2)
    }

    @Test("the event budget stops a runaway loop and says so")
    func budget() throws {
        var scheduler = Scheduler<Int>(eventBudget: 100)
        try scheduler.schedule(0, at: .zero)
        let summary = scheduler.run(until: .zero + .seconds(1)) { scheduler, event in
            try! scheduler.schedule(event.event + 1, after: .zero)
        }
        #expect(summary.stoppedByBudget)
        #expect(summary.eventsRun == 100)
        #expect(summary.leftovers.count == 1)
        #expect(scheduler.now == .zero, "the clock stays where the runaway happened")
    }

    @Test("cancelled events never run")
    func cancellation() throws {
        var scheduler = Scheduler<String>()
        let keep = try scheduler.schedule("keep", at: .zero + .seconds(1))
        let drop = try scheduler.schedule("drop", at: .zero + .seconds(1))
        scheduler.cancel(drop)
        scheduler.cancel(drop)
        var order: [String] = []
        scheduler.run(until: .zero + .seconds(2)) { _, event in order.append(event.event) }
        scheduler.cancel(keep)
        #expect(order == ["keep"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("a stale token never cancels the event that took over its place")
    func staleToken() throws {
        var scheduler = Scheduler<String>()
        let ran = try scheduler.schedule("ran", at: .zero + .seconds(1))
        scheduler.run(until: .zero + .seconds(1)) { _, _ in }
        // The next event reuses the storage the first one left; the first one's token must not reach it.
        try scheduler.schedule("queued", at: .zero + .seconds(2))
        scheduler.cancel(ran)
        #expect(scheduler.pendingCount == 1)
        let cancelled = try scheduler.schedule("cancelled", at: .zero + .seconds(3))
        scheduler.cancel(cancelled)
        #expect(scheduler.pendingCount == 1)
        try scheduler.advance(to: .zero + .seconds(2))
        var order: [String] = []
        let summary = scheduler.run(until: .zero + .seconds(5)) { _, event in order.append(event.event) }
        #expect(order == ["queued"])
        #expect(summary.leftovers.isEmpty && scheduler.pendingCount == 0)
    }

    @Test("advance refuses to skip queued events")
    func advance() throws {
        var scheduler = Scheduler<Int>()
        try scheduler.schedule(1, at: .zero + .seconds(1))
        #expect(throws: SchedulerError.wouldSkipEvents(firstDeadline: .zero + .seconds(1))) {
            try scheduler.advance(to: .zero + .seconds(2))
        }
        try scheduler.advance(to: .zero + .seconds(1))
        #expect(scheduler.now == .zero + .seconds(1))
    }
}
