import Foundation
import MediaServer
import VirtualDevices

/// The UIKit notifications an app receives for a lifecycle change, in UIKit's order.
enum LifecycleNotifications {
    static func names(from old: AppLifecycle, to new: AppLifecycle) -> [Notification.Name] {
        switch (old, new) {
        case (.notRunning, .foreground):
            [UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification]
        case (.notRunning, .background):
            // Launched by the system (an Inter-App Audio host instantiating a node): it finishes
            // launching in the background and does not become active.
            [UIApplication.didFinishLaunchingNotification]
        case (.foreground, .background):
            [UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification]
        case (.background, .foreground), (.suspended, .foreground):
            [UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification]
        case (.foreground, .notRunning):
            [UIApplication.willResignActiveNotification, UIApplication.willTerminateNotification]
        case (.background, .notRunning):
            [UIApplication.willTerminateNotification]
        default:
            // Suspension is silent, and a suspended app is killed without being told.
            []
        }
    }
}

/// Control Center over the foreground app: UIKit tells it that it will resign active when
/// Control Center comes up, and that it became active when Control Center is dismissed; the app
/// stays in the foreground (`applicationState` is `.inactive` meanwhile).
enum ControlCenterNotifications {
    /// Follows `server`'s Control Center once, however many apps register.
    static func follow(_ server: AudioServer) {
        _ = server.attachment(for: AppID("<server>"), key: "UIKit.ControlCenter") { () -> Following in
            server.watchers.add { [unowned server] change in
                guard case let .controlCenter(shown) = change,
                      let app = server.registeredApps.first(where: server.isForeground) else { return }
                let name = shown ? UIApplication.willResignActiveNotification : UIApplication.didBecomeActiveNotification
                UIApplication.postLifecycle([name], to: AppBinding(server: server, app: app))
            }
            return Following()
        }
    }

    private final class Following {}
}
