import SimCore
import VirtualDevices

/// How the server reaches one app's code: its notification observers and the record-permission
/// callbacks waiting for the simulated user. Session state is the policy's (`SessionState`).
struct AppEndpoint {
    /// Delivers a notification to the app's code (facade or scripted app).
    var observer: (PolicyNotification) -> Void
    /// Tells the app's code about its own lifecycle changes (UIKit notifications).
    var lifecycleObserver: (AppLifecycle, AppLifecycle) -> Void
    /// Record-permission callbacks waiting for the simulated user, oldest first.
    var permissionCallbacks: [@Sendable (Bool) -> Void] = []
}

/// Work on the simulation clock: device events, and app code the harness or a scenario runs at a
/// given time.
enum ServerEvent {
    case device(DeviceEvent)
    case action(label: String, body: () -> Void)
}
