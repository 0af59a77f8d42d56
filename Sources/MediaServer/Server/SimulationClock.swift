import SimCore

/// The one scheduler of a simulation, as an object several media servers can share: two
/// simulated devices in one scenario (a keyboard app on one, a synth on the other, a Bluetooth
/// LE link between them) run on the same clock, so whichever server runs it, every event of
/// both happens in one total order and both traces read the same time.
///
/// A server made without one gets its own, unshared; nothing about it changes then.
public final class SimulationClock: @unchecked Sendable {
    var scheduler = Scheduler<ServerEvent>()
    /// More than one server runs on this clock: events that name no server (a device event)
    /// must carry the server that applies them.
    let isShared: Bool

    /// `shared`: more than one server will run on this clock.
    public init(shared: Bool = true) {
        isShared = shared
    }

    public var now: HostTime { scheduler.now }

    /// On a shared clock, which server recorded each trace line, in the order they were recorded
    /// (indices into `join` order): with it the servers' traces merge into one in causal order.
    public private(set) var recordOrder: [Int] = []
    private var members = 0

    /// A new server on this clock; returns its index.
    func join() -> Int {
        members += 1
        return members - 1
    }

    func recorded(by member: Int) {
        if isShared { recordOrder.append(member) }
    }
}
