import Foundation
import VirtualDevices

/// The UIKit notifications an app receives for a lifecycle change, in UIKit's order.
enum LifecycleNotifications {
    static func names(from old: AppLifecycle, to new: AppLifecycle) -> [Notification.Name] {
        switch (old, new) {
        case (.notRunning, .foreground):
            [UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification]
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
