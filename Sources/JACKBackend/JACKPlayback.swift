import CJACK
import CJACKProcess
import Foundation
import MediaServer
import SimCore
import VirtualDevices

/// Plays the simulated device's ports on a JACK server: the `IOBackend` of `run --backend jack`.
///
/// The simulation (scheduler, policy, scenario steps) runs on the control thread and renders each
/// IO cycle ahead into a ring of cycles (`CJACKProcess`'s player); JACK's process callback only
/// copies the cycle that JACK's frame clock says is due into the port buffers. Ring cycle k plays
/// at JACK frame `startFrame + k × period` and holds the server-rate frames of the simulated
/// instants there (the IO frames themselves at the server's rate; converted at another rate, see
/// JACKPlayback+Stream), so every scenario step sounds at its exact frame on JACK's clock, however
/// early the control side computed it. The control side blocks while the ring is full: that keeps
/// simulated time a fixed look-ahead in front of JACK's.
public final class JACKPlayback: IOBackend, @unchecked Sendable {
    public let client: JACKClient
    public let sampleRate: Int
    public let periodFrames: Int
    /// Cycles the ring holds: the look-ahead between the simulation and what sounds.
    public let capacity: Int
    /// Why the run stopped playing, if it did (the simulation then finishes without pacing).
    public internal(set) var failure: JACKError?
    /// Our JACK output ports in registration (ring slot) order: which device port channel each plays.
    public private(set) var outputPorts: [JACKPortChannel] = []
    public private(set) var inputPorts: [JACKPortChannel] = []
    /// How many frames after JACK captures a sound at an input port the simulated input hears it
    /// (see `JACKInputFeed`) while the hardware runs at the server's rate: the look-ahead plus one cycle.
    public var inputLatencyFrames: Int { (capacity + 1) * periodFrames }
    /// The same while the simulated hardware runs at `rate`: at another rate than the server's,
    /// plus what resampling both ways adds (`JACKResampling.addedInputLatencyFrames`).
    public func inputLatencyFrames(atRate rate: Int) -> Int {
        rate == sampleRate ? inputLatencyFrames : inputLatencyFrames + resamplings.resampling(at: rate).addedInputLatencyFrames
    }
    /// Every rate other than the server's the simulated hardware ran at, with what converting it cost.
    public var resamplingsUsed: [JACKResampling] { resamplings.used }
    /// How many frames after a MIDI message reaches `midi-in` the simulation hears it (one cycle
    /// more than audio: see `JACKMIDIInput`); nil without the MIDI bridge.
    public var midiLatencyFrames: Int? { midiInput.map { Int($0.latencyCycles) * periodFrames } }
    /// Our JACK MIDI output ports (short names), one per Core MIDI source and virtual
    /// destination so far (`JACKMIDIOutput`); empty without the MIDI bridge.
    public var midiOutputPorts: [String] { midiOutput?.portNames ?? [] }
    /// MIDI messages that found no room in their cycle and were not sent to JACK.
    public var midiMessagesDropped: Int { midiOutput?.dropped ?? 0 }
    /// Told each MIDI output port's short name right after it is registered, before any message
    /// reaches it (a monitor connects to it there).
    public var onMIDIPortRegistered: (@Sendable (String) -> Void)? {
        get { midiOutput?.onPortRegistered }
        set { midiOutput?.onPortRegistered = newValue }
    }
    /// Told each port's short name right after it is registered, before any audio reaches it
    /// (a capture client connects to it there).
    public var onPortRegistered: (@Sendable (JACKPortChannel) -> Void)?

