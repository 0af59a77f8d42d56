import SimCore
import VirtualDevices

/// The media server's one policy machine (docs/architecture.md, One device, one truth): who is active, interrupted, ducked or
/// silenced, the device's one route and one hardware format, what every app is told. A `struct`
/// with private state; every input (an API call, a device change, I/O starting or stopping, a
/// media-services reset) is a `mutating func` returning the `PolicyEffect`s the server carries
/// out, in order. No clock, no devices, no I/O: tests drive it with plain values.
///
/// Its state is internal to the module only because Swift has no type-private access across
/// files; nothing outside the `MediaPolicy` extensions writes it.
///
/// Activation, interruptions, ducking and the secondary-audio hint are decided by its
/// `ActivationArbiter`; configuration, routing choices and hardware preferences live in one
/// `SessionState` per app. After every input the machine recomputes the route and the hardware
/// from the controlling session and reports what changed.
public struct MediaPolicy: Sendable {
    public let platform: PlatformProfile
    /// The codec's rates and IO buffer sizes (the device profile's hardware).
    public let audioHardware: AudioHardware
    var activation: ActivationArbiter
    var permissions: RecordPermissionStore
    /// Sessions in registration order (the order apps are told things), found by `indexByApp`.
    var sessions: [SessionState] = []
    private var indexByApp: [AppID: Int] = [:]
    /// Active sessions, least recently activated first: the last non-mixable one controls the device.
    var activationOrder: [AppID] = []
    /// The device as the server last reported it: ports in arrival order, system controls.
    var ports: [Port]
    var system: SystemState
    /// The device's route and hardware as of the end of the last input.
    public private(set) var route: AudioRoute
    /// Counts changes to the policy's state (every input, every session change): the IO cycle
    /// samples the mix again only when this moved, so a steady cycle does no policy work.
    public internal(set) var generation = 0
    public private(set) var hardware: HardwareSettings
    /// Active `record` sessions as of the end of the last input (they silence everyone else).
    private(set) var recorders: [AppID] = []
    /// AirPlay 2 outputs the user picked for long-form audio (MediaPolicy+LongForm.swift).
    public internal(set) var longFormPicks: [String] = []
    /// Sessions a ringing call left active because they prefer no interruptions from system
    /// alerts: answering the call interrupts them (MediaPolicy+SystemAlerts.swift).
    var sparedFromRinging: [AppID] = []

    public init(platform: PlatformProfile, audioHardware: AudioHardware, ports: [Port],
                system: SystemState = SystemState(), settings: ActivationSettings = .init()) {
        self.platform = platform
        self.audioHardware = audioHardware
        self.ports = ports
        self.system = system
        activation = ActivationArbiter(profile: platform, settings: settings)
        permissions = RecordPermissionStore(profile: platform)
        route = .empty
        hardware = HardwareNegotiator.resolve(preferences: nil, hardware: audioHardware, outputs: [], inputs: [])
        refreshDevice()
    }

    // MARK: Apps

    /// Makes `app` known (before it launches, or on its first call). Emits nothing.
    public mutating func register(_ app: AppID, hasAudioBackgroundMode: Bool = false, lifecycle: AppLifecycle = .notRunning) {
        guard indexByApp[app] == nil else { return }
        generation &+= 1
        indexByApp[app] = sessions.count
        var session = SessionState(app: app)
        session.lastRoute = route
        sessions.append(session)
        activation.register(app, hasAudioBackgroundMode: hasAudioBackgroundMode, lifecycle: lifecycle)
    }

    public var registeredApps: [AppID] { sessions.map(\.app) }
    public func isRegistered(_ app: AppID) -> Bool { indexByApp[app] != nil }

    func session(_ app: AppID) -> SessionState? { indexByApp[app].map { sessions[$0] } }

