import Foundation
import MediaServer
import SimCore
import VirtualDevices

/// `AVAudioSession`: the app's audio session, backed by the simulated media server.
///
/// `sharedInstance()` returns the session of the app whose code is running (the simulation runs
/// app code inside `AppContext`), so each simulated app has its own session as on a device.
/// Every method that Apple's throws throws an `NSError` in `NSOSStatusErrorDomain` with Apple's
/// code; the error's `localizedDescription` names the rule that was broken.
open class AVAudioSession: NSObject, @unchecked Sendable {
    let binding: AppBinding?

    private init(binding: AppBinding?) {
        self.binding = binding
    }

    /// The running app's session; outside any simulated app, a session whose calls fail.
    public class func sharedInstance() -> AVAudioSession {
        guard let binding = AppContext.current else { return AVAudioSession(binding: nil) }
        return binding.server.attachment(for: binding.app, key: "AVAudioSession") { AVAudioSession(binding: binding) }
    }

    /// Runs `body` against the server for this session's app, mapping failures to NSErrors.
    func call<T>(_ body: (AudioServer, AppID) throws(SessionError) -> T) throws -> T {
        guard let binding else {
            throw Self.error(.expiredSession, "AVAudioSession was used outside a simulated app")
        }
        do { return try body(binding.server, binding.app) } catch { throw Self.error(error) }
    }

    /// Reads a value; outside a simulated app it reads the fallback, as a getter cannot throw.
    func read<T>(_ fallback: T, _ body: (AudioServer, AppID) -> T) -> T {
        guard let binding else { return fallback }
        return body(binding.server, binding.app)
    }

    static func error(_ error: SessionError) -> NSError {
        Self.error(ErrorCode(rawValue: error.code.rawValue) ?? .unspecified, error.rule)
    }

    static func error(_ code: ErrorCode, _ rule: String) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: code.rawValue, userInfo: [NSLocalizedDescriptionKey: rule])
    }

    // MARK: Category, mode, options

    public var category: Category { read(.soloAmbient) { Category(rawValue: $0.configuration(of: $1).category.rawValue) } }
    public var mode: Mode { read(.default) { Mode(rawValue: $0.configuration(of: $1).mode.rawValue) } }
    public var categoryOptions: CategoryOptions {
        read([]) { CategoryOptions(rawValue: $0.configuration(of: $1).categoryOptions.rawValue) }
    }
    public var routeSharingPolicy: RouteSharingPolicy {
        read(.default) { RouteSharingPolicy(rawValue: $0.configuration(of: $1).routeSharingPolicy.rawValue) ?? .default }
    }

    public var availableCategories: [Category] {
        read([]) { server, _ in server.availableCategories.map { Category(rawValue: $0.rawValue) } }
    }
    /// The modes the device's release knows (a mode from a later release behaves as default).
    public var availableModes: [Mode] {
        read(SessionMode.allCases) { server, _ in server.platform.availableModes }.map { Mode(rawValue: $0.rawValue) }
    }

    public func setCategory(_ category: Category) throws {
        try setCategory(category, mode: .default, policy: .default, options: [])
    }

    public func setCategory(_ category: Category, options: CategoryOptions = []) throws {
        try setCategory(category, mode: .default, policy: .default, options: options)
    }

    public func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
        try setCategory(category, mode: mode, policy: .default, options: options)
    }

    public func setCategory(_ category: Category, mode: Mode, policy: RouteSharingPolicy,
                            options: CategoryOptions = []) throws {
        let parsed = try Self.parse(category, mode)
        try call { server, app throws(SessionError) in
            try server.setCategory(app, parsed.category, mode: parsed.mode,
                                   policy: MediaServer.RouteSharingPolicy(rawValue: policy.rawValue) ?? .default,
                                   options: MediaServer.CategoryOptions(rawValue: options.rawValue))
        }
    }

    public func setMode(_ mode: Mode) throws {
        let parsed = try Self.parse(category, mode)
        try call { server, app throws(SessionError) in try server.setMode(app, parsed.mode) }
    }

    private static func parse(_ category: Category, _ mode: Mode) throws -> (category: SessionCategory, mode: SessionMode) {
        guard let parsedCategory = SessionCategory(rawValue: category.rawValue) else {
            throw error(.badParam, "unknown category '\(category.rawValue)'")
        }
        guard let parsedMode = SessionMode(rawValue: mode.rawValue) else {
            throw error(.badParam, "unknown mode '\(mode.rawValue)'")
        }
        return (parsedCategory, parsedMode)
    }

    // MARK: Activation

    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
        try call { server, app throws(SessionError) in
            try server.setActive(app, active, options: MediaServer.SetActiveOptions(rawValue: options.rawValue))
        }
    }

    // MARK: Observation

    public var isOtherAudioPlaying: Bool { read(false) { $0.isOtherAudioPlaying(for: $1) } }
    public var secondaryAudioShouldBeSilencedHint: Bool { read(false) { $0.secondaryAudioShouldBeSilencedHint(for: $1) } }
    /// 0.0 to 1.0 in the device's volume steps.
    public var outputVolume: Float { read(0.5) { server, _ in Float(server.outputVolume) } }
    public var promptStyle: PromptStyle {
        read(.normal) { server, _ in PromptStyle(rawValue: server.promptStyle.rawValue) ?? .normal }
    }
}