    let player: OpaquePointer
    /// What resampling costs at each rate the simulated hardware runs at (JACKResampling).
    let resamplings: JACKResamplingTable
    /// The way out (JACKPlayback+Stream): the next JACK stream frame the ring gets, the IO clock
    /// segment being played and how it maps there (an offset at the server's rate, else a
    /// converter), and the IO frame the next piece should start at.
    var streamFrame: Int64 = 0
    var outputSegment: (segment: IOClock.Segment?, rate: Int)?
    var passthroughOffset: Int64 = 0
    var nextIOFrame: Int64 = 0
    var resampler: JACKOutputResampler?
    /// Each output slot of the last rendered piece: its port and the ring slot of each channel.
    var ringSlots: [(uid: String, slots: [Int?])] = []
    /// Freewheel once the device's ports exist (`attach`), until `finish`.
    private let freewheel: Bool
    private let connector: JACKConnector?
    private var names = JACKPortNames()
    private var slotOfChannel: [String: Int] = [:]
    weak var server: AudioServer?
    /// Input port channels captured, in input-slot order, and how many of them the server was given.
    private var inputFeeds: [(port: JACKPortChannel, feed: JACKInputFeed)] = []
    private var fedInputs = 0
    private var midiInput: JACKMIDIInput?
    private var midiOutput: JACKMIDIOutput?
    /// Whether the cycles published now are the simulation's (not the padding of `finish`).
    private var simulating = true
    private var cycle: Int64 = 0
    private var block: UnsafeMutablePointer<Float>?
    private var reportedXruns: Int64 = 0
    /// The callback count last seen to move, and when: a server that stops calling us is noticed.
    private var lastProgress = (callbacks: Int64(-1), at: ContinuousClock.now)

    /// No progress of JACK's callback for this long means the server stopped serving us.
    public static let stallTimeout: Duration = .seconds(5)

    /// A player on `client` rendering up to `lookaheadFrames` ahead; `connect` names where its
    /// ports go (see `JACKConnector`), nil to leave them unconnected.
    /// With `midi`, the JACK MIDI port `midi-in` is a MIDI device of the simulated device (`JACKMIDIInput`),
    /// and its MIDI sources and virtual destinations get JACK MIDI output ports (`JACKMIDIOutput`).
    public init(client: JACKClient, lookaheadFrames: Int = 8192, connect: String? = nil, freewheel: Bool = false,
                midi: Bool = false) throws(JACKError) {
        self.client = client
        self.freewheel = freewheel
        sampleRate = client.sampleRate
        periodFrames = client.periodFrames
        capacity = max(4, lookaheadFrames / max(1, periodFrames))
        resamplings = JACKResamplingTable(serverRate: sampleRate, periodFrames: periodFrames)
        connector = connect.map(JACKConnector.init(target:))
        guard let player = sc_player_create(client.handle, Int32(periodFrames), Int32(capacity)) else {
            throw JACKError("out of memory for a \(capacity)-cycle ring")
        }
        self.player = player
        guard sc_player_install(player) == 0 else { throw JACKError("JACK refused the process callbacks of \(client.name)") }
        if midi {
            midiInput = try JACKMIDIInput(client: client, player: player, periodFrames: periodFrames, capacity: capacity)
            midiOutput = JACKMIDIOutput(client: client, player: player, periodFrames: periodFrames, sampleRate: sampleRate)
        }
    }

    deinit { close() }

    /// Leaves the server and frees the ring; the counters stay readable. Idempotent. (The
    /// simulated server may outlive the run, so this does not wait for deinit.)
    public func close() {
        guard closedStats == nil else { return }
        let final = (liveStats, liveDurations)
        client.close()
        sc_player_destroy(player)
        closedStats = final
    }

    public var stats: JACKStats { closedStats?.0 ?? liveStats }

    /// How long each process callback took: `counts[i]` callbacks took i µs.
    public var callbackDurations: [Int64] { closedStats?.1 ?? liveDurations }

    var closedStats: (JACKStats, [Int64])?

    private var liveStats: JACKStats {
        var raw = sc_stats()
        sc_player_stats(player, &raw)
        return JACKStats(raw)
    }

    private var liveDurations: [Int64] {
        var counts = [Int64](repeating: 0, count: Int(SC_DURATION_BUCKETS))
        sc_player_durations(player, &counts, Int32(counts.count))
        return counts
    }

    // MARK: IOBackend

    public func attach(to server: AudioServer) {
        self.server = server
        register(server.device.ports)
        feedInputs()
        midiInput?.attach(to: server)
        midiOutput?.attach(to: server, excluding: midiInput?.source ?? 0)
        if freewheel { setFreewheel(true) }
    }

    /// Registers (and connects) the JACK ports of these device ports now, before they play.
    public func register(_ ports: [VirtualDevices.Port]) {
        for port in ports {
            for channel in port.channels.indices {
                _ = slot(uid: port.uid, channel: channel, type: port.portType.rawValue, isInput: port.direction == .input)
            }
        }
    }

    // MARK: Finishing

