import Foundation
import MediaServer
import VirtualDevices

/// Opening another app's URL: the system switches to the app that declares the URL's scheme
/// (an Inter-App Audio peer URL brings the peer to the foreground, WWDC 2013 session 602: "pass
/// that to UIApplication and ask it to open that URL"). The switch happens after the call
/// returns, as on iOS: the target comes to the foreground (launched if it was not running) and
/// the caller goes to the background.
extension UIApplication {
    /// `UIApplication.OpenExternalURLOptionsKey`.
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// Whether an app on the device handles `url`'s scheme.
    public func canOpenURL(_ url: URL) -> Bool { handler(of: url) != nil }

    /// `open(_:options:completionHandler:)` (iOS 10): `completion` hears, once the switch is
    /// done, whether it happened.
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
                     completionHandler completion: (@Sendable (Bool) -> Void)? = nil) {
        let opened = switchTo(handler(of: url))
        guard let completion else { return }
        guard let binding else { return completion(false) }
        try? binding.server.schedule("UIApplication open completion", at: binding.server.now) {
            AppContext.run(as: binding) { completion(opened) }
        }
    }

    /// `openURL(_:)` (iOS 2–10, what the 2013 talk's apps call): false when no app handles the URL.
    @available(iOS, deprecated: 10.0, renamed: "open(_:options:completionHandler:)")
    public func openURL(_ url: URL) -> Bool { switchTo(handler(of: url)) }

    private func handler(of url: URL) -> AppID? {
        guard let binding, let scheme = url.scheme else { return nil }
        return binding.server.app(handlingURLScheme: scheme)
    }

    /// Schedules the switch to `app` for now, after the caller's code; false without one.
    private func switchTo(_ app: AppID?) -> Bool {
        guard let binding, let app else { return false }
        let server = binding.server
        try? server.schedule("UIApplication open URL", at: server.now) {
            let event: DeviceEvent = server.device.lifecycle(of: app.name) == .notRunning ? .launch(app: app.name) : .foreground(app: app.name)
            try? server.apply(event)
        }
        return true
    }
}
