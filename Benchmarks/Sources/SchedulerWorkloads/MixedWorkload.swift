import SimCore

/// A deterministic mix of events for the scheduler: periodic render ticks with ties, follow-ups at
/// the same instant, device callbacks at random future deadlines, and requests whose reply and
/// timeout race, the first to run cancelling the other.
///
/// Every event that will run is paid for from a budget when it is queued (a request pays once, for
/// whichever of its reply and timeout runs), and nothing is queued once the budget is spent. A run
/// of `events` therefore executes exactly `events` events and ends with an empty queue.
public struct MixedWorkload {
    /// Render periods: 48 kHz buffers of 48, 128, 256 and 480 frames.
    static let periods: [Int64] = [1_000_000, 2_666_666, 5_333_333, 10_000_000]
    static let timeoutDelay = HostDuration.milliseconds(10)
    /// Long enough for the population, and so the heap, to reach its working size.
    public static let steadyStateWarmUp = HostDuration.milliseconds(250)

    public let streams: Int
    public let devices: Int
    var random: SimRandom
    var budget = 0
    var requests: [(reply: EventToken, timeout: EventToken)] = []
    var freeRequests: [UInt32] = []
    /// Cancellations made, all of events still queued.
    public private(set) var cancellations = 0
    /// A fingerprint of the order events ran in: equal fingerprints, equal orders.
    public private(set) var fingerprint: UInt64 = 0xCBF2_9CE4_8422_2325

    public init(seed: UInt64 = 20_261_122, streams: Int = 1024, devices: Int = 1024) {
        self.random = SimRandom(seed: seed)
        self.streams = streams
        self.devices = devices
    }

    /// Runs exactly `events` events, starting the population first if the queue is empty, and
    /// draining the queue at the end.
    @discardableResult
    public mutating func run(_ scheduler: inout Scheduler<StackEvent>, events: Int) -> RunSummary<StackEvent> {
        // Of a queued request, only one of its reply and timeout will run.
        budget = events - (scheduler.pendingCount - outstandingRequests)
        if scheduler.pendingCount == 0 { populate(&scheduler) }
        let summary = scheduler.run(until: scheduler.now + .seconds(3600)) { scheduler, event in
            handle(&scheduler, event)
        }
        precondition(summary.eventsRun == events && summary.leftovers.isEmpty && !summary.stoppedByBudget,
                     "the workload ran \(summary.eventsRun) events, not \(events)")
        return summary
    }

    /// Starts the population and runs it for `duration` without a budget, so that the queue (and
    /// the heap's storage) reaches its working size; the population stays queued.
    public mutating func warmUp(_ scheduler: inout Scheduler<StackEvent>, for duration: HostDuration) {
        budget = .max
        if scheduler.pendingCount == 0 { populate(&scheduler) }
        scheduler.run(for: duration) { scheduler, event in handle(&scheduler, event) }
    }

    var outstandingRequests: Int { requests.count - freeRequests.count }

    mutating func populate(_ scheduler: inout Scheduler<StackEvent>) {
        for stream in 0..<streams {
            let period = Self.periods[stream % Self.periods.count]
            let phase = Int64(random.uniform(below: 8)) * (period / 8)
            queue(.renderTick(stream: UInt32(stream)), after: .nanoseconds(phase), on: &scheduler)
        }
        for device in 0..<devices {
            queue(.deviceCallback(device: UInt32(device)), after: randomCallbackDelay(), on: &scheduler)
        }
    }

    mutating func handle(_ scheduler: inout Scheduler<StackEvent>, _ event: ScheduledEvent<StackEvent>) {
        fingerprint = (fingerprint ^ event.sequence ^ UInt64(bitPattern: event.deadline.nanoseconds) << 20)
            &* 0x0000_0100_0000_01B3
        switch event.event {
        case let .renderTick(stream):
            let period = Self.periods[Int(stream) % Self.periods.count]
            queue(.renderTick(stream: stream), after: .nanoseconds(period), on: &scheduler)
            if random.chance(1, in: 2) { queue(.mixWork(stream: stream), after: .zero, on: &scheduler) }
            if random.chance(1, in: 8) { startRequest(on: &scheduler) }
        case .mixWork:
            break
        case let .deviceCallback(device):
            queue(.deviceCallback(device: device), after: randomCallbackDelay(), on: &scheduler)
            if random.chance(1, in: 16) { startRequest(on: &scheduler) }
        case let .reply(request):
            finish(request, cancelling: requests[Int(request)].timeout, on: &scheduler)
        case let .timeout(request):
            finish(request, cancelling: requests[Int(request)].reply, on: &scheduler)
        }
    }

    /// A reply due after 0 to 11.75 ms in 250 µs steps races a 10 ms timeout: about one in six
    /// replies is late, and one in 48 ties with its timeout (the reply, queued first, wins).
    mutating func startRequest(on scheduler: inout Scheduler<StackEvent>) {
        guard budget > 0 else { return }
        budget -= 1
        let id = freeRequests.popLast() ?? UInt32(requests.count)
        let replyDelay = HostDuration.microseconds(250 * Int64(random.uniform(below: 48)))
        let reply = try! scheduler.schedule(.reply(request: id), after: replyDelay)
        let timeout = try! scheduler.schedule(.timeout(request: id), after: Self.timeoutDelay)
        if Int(id) == requests.count { requests.append((reply, timeout)) } else { requests[Int(id)] = (reply, timeout) }
    }

    mutating func finish(_ request: UInt32, cancelling token: EventToken, on scheduler: inout Scheduler<StackEvent>) {
        scheduler.cancel(token)
        cancellations += 1
        freeRequests.append(request)
    }

    mutating func queue(_ event: StackEvent, after delay: HostDuration, on scheduler: inout Scheduler<StackEvent>) {
        guard budget > 0 else { return }
        budget -= 1
        try! scheduler.schedule(event, after: delay)
    }

    mutating func randomCallbackDelay() -> HostDuration {
        .nanoseconds(random.integer(in: 1...2_000_000))
    }
}