    /// Plays out everything up to stream frame `endFrame` (the IO frame, at the server's rate;
    /// a converter's held frames are drained first; silence where nothing was rendered), then
    /// waits until the ring has drained, or the server fails, or the drain takes too long.
    public func finish(throughFrame endFrame: Int64) {
        simulating = false
        if let resampler, closedStats == nil { drain(resampler, through: endFrame) }
        let lastCycle = (endFrame + Int64(periodFrames) - 1) / Int64(periodFrames)
        while failure == nil && cycle < lastCycle {
            guard blockForCycle(cycle) != nil else { break }
            publishCycle()
        }
        sc_player_start(player)
        sc_player_finish(player)
        defer { if freewheel { setFreewheel(false) } }
        let drainBudget = Double(capacity * periodFrames) / Double(sampleRate) + 5
        let deadline = ContinuousClock.now + .milliseconds(Int(drainBudget * 1000))
        while failure == nil && stats.drained == false {
            checkServer()
            if ContinuousClock.now > deadline {
                fail("the JACK server did not play the last \(capacity) cycles within \(Int(drainBudget)) s")
            }
            sleepAboutAPeriod()
        }
        noteXruns()
    }

    // MARK: The ring

    /// The ring block of `target`, after publishing silence for any cycle before it that got no
    /// audio (IO had not started, or a port was idle). Waits while the ring is full.
    func blockForCycle(_ target: Int64) -> UnsafeMutablePointer<Float>? {
        if target < cycle { return nil }   // already published (cannot happen: the stream only moves on)
        while cycle < target {
            guard block != nil || acquireBlock() != nil else { return nil }
            publishCycle()
        }
        return block ?? acquireBlock()
    }

    private func acquireBlock() -> UnsafeMutablePointer<Float>? {
        while failure == nil {
            if let free = sc_player_slot(player, cycle) {
                free.update(repeating: 0, count: max(1, outputPorts.count) * periodFrames)
                block = free
                return free
            }
            // The ring is full: JACK may start playing, and we wait for it to make room.
            sc_player_start(player)
            checkServer()
            sleepAboutAPeriod()
        }
        return nil
    }

    func publishCycle() {
        midiOutput?.write(cycle: cycle)
        sc_player_publish(player, cycle)
        // While converting, the simulation runs up to the converter's hold ahead of the ring.
        if simulating { midiInput?.deliver(afterIOCycle: cycle, aheadCycles: resampler?.resampling.outputHoldCycles ?? 0) }
        cycle += 1
        block = nil
        noteXruns()
    }

    private func sleepAboutAPeriod() {
        let micros = max(100, periodFrames * 1_000_000 / max(1, sampleRate) / 2)
        usleep(UInt32(micros))
    }

    // MARK: Ports

    /// The ring slot of a device port's channel, registering (and connecting) its JACK port the
    /// first time. Input channels get JACK input ports and no slot.
    func slot(uid: String, channel: Int, type: String?, isInput: Bool) -> Int? {
        let key = "\(isInput ? "in" : "out")|\(uid)|\(channel)"
        if let known = slotOfChannel[key] { return known }
        guard failure == nil else { return nil }
        let portType = type ?? server?.device.ports.first(where: { $0.uid == uid })?.portType.rawValue ?? "Port"
        let short = JACKPortNames.channelName(base: names.baseName(uid: "\(isInput ? "in" : "out")|\(uid)", type: portType),
                                              channel: channel + 1)
        guard isInput || outputPorts.count < Int(SC_MAX_PORTS) else {
            fail("the device has more than \(SC_MAX_PORTS) output channels, more than one JACK client plays")
            return nil
        }
        let port: OpaquePointer
        do { port = try client.registerPort(short, isInput: isInput) } catch {
            fail(error.description)
            return nil
        }
        connect(short: short, channel: channel + 1, isInput: isInput)
        let named = JACKPortChannel(name: short, portUID: uid, channel: channel + 1, isInput: isInput)
        onPortRegistered?(named)
        if isInput {
            inputPorts.append(named)
            slotOfChannel[key] = -1
            captureInput(named, port: port)
            return nil
        }
        let slot = outputPorts.count
        outputPorts.append(named)
        sc_player_add_port(player, Int32(slot), port)
        slotOfChannel[key] = slot
        return slot
    }

    /// Lets the player capture an input port (up to `SC_MAX_INPUTS`; more stay unheard, said in the trace).
    private func captureInput(_ named: JACKPortChannel, port: OpaquePointer) {
        guard inputFeeds.count < Int(SC_MAX_INPUTS) else {
            server?.recordObservation(.jackInputUnheard, ["port": .string(named.name)])
            return
        }
        sc_player_add_input(player, Int32(inputFeeds.count), port)
        let feed = JACKInputFeed(player: player, slot: inputFeeds.count, periodFrames: periodFrames, latencyFrames: inputLatencyFrames,
                                 resamplings: resamplings)
        inputFeeds.append((named, feed))
        feedInputs()
    }

