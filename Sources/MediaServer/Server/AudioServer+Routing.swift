import SimCore
import VirtualDevices

extension AudioServer {
    /// The device's one current route, decided by the controlling session's category, mode,
    /// options and routing choices over the ports in arrival order ("last in wins"). Every app
    /// reads this route (2012 talk: "you're going to get one or the other").
    public var currentRoute: AudioRoute {
        RouteSelector.route(for: routeRequest(for: controllingApp))
    }

    /// The route as `app` reads it: the device's route.
    public func currentRoute(for app: AppID) -> AudioRoute { currentRoute }

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
        let available = availableInputs(for: app)
        try api("setPreferredInput", app, ["uid": uid.map { .string($0) } ?? .null]) { () throws(SessionError) in
            let cause = try withRecord(app) { record throws(SessionError) in
                try record.routing.setPreferredInput(uid, available: available)
            }
            if let cause { routeChanged(for: app, cause: cause) }
        }
    }

    public func overrideOutputAudioPort(_ app: AppID, _ portOverride: PortOverride) throws(SessionError) {
        let category = configuration(of: app).category
        try api("overrideOutputAudioPort", app, ["override": .string("\(portOverride)")]) { () throws(SessionError) in
            let cause = try withRecord(app) { record throws(SessionError) in
                try record.routing.overrideOutputAudioPort(portOverride, category: category)
            }
            if let cause { routeChanged(for: app, cause: cause) }
        }
    }

    /// Hardware changed (ports came or went, the device woke): the speaker override of every
    /// session reverts (QA1754) and every running app whose route changed is told why.
    func hardwareRouteChanged(cause: RouteChangeCause) {
        for index in apps.indices { apps[index].routing.revertSpeakerOverride() }
        for record in apps where device.lifecycle(of: record.app.name) != .notRunning {
            routeChanged(for: record.app, cause: cause)
        }
    }

    /// Recomputes one app's route and posts `routeChange` if the classifier says it changed.
    func routeChanged(for app: AppID, cause: RouteChangeCause) {
        guard let index = index(of: app) else { return }
        let previous = apps[index].lastRoute
        let current = currentRoute(for: app)
        apps[index].lastRoute = current
        guard let reason = RouteChangeClassifier.reason(for: cause, category: configuration(of: app).category,
                                                        previous: previous, current: current) else { return }
        deliver(.routeChange(reason: reason, previousRoute: previous), to: app)
    }
}
