/// Which simulated app's code is running, and the server it talks to.
public struct AppBinding: Sendable {
    public let server: AudioServer
    public let app: AppID

    public init(server: AudioServer, app: AppID) {
        self.server = server
        self.app = app
    }
}

/// The app whose code is running. The simulation enters an app's context whenever it runs that
/// app's code (launch, notification handlers, scripted actions), so that
/// `AVAudioSession.sharedInstance()` and `UIApplication.shared` resolve to that app.
public enum AppContext {
    @TaskLocal public static var current: AppBinding?

    /// Runs `body` as `binding`'s app.
    public static func run<T>(as binding: AppBinding, _ body: () throws -> T) rethrows -> T {
        try $current.withValue(binding, operation: body)
    }
}
