import VirtualDevices

/// Something the layers above the server (Audio Unit instances that span two apps) must hear
/// about as it happens: an app's lifecycle changed, its session was interrupted, or mediaserverd
/// died or came back.
public enum ServerChange: Sendable {
    case lifecycle(AppID, from: AppLifecycle, to: AppLifecycle)
    case mediaServicesLost
    /// The app's session was interrupted (before the app hears of it).
    case interruptionBegan(AppID)
    case mediaServicesReset
    /// Control Center was swiped up over the foreground app (`shown`) or dismissed; sessions are
    /// not affected, but UIKit tells the app it resigned or regained active.
    case controlCenter(shown: Bool)
}

/// The server's watchers, called in the order they were added, on the simulation thread.
public final class ServerWatchers {
    private var watchers: [(ServerChange) -> Void] = []

    public func add(_ watcher: @escaping (ServerChange) -> Void) { watchers.append(watcher) }

    func notify(_ change: ServerChange) {
        for watcher in watchers { watcher(change) }
    }
}

extension AudioServer {
    /// Whoever needs to follow app lifecycles and media-services resets beyond sessions.
    public var watchers: ServerWatchers {
        attachment(for: AppID("<server>"), key: "MediaServer.ServerWatchers") { ServerWatchers() }
    }

    /// Launches `app` into the background (the system launching an Inter-App Audio node for a
    /// host): traced as `device.launch` with `to: background`; the foreground app stays.
    public func launchInBackground(_ app: AppID) throws(DeviceEventError) {
        try afterEffects { () throws(DeviceEventError) in
            let outcome = try device.launchInBackground(app.name)
            var fields = outcome.fields
            fields["by"] = "system"
            record(.deviceLaunch, fields)
            registerIfNeeded(app)
            let new = device.lifecycle(of: app.name)
            carry(policy.lifecycleChanged(app, to: new))
            deliverLifecycle(app, from: .notRunning, to: new)
        }
    }
}