    /// Tells the simulated server about captured inputs it has not heard of (once attached).
    private func feedInputs() {
        guard let server else { return }
        while fedInputs < inputFeeds.count {
            let (port, feed) = inputFeeds[fedInputs]
            feed.server = server
            server.feedInput(portUID: port.portUID, channel: port.channel, from: feed)
            fedInputs += 1
        }
    }

    private func connect(short: String, channel: Int, isInput: Bool) {
        guard let connector else { return }
        let flags = JackPortFlags(isInput ? JackPortIsOutput.rawValue : JackPortIsInput.rawValue)
        let candidates = client.ports(matching: connector.pattern, flags: flags)
        guard let other = connector.destination(forShortName: short, channel: channel, candidates: candidates) else { return }
        let ours = "\(client.name):\(short)"
        do { try isInput ? client.connect(other, to: ours) : client.connect(ours, to: other) } catch { fail(error.description) }
    }

    /// Switches freewheel and waits until the server says it has. Turning it on, nothing is
    /// rendered before that notice: the player waits for rendered cycles only in the cycles it
    /// knows to be freewheeling (see `freewheeling` in CJACKProcess), so a run that began before
    /// the notice would play late cycles. A notice that never comes fails the run. Turning it off,
    /// the wait keeps a client closed at once from leaving its ports behind.
    private func setFreewheel(_ on: Bool) {
        do { try client.setFreewheel(on) } catch {
            fail(error.description)
            return
        }
        let deadline = ContinuousClock.now + Self.freewheelTimeout
        while stats.freewheeling != on && ContinuousClock.now < deadline { usleep(1_000) }
        guard stats.freewheeling == on else {
            if on { fail("the JACK server '\(client.serverDisplayName)' did not confirm freewheel within \(Self.freewheelTimeout.components.seconds) s") }
            return
        }
        let callbacks = stats.callbacks
        while stats.callbacks < callbacks + 2 && ContinuousClock.now < deadline { usleep(1_000) }
    }

    /// How long the server may take to say freewheel began or ended (it sends the notice on a
    /// thread a loaded machine may run late; seen: about a second).
    public static let freewheelTimeout: Duration = .seconds(10)

    // MARK: Failures

    private func checkServer() {
        let now = stats
        if now.serverGone {
            fail("the JACK server '\(client.serverDisplayName)' went away during the run (after \(now.played) cycles)")
        } else if now.bufferSize != periodFrames {
            fail("the JACK server changed its period from \(periodFrames) to \(now.bufferSize) frames during the run; "
                 + "the device's IO buffer was fixed at \(periodFrames), so the run stops")
        } else if now.sampleRate != sampleRate {
            fail("the JACK server changed its rate from \(sampleRate) to \(now.sampleRate) Hz during the run; the device's hardware rate "
                 + "was fixed at \(sampleRate) Hz for the run, so its audio is silenced and the run stops (run it again: the next run takes "
                 + "the server's new rate)")
        } else if now.callbacks != lastProgress.callbacks {
            lastProgress = (now.callbacks, ContinuousClock.now)
        } else if ContinuousClock.now - lastProgress.at > Self.stallTimeout {
            fail("the JACK server ran no process cycle for \(Self.stallTimeout.components.seconds) s; the run stops")
        }
    }

    /// Xruns go into the trace as they are noticed, at the simulated time of the control side.
    private func noteXruns() {
        let xruns = stats.xruns
        guard xruns != reportedXruns else { return }
        server?.recordObservation(.jackXrun, ["count": .integer(Int(xruns - reportedXruns)), "total": .integer(Int(xruns))])
        reportedXruns = xruns
    }

    func fail(_ message: String) {
        guard failure == nil else { return }
        failure = JACKError(message)
        server?.recordObservation(.jackFailed, ["reason": .string(message)])
        sc_player_finish(player)
    }
}

/// One of our JACK ports: its short name and the device port channel (1-based) behind it.
public struct JACKPortChannel: Sendable, Hashable {
    public let name: String
    public let portUID: String
    public let channel: Int
    public let isInput: Bool
}