    /// Exclusive access to `app`'s session, registering it first if needed.
    mutating func withSession<T, Failure: Error>(_ app: AppID, _ body: (inout SessionState) throws(Failure) -> T) throws(Failure) -> T {
        if indexByApp[app] == nil { register(app) }
        generation &+= 1
        return try body(&sessions[indexByApp[app]!])
    }

    // MARK: Queries

    public func configuration(of app: AppID) -> SessionConfiguration { session(app)?.configuration ?? SessionConfiguration() }
    public func preferences(of app: AppID) -> HardwarePreferences { session(app)?.preferences ?? HardwarePreferences() }
    public func routing(of app: AppID) -> RoutingState { session(app)?.routing ?? RoutingState() }
    /// The app's lifecycle and background mode as the server last reported them (the device
    /// keeps the process's own), and whether its I/O runs: read from the arbiter, their one place.
    public func lifecycle(of app: AppID) -> AppLifecycle { activation.lifecycle(of: app) ?? .notRunning }
    public func hasAudioBackgroundMode(_ app: AppID) -> Bool { activation.hasAudioBackgroundMode(app) }
    public func isIORunning(_ app: AppID) -> Bool { activation.isIORunning(app) }
    public func isInputMuted(_ app: AppID) -> Bool { session(app)?.inputMuted ?? false }
    public func prefersInterruptionOnRouteDisconnect(_ app: AppID) -> Bool {
        session(app)?.prefersInterruptionOnRouteDisconnect ?? true
    }
    public func prefersNoInterruptionsFromSystemAlerts(_ app: AppID) -> Bool {
        session(app)?.prefersNoInterruptionsFromSystemAlerts ?? false
    }
    public func prefersEchoCancelledInput(_ app: AppID) -> Bool { session(app)?.prefersEchoCancelledInput ?? false }
    public func supportsMultichannelContent(_ app: AppID) -> Bool { session(app)?.supportsMultichannelContent ?? false }

    public func isActive(_ app: AppID) -> Bool { activation.isActive(app) }
    public func isInterrupted(_ app: AppID) -> Bool { activation.isInterrupted(app) }
    public func isDucked(_ app: AppID) -> Bool { activation.isDucked(app) }
    public func isNowPlaying(_ app: AppID) -> Bool { activation.isNowPlaying(app) }
    public func isOtherAudioPlaying(for app: AppID) -> Bool { activation.isOtherAudioPlaying(for: app) }
    public func secondaryAudioShouldBeSilencedHint(for app: AppID) -> Bool {
        activation.secondaryAudioShouldBeSilencedHint(for: app)
    }

    /// The session whose configuration and preferences the device follows: the most recently
    /// activated active non-mixable session, else the most recently activated active session.
    /// With no session active nobody controls the device: it idles on the default
    /// configuration's route (soloAmbient: the last-in output, no input) and hardware defaults.
    public var controllingApp: AppID? {
        activationOrder.last { !configuration(of: $0).isMixable } ?? activationOrder.last
    }

    /// Silenced by the ring/silent switch, screen lock or being in the background (AVAudioSession.Category docs), or
    /// because another app records: an active `record` session silences all other output ("other
    /// audio is silenced for as long as the session is active", ASPG category table).
    public func isSilenced(_ app: AppID) -> Bool {
        session(app).map(isSilenced) ?? isSilencedByRecording(app)
    }

    func isSilenced(_ session: SessionState) -> Bool {
        SilencePolicy.isSilenced(category: session.configuration.category, system: system,
                                 lifecycle: lifecycle(of: session.app), hasAudioBackgroundMode: hasAudioBackgroundMode(session.app))
            || isSilencedByRecording(session.app)
    }

    public func isSilencedByRecording(_ app: AppID) -> Bool {
        recorders.contains { $0 != app }
    }

    /// The app's input is cut off: it left the foreground without the audio background mode.
    public func isInputSilencedByLifecycle(_ app: AppID) -> Bool {
        SilencePolicy.isInputSilenced(lifecycle: lifecycle(of: app), hasAudioBackgroundMode: hasAudioBackgroundMode(app))
    }

