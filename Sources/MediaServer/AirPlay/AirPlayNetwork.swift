import SimCore
import VirtualDevices

/// The AirPlay speakers on the device's network, as senders on the device see them.
///
/// A speaker becomes a receiver the first time a sender connects to it (its port must be an
/// attached AirPlay accessory then). From that moment it plays on its own output clock: one
/// `airplay.cycle` every `cycleFrames` frames at 44.1 kHz renders every receiver's next cycle
/// into its port sink, network or not. Senders move audio only while the network is up (`isNetworkUp`), at
/// most as fast as the speaker's model allows, through `pump` callbacks the network calls
/// every `pumpInterval` — so buffer depth, dropouts and catch-up all happen on the one clock.
public final class AirPlayNetwork: @unchecked Sendable {
    public static let cycleLabel = "airplay.cycle"
    public static let pumpLabel = "airplay.pump"
    public static let cycleFrames = 1_024
    public static let pumpInterval = HostDuration.milliseconds(20)

    private unowned let server: AudioServer
    /// In the order senders first connected to them.
    public private(set) var receivers: [AirPlayReceiver] = []
    private var cycleAction: (() -> Void)?
    private var pumpAction: (() -> Void)?
    /// Senders' pumps, in the order they started.
    private var pumps: [(id: Int, pump: (HostDuration) -> Void)] = []
    private var nextPumpID = 1
    public private(set) var pendingTicks = 0
    /// Route detectors, told when the device's ports change (in the order they subscribed).
    private var portWatchers: [(id: Int, watch: () -> Void)] = []

    init(server: AudioServer) { self.server = server }

    public var isNetworkUp: Bool { server.device.system.networkUp }

    public func receiver(_ uid: String) -> AirPlayReceiver? { receivers.first { $0.portUID == uid } }

    /// Connects to the speaker whose output port is `uid`, making it a receiver on first use.
    /// Nil when no attached AirPlay accessory has that port.
    @discardableResult
    public func connect(_ uid: String) -> AirPlayReceiver? {
        if let existing = receiver(uid) { return existing }
        guard let accessory = server.device.accessories.first(where: { $0.ports.contains { $0.uid == uid } }),
              case let .airPlay(version) = accessory.kind else { return nil }
        let model = AirPlayReceiverModel.version(version)
        let clock = AirPlayClockSync(random: SimRandom(seed: server.seed).fork("airplay:\(uid)"))
        let rate = SampleRate(framesPerSecond: Int64(model.sampleRate))
        var sink = server.makeSink(uid: uid, channels: 2, clock: IOClock(rate: rate))
        // The speaker was silent until now.
        let start = rate.sampleTime(at: server.now).frames / Int64(Self.cycleFrames) * Int64(Self.cycleFrames)
        if start > 0 { sink.write(frameCount: Int(start)) { _ in nil } }
        receivers.append(AirPlayReceiver(portUID: uid, model: model, sink: sink, clock: clock, cycleFrames: Self.cycleFrames))
        server.record(.airplayReceiver, ["port": .string(uid), "version": .integer(version),
                                                      "offsetUs": .integer(Int(clock.offset.nanoseconds / 1_000)),
                                                      "driftPpm": .integer(Int(clock.driftPPM))])
        startCycles()
        return receivers.last
    }

    /// Whether the device sees a route besides the local one: an AirPlay speaker on the network.
    public var hasOtherRoutes: Bool { server.device.ports.contains { $0.portType == .airPlay } }

    public func watchPorts(_ watch: @escaping () -> Void) -> Int {
        let id = nextPumpID
        nextPumpID += 1
        portWatchers.append((id, watch))
        return id
    }

    public func stopWatchingPorts(_ id: Int) { portWatchers.removeAll { $0.id == id } }

    func portsChanged() { for watcher in portWatchers { watcher.watch() } }

    /// Changes one receiver (senders deliver, anchor, flush through this).
    public func update<T>(_ uid: String, _ change: (inout AirPlayReceiver) -> T) -> T? {
        guard let index = receivers.firstIndex(where: { $0.portUID == uid }) else { return nil }
        return change(&receivers[index])
    }

    /// Calls `pump` every `pumpInterval` with that interval, until `stopPump`.
    public func startPump(_ pump: @escaping (HostDuration) -> Void) -> Int {
        let id = nextPumpID
        nextPumpID += 1
        pumps.append((id, pump))
        if pumps.count == 1 { schedulePump() }
        return id
    }

    public func stopPump(_ id: Int) { pumps.removeAll { $0.id == id } }

    private func schedulePump() {
        if pumpAction == nil {
            pumpAction = { [unowned self] in
                pendingTicks -= 1
                for entry in pumps { entry.pump(Self.pumpInterval) }
                if !pumps.isEmpty { schedulePump() }
            }
        }
        pendingTicks += 1
        try? server.schedule(Self.pumpLabel, at: server.now + Self.pumpInterval, pumpAction!)
    }

    private func startCycles() {
        guard cycleAction == nil else { return }
        cycleAction = { [unowned self] in runCycle() }
        scheduleCycle()
    }

    /// A speaker's output stage takes its next cycle when the cycle starts (as a DAC pulls its
    /// next buffer), so audio that arrives during a cycle is heard from the next one on.
    private func scheduleCycle() {
        guard let receiver = receivers.first, let action = cycleAction else { return }
        let start = receiver.rate.hostTime(at: SampleTime(frames: receiver.sink.position), rounding: .up)
        pendingTicks += 1
        try? server.schedule(Self.cycleLabel, at: max(start, server.now), action)
    }

    /// Every speaker plays its next cycle; gaps starting and ending go into the trace.
    private func runCycle() {
        pendingTicks -= 1
        let target = receivers[0].sink.position + Int64(Self.cycleFrames)
        for index in receivers.indices {
            while receivers[index].sink.position < target {
                guard let change = receivers[index].render(frameCount: Self.cycleFrames) else { continue }
                server.record(change ? .airplayGapBegan : .airplayGapEnded,
                                         ["port": .string(receivers[index].portUID)])
            }
        }
        scheduleCycle()
    }
}
