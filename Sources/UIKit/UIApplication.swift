import Foundation
import MediaServer

/// `UIApplication`: the lifecycle state and notifications audio code relies on.
///
/// `UIApplication.shared` is the running simulated app; its state follows the device's app
/// lifecycle events (launch, foreground, background, suspend), and the lifecycle notifications are
/// posted to `NotificationCenter.default` inside the app's context when those events happen.
public final class UIApplication: NSObject, @unchecked Sendable {
    /// `UIApplication.State`.
    public enum State: Int, Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")

    let binding: AppBinding?

    private init(binding: AppBinding?) { self.binding = binding }

    public static var shared: UIApplication {
        guard let binding = AppContext.current else { return UIApplication(binding: nil) }
        return binding.server.attachment(for: binding.app, key: "UIApplication") { UIApplication(binding: binding) }
    }

    public var applicationState: State {
        guard let binding else { return .background }
        guard binding.server.isForeground(binding.app) else { return .background }
        return binding.server.device.system.controlCenterShown ? .inactive : .active
    }

    /// Remote-control events (lock screen, headset buttons) are routed to the Now Playing app.
    public func beginReceivingRemoteControlEvents() {
        binding.map { $0.server.setReceivesRemoteControlEvents($0.app, true) }
    }

    public func endReceivingRemoteControlEvents() {
        binding.map { $0.server.setReceivesRemoteControlEvents($0.app, false) }
    }

    /// Posts the notifications UIKit sends for a lifecycle change, in UIKit's order.
    @_spi(Soundcheck)
    public static func postLifecycle(_ names: [Notification.Name], to binding: AppBinding) {
        AppContext.run(as: binding) {
            for name in names { NotificationCenter.default.post(name: name, object: shared) }
        }
    }
}
