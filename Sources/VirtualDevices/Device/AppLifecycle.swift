/// An app's lifecycle state, as UIKit sees it (`UIApplication.State` plus not running / suspended).
public enum AppLifecycle: String, Hashable, Sendable {
    case notRunning = "not-running"
    case foreground
    case background
    /// In memory but not executing: it cannot play or respond until foregrounded again.
    case suspended

    /// The state `event` moves an app to, or nil when the transition is impossible.
    func after(_ event: DeviceEvent) -> AppLifecycle? {
        switch (self, event) {
        case (.notRunning, .launch): .foreground
        case (.background, .foreground), (.suspended, .foreground): .foreground
        case (.foreground, .background): .background
        case (.background, .suspend): .suspended
        case (.foreground, .terminate), (.background, .terminate), (.suspended, .terminate): .notRunning
        default: nil
        }
    }
}
