import VirtualDevices

/// Routing choices (speaker override, preferred input, data sources and their polar patterns) and how route changes reach
/// apps. The device has one route, decided by the controlling session over the ports in arrival
/// order ("last in wins"); every running app hears when it changes.
extension MediaPolicy {
    public mutating func overrideOutputAudioPort(_ app: AppID, _ portOverride: PortOverride) throws(SessionError) -> [PolicyEffect] {
        let category = configuration(of: app).category
        return try changeRouting(app) { routing throws(SessionError) in
            try routing.overrideOutputAudioPort(portOverride, category: category)
        }
    }

    public mutating func setPreferredInput(_ app: AppID, uid: String?) throws(SessionError) -> [PolicyEffect] {
        let available = availableInputs(for: app)
        return try changeRouting(app) { routing throws(SessionError) in try routing.setPreferredInput(uid, available: available) }
    }

    /// Chooses a data source (e.g. the front microphone) of the port `portUID`.
    public mutating func setPreferredDataSource(_ app: AppID, id: Int?, portUID: String) throws(SessionError) -> [PolicyEffect] {
        let ports = self.ports
        return try changeRouting(app) { routing throws(SessionError) in
            try routing.setPreferredDataSource(id, forPortUID: portUID, ports: ports)
        }
    }

    /// `AVAudioSessionDataSourceDescription.setPreferredPolarPattern(_:)`: becomes the source's
    /// selected pattern in the route; an unsupported pattern or a source not of the port is `badParam`.
    public mutating func setPreferredPolarPattern(_ app: AppID, _ pattern: DataSource.PolarPattern?,
                                                  for source: PortDataSource) throws(SessionError) -> [PolicyEffect] {
        let ports = self.ports
        return try changeRouting(app) { routing throws(SessionError) in
            try routing.setPreferredPolarPattern(pattern, for: source, ports: ports)
        }
    }

    /// One routing choice of `app`: validated by `RoutingState`, then, if it changed anything, a
    /// route change with the cause it names.
    mutating func changeRouting(_ app: AppID, _ change: (inout RoutingState) throws(SessionError) -> RouteChangeCause?) throws(SessionError) -> [PolicyEffect] {
        try input { policy throws(SessionError) in
            try policy.requireMediaServices()
            let cause = try policy.withSession(app) { session throws(SessionError) in try change(&session.routing) }
            return cause.map { policy.routeMayHaveChanged($0, by: app) } ?? []
        }
    }

    public mutating func setPrefersInterruptionOnRouteDisconnect(_ app: AppID, _ prefers: Bool) throws(SessionError) {
        try requireMediaServices()
        withSession(app) { $0.prefersInterruptionOnRouteDisconnect = prefers }
    }

    /// Something that decides the route changed: hardware came or went, a session changed its
    /// configuration or routing choices, or another session took control of the device. The
    /// speaker override lasts only "until the current route changes" (QA1754), so every session's
    /// override reverts first when the hardware or the controlling session changed something
    /// (not for the change the override itself makes). Then apps whose route differs from the
    /// one they last heard of are told why: for hardware changes every running app, otherwise
    /// the apps with an active session; `initiator` is told of its own category change even
    /// when the ports stay the same. A dead media server tells nobody anything: apps start over
    /// from the route at the reset.
    mutating func routeMayHaveChanged(_ cause: RouteChangeCause, by initiator: AppID? = nil) -> [PolicyEffect] {
        var effects: [PolicyEffect] = []
        if cause != .overrideChanged, cause.isHardware || (initiator != nil && initiator == controllingApp) {
            effects += revertSpeakerOverrides()
        }
        let current = computeRoute()
        guard system.mediaServerRunning else { return effects }
        for index in sessions.indices where lifecycle(of: sessions[index].app) != .notRunning {
            let app = sessions[index].app
            let previous = sessions[index].lastRoute
            sessions[index].lastRoute = current
            if previous == current, app != initiator { continue }
            if !cause.isHardware, app != initiator, !isActive(app) { continue }
            guard let reason = RouteChangeClassifier.reason(for: cause, category: sessions[index].configuration.category,
                                                            previous: previous, current: current) else { continue }
            effects.append(.notify(app, .routeChange(reason: reason, previousRoute: previous)))
        }
        if cause == .portsRemoved { effects += interruptNowPlayingOnDisconnect() }
        return effects
    }

    private mutating func revertSpeakerOverrides() -> [PolicyEffect] {
        sessions.indices.compactMap { index in
            sessions[index].routing.revertSpeakerOverride() ? .overrideReverted(sessions[index].app) : nil
        }
    }

    /// iOS 17+: "Now Playing sessions will be interrupted if they are active when a route change
    /// occurs because of a disconnect event. All other sessions will not be interrupted."
    /// The interruption follows the `oldDeviceUnavailable` route change (the order is not
    /// documented; the route change is what caused it).
    private mutating func interruptNowPlayingOnDisconnect() -> [PolicyEffect] {
        guard platform.interruptsNowPlayingOnRouteDisconnect, let app = activation.nowPlaying,
              isActive(app), prefersInterruptionOnRouteDisconnect(app) else { return [] }
        return apply(activation.routeDisconnected(app))
    }
}

extension RouteChangeCause {
    /// Hardware changes are the same event for every app; other causes are one session's doing.
    var isHardware: Bool {
        switch self {
        case .portsAdded, .portsRemoved, .wakeFromSleep: true
        case .categoryChanged, .overrideChanged, .preferredInputChanged, .dataSourceChanged: false
        }
    }
}
