import VirtualDevices

/// Decides, across all apps on the device, whose audio session is active, interrupted or ducked,
/// and what each app is told: the activation part of `MediaPolicy`. A pure state machine (see
/// docs/architecture.md, One device, one truth): every input returns actions, in a deterministic order (apps sorted by `AppID`), which the
/// policy folds into its effects; no clock, no I/O.
///
/// The platform profile is fixed for the arbiter's life (one release per run); open readings of
/// the sources are `ActivationSettings`.
public struct ActivationArbiter: Sendable {
    public let profile: PlatformProfile
    public let settings: ActivationSettings

    /// Sessions by app; only ever read through `order`, so dictionary order never shows.
    var sessions: [AppID: AppSession] = [:]
    /// Registered apps, sorted by `AppID`: the order of every action list.
    private(set) var order: [AppID] = []
    var nowPlaying: AppID?
    /// Apps connected to a host as Inter-App Audio nodes (WWDC 2013 session 602: a node that keeps
    /// the microphone records from the background while connected).
    var interAppNodes: [AppID] = []
    /// Between mediaServicesLost and mediaServicesReset.
    var mediaServicesDown = false

    public init(profile: PlatformProfile = .default, settings: ActivationSettings = .init()) {
        self.profile = profile
        self.settings = settings
    }

    /// Makes an app known (at launch), or updates its background mode. Emits nothing.
    public mutating func register(_ app: AppID, hasAudioBackgroundMode: Bool = false, lifecycle: AppLifecycle = .foreground) {
        if sessions[app] != nil {
            sessions[app]?.hasAudioBackgroundMode = hasAudioBackgroundMode
            return
        }
        sessions[app] = AppSession(hasAudioBackgroundMode: hasAudioBackgroundMode, lifecycle: lifecycle)
        order.append(app)
        order.sort()
    }

    /// The Now Playing app (at most one): the only app whose non-mixable session may go active
    /// from the background (AVAudioSession.ErrorCode.cannotInterruptOthers; derived session model, activation rule 4). Emits nothing.
    public mutating func setNowPlaying(_ app: AppID?) {
        nowPlaying = app
    }

    /// An app became or stopped being a connected Inter-App Audio node. Emits nothing.
    public mutating func setInterAppNode(_ app: AppID, connected: Bool) {
        interAppNodes.removeAll { $0 == app }
        if connected { interAppNodes.append(app) }
    }

    // MARK: Queries

    public var registeredApps: [AppID] { order }

    public func isActive(_ app: AppID) -> Bool { sessions[app]?.isActive ?? false }

    /// Told "began" and not yet "ended", and has not reactivated since.
    public func isInterrupted(_ app: AppID) -> Bool { sessions[app]?.interrupter != nil }

    public func interrupter(of app: AppID) -> Interrupter? { sessions[app]?.interrupter }

    public func traits(of app: AppID) -> SessionTraits? { sessions[app]?.traits }

    public func lifecycle(of app: AppID) -> AppLifecycle? { sessions[app]?.lifecycle }

    public func hasAudioBackgroundMode(_ app: AppID) -> Bool { sessions[app]?.hasAudioBackgroundMode ?? false }

    /// The app's I/O runs (`AppSession.ioRunning`): the policy's one answer.
    public func isIORunning(_ app: AppID) -> Bool { sessions[app]?.ioRunning ?? false }

    public func isNowPlaying(_ app: AppID) -> Bool { nowPlaying == app }

    /// Ducked while active and another app's active session ducks others (duckOthers and notifyOthersOnDeactivation docs: "for as long as
    /// the session is active", not merely while it sounds).
    public func isDucked(_ app: AppID) -> Bool {
        guard sessions[app]?.isActive == true else { return false }
        return order.contains { $0 != app && sessions[$0]?.isActive == true && sessions[$0]?.traits.ducksOthers == true }
    }

    /// `isOtherAudioPlaying`: any other app plays, ambient included (currentRoute and isOtherAudioPlaying docs).
    public func isOtherAudioPlaying(for app: AppID) -> Bool {
        order.contains { $0 != app && isPlaying($0) }
    }

    /// `secondaryAudioShouldBeSilencedHint`: another app's primary (non-mixable) audio plays (currentRoute and isOtherAudioPlaying docs).
    public func secondaryAudioShouldBeSilencedHint(for app: AppID) -> Bool {
        order.contains { $0 != app && isPlaying($0) && sessions[$0]?.traits.isMixable == false }
    }

    /// Active with output (and, under `.runningIO` evidence, with I/O running).
    func isPlaying(_ app: AppID) -> Bool { sessions[app].map(isPlaying) ?? false }

    func isPlaying(_ session: AppSession) -> Bool {
        guard session.isActive, session.traits.producesOutput else { return false }
        return settings.playingEvidence == .activeSession || session.ioRunning
    }

    // MARK: Helpers shared by the inputs

    func request(for app: AppID, traits: SessionTraits) -> ActivationRules.Request? {
        guard let session = sessions[app] else { return nil }
        return .init(traits: traits, lifecycle: session.lifecycle, hasAudioBackgroundMode: session.hasAudioBackgroundMode, isNowPlaying: nowPlaying == app,
                     isInterAppNode: interAppNodes.contains(app))
    }

    /// A "began" as this release spells it: reasons exist from 14.5.
    func began(_ reason: InterruptionReason) -> PolicyNotification {
        .interruption(type: .began, reason: profile.reportsInterruptionReason ? reason : nil, options: nil)
    }

    static func ended(_ options: InterruptionOptions) -> PolicyNotification {
        .interruption(type: .ended, reason: nil, options: options)
    }

    /// Takes an active session away: it becomes inactive, then hears "began".
    mutating func interrupt(_ app: AppID, by interrupter: Interrupter) -> [PolicyAction] {
        sessions[app]?.state = .interrupted(by: interrupter, held: true)
        return [.deactivated(app), .notify(app, began(.default))]
    }

    /// The sessions `interrupter` holds learn it is over: "ended" with `options`, or, when
    /// `options` is nil, nothing (they stay interrupted until they reactivate themselves).
    mutating func release(heldBy interrupter: Interrupter, ending options: InterruptionOptions?) -> [PolicyAction] {
        var actions: [PolicyAction] = []
        for app in order where sessions[app]?.isHeld(by: interrupter) == true {
            if let options {
                sessions[app]?.state = .inactive
                actions.append(.notify(app, Self.ended(options)))
            } else {
                sessions[app]?.state = .interrupted(by: interrupter, held: false)
            }
        }
        return actions
    }
}
