import SimCore
import VirtualDevices

/// The device's one route. It is decided by the controlling session (see `controllingApp`) over
/// the ports in arrival order ("last in wins"); every app reads the same route, and every running
/// app hears when it changes.
extension AudioServer {
    /// The device's one current route, decided by the controlling session's category, mode,
    /// options and routing choices. Every app reads this route (2012 talk "Audio Session and
    /// Multiroute Audio in iOS": "you're going to get one or the other").
    public var currentRoute: AudioRoute {
        RouteSelector.route(for: routeRequest(for: controllingApp))
    }

    /// The route as `app` reads it: the device's route.
    public func currentRoute(for app: AppID) -> AudioRoute { currentRoute }

    /// The inputs `app`'s own category could record from (`availableInputs` is per session).
    public func availableInputs(for app: AppID) -> [Port] {
        RouteSelector.availableInputs(for: routeRequest(for: app))
    }

    private func routeRequest(for app: AppID?) -> RouteRequest {
        let configuration = app.map { self.configuration(of: $0) } ?? SessionConfiguration()
        let routing = app.flatMap { appRecord($0)?.routing } ?? RoutingState()
        return routing.request(category: configuration.category, mode: configuration.effectiveMode,
                               options: configuration.categoryOptions, ports: device.ports)
    }

    public func preferredInput(for app: AppID) -> Port? {
        guard let uid = appRecord(app)?.routing.preferredInputUID else { return nil }
        return device.ports(.input).first { $0.uid == uid }
    }

    public func setPreferredInput(_ app: AppID, uid: String?) throws(SessionError) {
        try api("setPreferredInput", app, ["uid": uid.map { .string($0) } ?? .null]) { () throws(SessionError) in
            try requireMediaServices()
            let available = availableInputs(for: app)
            let cause = try withRecord(app) { record throws(SessionError) in
                try record.routing.setPreferredInput(uid, available: available)
            }
            if let cause { routeMayHaveChanged(cause, by: app) }
        }
    }

    public func overrideOutputAudioPort(_ app: AppID, _ portOverride: PortOverride) throws(SessionError) {
        try api("overrideOutputAudioPort", app, ["override": .string("\(portOverride)")]) { () throws(SessionError) in
            try requireMediaServices()
            let category = configuration(of: app).category
            let cause = try withRecord(app) { record throws(SessionError) in
                try record.routing.overrideOutputAudioPort(portOverride, category: category)
            }
            if let cause { routeMayHaveChanged(cause, by: app) }
        }
    }

    /// Chooses a data source (e.g. the front microphone) of the routed input port.
    public func setInputDataSource(_ app: AppID, id: Int?) throws(SessionError) {
        let ports = device.ports
        guard let input = currentRoute.inputs.first else {
            throw SessionError(.badParam, "setInputDataSource: the route has no input")
        }
        try api("setInputDataSource", app, ["port": .string(input.uid), "dataSource": id.map { .integer($0) } ?? .null]) {
            () throws(SessionError) in
            try requireMediaServices()
            let cause = try withRecord(app) { record throws(SessionError) in
                try record.routing.setPreferredDataSource(id, forPortUID: input.uid, ports: ports)
            }
            if let cause { routeMayHaveChanged(cause, by: app) }
        }
    }

    /// iOS 17+: whether the app's Now Playing session is interrupted (reason `routeDisconnected`)
    /// when its route loses a device. Default true.
    public func prefersInterruptionOnRouteDisconnect(_ app: AppID) -> Bool {
        appRecord(app)?.prefersInterruptionOnRouteDisconnect ?? true
    }

    public func setPrefersInterruptionOnRouteDisconnect(_ app: AppID, _ prefers: Bool) throws(SessionError) {
        try api("setPrefersInterruptionOnRouteDisconnect", app, ["prefers": .bool(prefers)]) { () throws(SessionError) in
            try requireMediaServices()
            try withRecord(app) { record in record.prefersInterruptionOnRouteDisconnect = prefers }
        }
    }

    /// Something that decides the route changed: hardware came or went, a session changed its
    /// configuration or routing choices, or another session took control of the device. The
    /// speaker override lasts only "until the current route changes" (QA1754), so every session's
    /// override reverts first when the hardware or the controlling session changed something
    /// (not for the change the override itself makes). Then apps whose route differs from the
    /// one they last heard of are told why: for hardware changes every running app, otherwise
    /// the apps with an active session; `initiator` is told of its own category change even
    /// when the ports stay the same.
    func routeMayHaveChanged(_ cause: RouteChangeCause, by initiator: AppID? = nil) {
        if cause != .overrideChanged, cause.isHardware || initiator == controllingApp { revertSpeakerOverrides() }
        let current = currentRoute
        // A dead media server tells nobody anything; apps start over from the route at the reset.
        guard device.system.mediaServerRunning else { return }
        for index in apps.indices where device.lifecycle(of: apps[index].app.name) != .notRunning {
            let app = apps[index].app
            let previous = apps[index].lastRoute
            apps[index].lastRoute = current
            if previous == current, app != initiator { continue }
            // Another session's doing reaches only the sessions that are running audio.
            if !cause.isHardware, app != initiator, !activation.isActive(app) { continue }
            guard let reason = RouteChangeClassifier.reason(for: cause, category: configuration(of: app).category,
                                                            previous: previous, current: current) else { continue }
            deliver(.routeChange(reason: reason, previousRoute: previous), to: app)
        }
        if cause == .portsRemoved { interruptNowPlayingOnDisconnect() }
    }

    /// Reverts every session's speaker override, tracing the ones that were in effect.
    func revertSpeakerOverrides() {
        for index in apps.indices where apps[index].routing.revertSpeakerOverride() {
            record("route.overrideReverted", ["app": .string(apps[index].app.name)])
        }
    }

    /// iOS 17+: "Now Playing sessions will be interrupted if they are active when a route change
    /// occurs because of a disconnect event. All other sessions will not be interrupted."
    /// The interruption follows the `oldDeviceUnavailable` route change (the order is not
    /// documented; the route change is what caused it).
    private func interruptNowPlayingOnDisconnect() {
        guard platform.interruptsNowPlayingOnRouteDisconnect, let app = activation.nowPlaying,
              activation.isActive(app), prefersInterruptionOnRouteDisconnect(app) else { return }
        carry(activation.routeDisconnected(app))
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
