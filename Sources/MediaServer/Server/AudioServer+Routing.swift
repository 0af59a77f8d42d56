import SimCore
import VirtualDevices

/// The device's one route (decided by the policy) and the routing calls apps make.
extension AudioServer {
    /// The device's one current route. Every app reads this route (2012 talk "Audio Session and
    /// Multiroute Audio in iOS": "you're going to get one or the other").
    public var currentRoute: AudioRoute { policy.route }

    /// The route as `app` reads it: the device's route, or for a long-form session the AirPlay 2
    /// outputs the user picked (MediaPolicy+LongForm.swift).
    public func currentRoute(for app: AppID) -> AudioRoute { policy.longFormRoute(for: app) ?? policy.route }

    /// The inputs `app`'s own category could record from (`availableInputs` is per session).
    public func availableInputs(for app: AppID) -> [Port] { policy.availableInputs(for: app) }

    public func preferredInput(for app: AppID) -> Port? {
        guard let uid = policy.routing(of: app).preferredInputUID else { return nil }
        return device.ports(.input).first { $0.uid == uid }
    }

    public func setPreferredInput(_ app: AppID, uid: String?) throws(SessionError) {
        try api(.apiSetPreferredInput, app, ["uid": uid.map { .string($0) } ?? .null]) { () throws(SessionError) in
            try policy.setPreferredInput(app, uid: uid)
        }
    }

    public func overrideOutputAudioPort(_ app: AppID, _ portOverride: PortOverride) throws(SessionError) {
        try api(.apiOverrideOutputAudioPort, app, ["override": .string("\(portOverride)")]) { () throws(SessionError) in
            try policy.overrideOutputAudioPort(app, portOverride)
        }
    }

    /// iOS 17+: whether the app's Now Playing session is interrupted (reason `routeDisconnected`)
    /// when its route loses a device. Default true.
    public func prefersInterruptionOnRouteDisconnect(_ app: AppID) -> Bool { policy.prefersInterruptionOnRouteDisconnect(app) }

    public func setPrefersInterruptionOnRouteDisconnect(_ app: AppID, _ prefers: Bool) throws(SessionError) {
        try api(.apiSetPrefersInterruptionOnRouteDisconnect, app, ["prefers": .bool(prefers)]) { () throws(SessionError) in
            try policy.setPrefersInterruptionOnRouteDisconnect(app, prefers)
            return []
        }
    }
}