    /// The inputs `app`'s own category could record from (`availableInputs` is per session).
    public func availableInputs(for app: AppID) -> [Port] {
        RouteSelector.availableInputs(for: routeRequest(for: app))
    }

    // MARK: The device's route and hardware

    func routeRequest(for app: AppID?) -> RouteRequest {
        let configuration = app.map { self.configuration(of: $0) } ?? SessionConfiguration()
        let routing = app.flatMap { session($0)?.routing } ?? RoutingState()
        return routing.request(category: configuration.category, mode: configuration.effectiveMode,
                                                     options: configuration.categoryOptions, ports: portsForSystemRoute)
    }

    /// The route the controlling session's configuration and choices give over the ports now.
    func computeRoute() -> AudioRoute { RouteSelector.route(for: routeRequest(for: controllingApp)) }

    func computeHardware(route: AudioRoute) -> HardwareSettings {
        HardwareNegotiator.resolve(preferences: controllingApp.map { preferences(of: $0) }, hardware: audioHardware,
                                   outputs: route.outputs, inputs: route.inputs)
    }

    private mutating func refreshDevice() {
        route = computeRoute()
        hardware = computeHardware(route: route)
        recorders = activationOrder.filter { configuration(of: $0).category == .record }
    }

    // MARK: Every input

    /// What effects every input reports besides its own: the route and hardware it changed and
    /// the apps it silenced or made audible. Snapshot before, compare after (like the arbiter's
    /// derived state), so no path can forget them.
    struct Snapshot {
        let route: AudioRoute
        let hardware: HardwareSettings
        let silenced: [Bool]
    }

    func snapshot() -> Snapshot { Snapshot(route: route, hardware: hardware, silenced: silencedApps) }

    /// For each session in registration order: is it running and silenced right now.
    var silencedApps: [Bool] {
        sessions.map { lifecycle(of: $0.app) != .notRunning && isSilenced($0) }
    }

    mutating func changes(since before: Snapshot) -> [PolicyEffect] {
        refreshDevice()
        var effects: [PolicyEffect] = []
        if route != before.route { effects.append(.routeChanged(route)) }
        if hardware != before.hardware { effects.append(.hardwareChanged(hardware)) }
        let after = silencedApps
        // Sessions are only ever appended, so entries pair up by position; a session registered
        // during the input counts as not silenced before it.
        for index in after.indices where after[index] != (index < before.silenced.count && before.silenced[index]) {
            effects.append(.silenced(sessions[index].app, after[index]))
        }
        // Last: what apps are told about their own state follows the route it depends on.
        return effects + toldStateChanges()
    }

    /// Runs one input: its own effects, then the derived changes.
    mutating func input<Failure: Error>(_ body: (inout MediaPolicy) throws(Failure) -> [PolicyEffect]) throws(Failure) -> [PolicyEffect] {
        let before = snapshot()
        generation &+= 1
        let effects = try body(&self)
        return effects + changes(since: before)
    }

    /// Carries an arbiter decision into the policy: the activation order follows it, and an
    /// interrupted session's speaker override reverts (QA1754: "any route change or interruption").
    mutating func apply(_ actions: [PolicyAction]) -> [PolicyEffect] {
        var effects: [PolicyEffect] = []
        for action in actions {
            switch action {
            case let .activated(app):
                activationOrder.removeAll { $0 == app }
                activationOrder.append(app)
            case let .deactivated(app):
                activationOrder.removeAll { $0 == app }
            case let .notify(app, .interruption(.began, _, _)):
                if let index = indexByApp[app], sessions[index].routing.revertSpeakerOverride() {
                    effects.append(.overrideReverted(app))
                }
            case .notify, .setDucked:
                break
            }
            effects.append(PolicyEffect(action))
        }
        return effects
    }
}
