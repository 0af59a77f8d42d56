import MediaServer
@_spi(Soundcheck) import UIKit
import SimCore
import VirtualDevices

/// The harness for your own Swift tests: a simulated iPhone, iPad or Mac on which your app code,
/// written against Apple's API names, runs against simulated hardware on a deterministic clock.
///
/// ```swift
/// let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
/// let player = try device.launch("Podcasts", backgroundAudio: true) { PodcastPlayer() }
/// device.run(as: "Podcasts") { player.play() }
/// try device.perform(.incomingCall(caller: "Alice"))
/// device.advance(by: .seconds(2))
/// try device.perform(.declineCall)
/// #expect(player.isPlaying)
/// ```
public final class SimulatedDevice {
    public let server: AudioServer

    /// `activationSettings`: a reading the sources leave open (`ActivationSettings`), default the usual one.
    public init(profile: DeviceProfile, platform: PlatformProfile = .default, seed: UInt64 = 0, activationSettings: ActivationSettings = .init()) {
        server = AudioServer(profile: profile, platform: platform, seed: seed, activationSettings: activationSettings)
    }

    /// Discarding the device ends its simulation: its apps' outside resources (OpenAL devices) close.
    deinit { server.endSimulation() }

    /// A built-in profile (`iphone`, `ipad`, `mac`) or a profile file.
    public convenience init(profile: String = "iphone", platform: PlatformProfile = .default, seed: UInt64 = 0,
                            activationSettings: ActivationSettings = .init()) throws {
        self.init(profile: try DeviceProfile.load(profile), platform: platform, seed: seed, activationSettings: activationSettings)
    }

    public var now: HostTime { server.now }
    public var trace: Trace { server.trace }
    public var device: VirtualDevice { server.device }

    /// Launches an app: registers its session, moves it to the foreground, then creates it by
    /// running `make` in its context (so its initializer can configure its session).
    @discardableResult
    public func launch<App>(_ name: String, backgroundAudio: Bool = false, _ make: () throws -> App) throws -> App {
        let app = AppID(name)
        SimulatedApp.register(app, on: server, hasAudioBackgroundMode: backgroundAudio)
        try server.apply(.launch(app: name))
        return try server.inAppContext(app, make)
    }

    /// Runs app code as `app`, now (a button press, a timer firing).
    public func run<T>(as app: String, _ body: () throws -> T) rethrows -> T {
        try server.inAppContext(AppID(app), body)
    }

    /// Applies a device event now.
    public func perform(_ event: DeviceEvent) throws {
        try server.apply(event)
    }

    /// Attaches an accessory by spec (`wired-headphones`, `hdmi:6`), returning its id (`hdmi#1`).
    @discardableResult
    public func attach(_ spec: String, connector: Connector? = nil) throws -> String {
        try server.apply(.attach(try AccessoryKind(spec: spec), connector: connector))
        return server.device.accessories.last!.id
    }

    public func detach(_ accessoryID: String) throws {
        try server.apply(.detach(accessory: accessoryID))
    }

    /// Schedules a device event at an absolute time.
    public func schedule(_ event: DeviceEvent, at time: HostTime) throws {
        try server.schedule(event, at: time)
    }

    /// Schedules app code at an absolute time.
    public func schedule(at time: HostTime, as app: String, _ body: @escaping () -> Void) throws {
        let server = self.server
        try server.schedule("\(app) code", at: time) { server.inAppContext(AppID(app), body) }
    }

    /// Runs the simulation forward: everything scheduled in between happens, in order.
    @discardableResult
    public func advance(by duration: HostDuration) -> RunReport {
        server.run(until: now + duration)
    }

    @discardableResult
    public func advance(to time: HostTime) -> RunReport {
        server.run(until: time)
    }

    /// The simulated user answers the microphone permission dialog.
    public func answerRecordPermission(_ app: String, granted: Bool) {
        server.answerRecordPermission(AppID(app), granted: granted)
    }

    /// The app's session as the system sees it.
    public func session(_ app: String) -> SessionSnapshot {
        SessionSnapshot(server: server, app: AppID(app))
    }

    /// Trace lines of one kind for one app (e.g. `notify.interruption` for "Podcasts").
    public func events(_ kind: String, app: String? = nil) -> [TraceEvent] {
        trace.events.filter { $0.kind == kind && (app == nil || $0.fields["app"] == .string(app!)) }
    }
}
