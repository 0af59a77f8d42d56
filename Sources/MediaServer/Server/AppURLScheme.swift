import VirtualDevices

extension AppID {
    /// The URL scheme the simulation declares for every app (what an Info.plist's
    /// `CFBundleURLTypes` would): "iaa-" and the app's name, lowercased, letters and digits only.
    /// Inter-App Audio's peer URLs use it and `UIApplication.open` resolves it.
    public var urlScheme: String { "iaa-" + name.lowercased().filter { $0.isLetter || $0.isNumber } }
}

extension AudioServer {
    /// The app on this device that handles `scheme`: registered apps, in registration order.
    public func app(handlingURLScheme scheme: String) -> AppID? {
        registeredApps.first { $0.urlScheme == scheme.lowercased() }
    }
}
