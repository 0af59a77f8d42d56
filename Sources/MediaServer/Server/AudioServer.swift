import SimCore
import VirtualDevices

/// The simulated media server (mediaserverd): a thin executor. It owns the virtual device, the one
/// simulation clock and the trace; it applies device events, feeds every input to the one policy
/// machine (`MediaPolicy`), carries out the effects it returns — tracing each, delivering
/// notifications to apps, restarting IO at a new hardware format — and renders the IO cycle.
///
/// The server is a reference type because app code reaches it through facades
/// (`AVAudioSession.sharedInstance()`), but it is single-threaded: everything happens on the thread
/// that calls `run(until:)`, in scheduler order. That is what makes runs reproducible, and why it
/// is `@unchecked Sendable`.
public final class AudioServer: @unchecked Sendable {
    public let platform: PlatformProfile
    public let seed: UInt64
    public internal(set) var device: VirtualDevice
    public internal(set) var trace: Trace
    /// The simulation's one scheduler; shared when several devices run in one scenario.
    public let clock: SimulationClock
    /// This server's index among the servers on `clock`.
    let clockMember: Int
    var scheduler: Scheduler<ServerEvent> {
        get { clock.scheduler }
        _modify { yield &clock.scheduler }
    }
    /// The one policy machine: every session, the route, the hardware (Policy/MediaPolicy*.swift).
    public internal(set) var policy: MediaPolicy
    /// How to reach each app's code; only looked up by app, never iterated.
    var endpoints: [AppID: AppEndpoint] = [:]
    /// Bumped by every media-services reset: objects created in an older epoch are zombies.
    public internal(set) var epoch = 0
    /// Voices, the render engine, the IO clock and the port sinks (AudioServer+IO*.swift).
    var io = AudioIO()
    /// The Core MIDI server and the Bluetooth LE radio (MIDI/MIDIServer*.swift).
    public private(set) lazy var midi = MIDIServer(server: self)
    /// The AirPlay speakers on the network and their streams (AirPlay/AirPlayNetwork.swift).
    public private(set) lazy var airPlay = AirPlayNetwork(server: self)
    /// Notifications and lifecycle changes waiting for their input's effects to be traced
    /// (AudioServer+Deliveries.swift).
    var deliveries = PendingDeliveries()
    private var attachments: [String: AnyObject] = [:]
    /// On a Mac, the app remote commands reach (AirPlay/RemoteControl.swift).
    var macNowPlayingApp: AppID?

    /// `activationSettings` choose among readings the sources leave open (see `ActivationSettings`).
    /// `clock`: a clock shared with other simulated devices; without one the server has its own.
    public init(profile: DeviceProfile, platform: PlatformProfile = .default, seed: UInt64 = 0,
                activationSettings: ActivationSettings = .init(), clock: SimulationClock? = nil) {
        self.clock = clock ?? SimulationClock(shared: false)
        clockMember = self.clock.join()
        self.platform = platform
        self.seed = seed
        device = VirtualDevice(profile: profile)
        trace = Trace(seed: seed, header: ["profile": .string(profile.id), "platform": .string(platform.traceLabel)])
        policy = MediaPolicy(platform: platform, audioHardware: profile.hardware, ports: device.ports,
                             system: device.system, settings: activationSettings)
        // The route the device starts on, so the trace shows the route at every moment.
        carry([.routeChanged(policy.route)])
    }

    public var now: HostTime { clock.scheduler.now }

    /// Records a trace line of a listed kind at the current time.
    func record(_ kind: TraceKind, _ fields: [String: TraceValue]) {
        record(.other(kind, fields))
    }

    /// Records a line whose kind comes as text (the facades' and the radio's observations).
    func record(named kind: String, _ fields: [String: TraceValue]) {
        record(TraceKind(rawValue: kind).map { .other($0, fields) } ?? .unlisted(TraceEvent(time: now, kind: kind, fields: fields)))
    }

    /// Records a fact at the current time, as its JSON line (`TraceRecord.event`).
    func record(_ fact: TraceFact) {
        trace.record(TraceRecord(time: now, fact).event)
        clock.recorded(by: clockMember)
    }

    /// Records a line from whoever drives the simulation (a scenario step, what a scripted app
    /// did) in the one trace, at the current time, between the server's own lines.
    public func recordObservation(_ kind: String, _ fields: [String: TraceValue]) {
        record(named: kind, fields)
    }

    /// The same, for a fact with its own record (a scenario step, an app model's event).
    public func recordObservation(_ fact: TraceFact) {
        record(fact)
    }

    /// The same, for a listed kind kept as its fields (`.iaaInstalled`, `.openALOutputStopped`).
    public func recordObservation(_ kind: TraceKind, _ fields: [String: TraceValue]) {
        record(kind, fields)
    }

    /// An object the facades keep per app (the app's `AVAudioSession`, its `UIApplication`),
    /// created on first use and the same object ever after.
    public func attachment<T: AnyObject>(for app: AppID, key: String, make: () -> T) -> T {
        let slot = "\(app.name)/\(key)"
        if let existing = attachments[slot] as? T { return existing }
        let object = make()
        attachments[slot] = object
        return object
    }

    /// The simulation is over: each attachment that holds something outside it (an OpenAL Soft
    /// device) lets it go, as the system closes a finished process's devices. Called by whoever
    /// owns the server (`SimulatedDevice` when discarded, the scenario runner after its run).
    public func endSimulation() {
        for slot in attachments.keys.sorted() { (attachments[slot] as? SimulationResource)?.simulationEnded() }
        // The apps' objects and the server hold each other (facades reach the server; the server
        // holds their render clients, notification endpoints, attachments and queued work), so
        // nothing of a finished run would ever be freed: a process running thousands of scenarios
        // (`soundcheck explore`) kept every run's device, sinks and trace. Letting go of the
        // server's side frees them; the run's results were taken before this.
        // Held here until the end, so their deinits (which may call back into the server) run
        // after the assignments below, not while one of them has the server's state open.
        let finished = (attachments, endpoints, io, clock.isShared ? nil : clock.scheduler)
        attachments.removeAll()
        endpoints.removeAll()
        io = AudioIO()
        if !clock.isShared {
            let now = clock.scheduler.now
            clock.scheduler = Scheduler()
            try? clock.scheduler.advance(to: now)
        }
        withExtendedLifetime(finished) {}
    }
}

/// An attachment holding a resource outside the simulation, released by `endSimulation()`.
public protocol SimulationResource: AnyObject {
    func simulationEnded()
}
