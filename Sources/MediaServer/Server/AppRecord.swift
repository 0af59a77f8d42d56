import SimCore
import VirtualDevices

/// Everything the server keeps for one app's session besides what the activation arbiter holds.
struct AppRecord {
    let app: AppID
    /// The app declares the `audio` background mode (UIBackgroundModes).
    var hasAudioBackgroundMode = false
    var configuration = SessionConfiguration()
    var routing = RoutingState()
    var preferences = HardwarePreferences()
    /// The route the app was last told about (or saw when it launched): the "previous route".
    var lastRoute = AudioRoute.empty
    var ioRunning = false
    var inputMuted = false
    var receivesRemoteControlEvents = false
    /// iOS 17+ `prefersInterruptionOnRouteDisconnect` (default true).
    var prefersInterruptionOnRouteDisconnect = true
    /// Delivers a notification to the app's code (facade or scripted app).
    var observer: (SessionNotification) -> Void
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
