import Foundation
import MediaServer
import CoreAudioTypes
import SimCore
import VirtualDevices

/// The device's Inter-App Audio registry (one per media server): which installed apps declare
/// which components, which of them a running node app has published, and which host unit is
/// connected to which node's RemoteIO. It launches node apps for hosts, tears connections down
/// when a node dies, a host is interrupted or the media server resets, and posts the
/// registrations-changed notification when the set of components changes.
///
/// IAA exists from iOS 7 on phones and tablets (deprecated from iOS 13, still working); on iOS 6
/// and on a Mac the remote components are not there and publishing is unimplemented.
@_spi(Soundcheck) public final class InterAppAudio {
    let server: AudioServer
    private var installed: [(app: AppID, components: [RegisteredComponent])] = []
    private(set) var publications: [Publication] = []
    /// Creates a node app's code when the system launches it for a host (the scenario runner or
    /// the test harness sets it: they know how to make the app). Called in the app's context.
    public var launcher: ((AppID) -> Void)?
    /// Told when the set of components changes, after the notification is posted (the
    /// component manager forwards it as its own notification, for this device only).
    private var registrationObservers: [() -> Void] = []
    /// Each app's icon as it ships it (PNG bytes), for `AudioComponentGetIcon` and `AudioOutputUnitGetHostIcon`.
    var icons: [AppID: Data] = [:]
    /// Apps built without the `inter-app-audio` entitlement (Xcode's Inter-App Audio capability):
    /// they can neither publish nor host.
    private var unentitled: Set<AppID> = []

    /// A node's published RemoteIO and, while a host has an instance, that instance.
    final class Publication {
        let component: RegisteredComponent
        let app: AppID
        let node: RemoteIOUnit
        weak var hostUnit: RemoteNodeUnit?

        init(component: RegisteredComponent, app: AppID, node: RemoteIOUnit) {
            self.component = component
            self.app = app
            self.node = node
        }
    }

    private init(server: AudioServer) {
        self.server = server
        server.watchers.add { [weak self] change in self?.serverChanged(change) }
    }

    public static func of(_ server: AudioServer) -> InterAppAudio {
        server.attachment(for: AppID("<server>"), key: "AudioToolbox.InterAppAudio") { InterAppAudio(server: server) }
    }

    /// Whether the platform has Inter-App Audio at all.
    public var isAvailable: Bool { server.platform.since(7) && server.device.profile.family != .computer }

    /// Whether this device's hardware runs it: on an iPhone 4 (iOS 7 without Inter-App Audio)
    /// publishing fails silently and hosts see no nodes (WWDC 2013 session 602).
    var hardwareSupportsIt: Bool { server.device.profile.supportsInterAppAudio }

    /// The declared components hosts can find, installed apps in install order.
    var components: [RegisteredComponent] { isAvailable && hardwareSupportsIt ? installed.flatMap(\.components) : [] }

    // MARK: Installing apps

    /// Installs an app whose Info.plist declares `components`; hosts can discover them from now
    /// on, even before the app runs.
    public func install(_ app: AppID, components entries: [AppAudioComponent]) {
        guard !entries.isEmpty, !installed.contains(where: { $0.app == app }) else { return }
        installed.append((app, entries.map { RegisteredComponent(declared: $0, owner: app) }))
        server.recordObservation(.iaaInstalled, ["app": .string(app.name), "components": .integer(Int64(entries.count))])
        registrationsChanged()
    }

    /// Removes an installed app: its components disappear (a connection to it is invalidated).
    public func remove(_ app: AppID) {
        guard let index = installed.firstIndex(where: { $0.app == app }) else { return }
        unpublish(app, reason: "removed")
        installed.remove(at: index)
        server.recordObservation(.iaaRemoved, ["app": .string(app.name)])
        registrationsChanged()
    }

    /// The icon `app` ships (a PNG image), shown to its peers.
    public func setIcon(_ png: Data, for app: AppID) { icons[app] = png }

    /// Whether `app` was built with the `inter-app-audio` entitlement; apps have it unless told otherwise.
    public func setEntitlement(_ app: AppID, interAppAudio: Bool) {
        if interAppAudio { unentitled.remove(app) } else { unentitled.insert(app) }
    }

    private func refuseUnentitled(_ app: AppID, _ event: TraceKind) throws(AUError) {
        guard unentitled.contains(app) else { return }
        server.recordObservation(event, ["app": .string(app.name), "reason": "lacks the inter-app-audio entitlement"])
        throw AUError(kAudioComponentErr_NotPermitted)
    }

    func declared(by app: AppID) -> [RegisteredComponent] {
        installed.first { $0.app == app }?.components ?? []
    }

    // MARK: Publishing

    /// `AudioOutputUnitPublish`: the description, name and version must be one the app declares;
    /// one publication per description.
    func publish(_ description: AudioComponentDescription, name: String, version: UInt32, unit: RemoteIOUnit,
                 by app: AppID) throws(AUError) {
        guard isAvailable else { throw AUError(kAudio_UnimplementedError) }
        guard description.isRemote else { throw AUError(kAudioComponentErr_UnsupportedType) }
        try refuseUnentitled(app, .iaaPublishRefused)
        guard hardwareSupportsIt else {
            // The call succeeds and the system ignores it.
            server.recordObservation(.iaaPublishIgnored, ["app": .string(app.name), "reason": "this device has no Inter-App Audio"])
            return
        }
        guard let component = declared(by: app).first(where: { $0.description.sameComponent(as: description) }),
              component.name == name, component.version == version else {
            server.recordObservation(.iaaPublishRefused, ["app": .string(app.name), "name": .string(name),
                                                             "reason": "not declared in Info.plist AudioComponents"])
            throw AUError(kAudioComponentErr_NotPermitted)
        }
        guard !publications.contains(where: { $0.component === component && !$0.node.isInvalidated }) else {
            throw AUError(kAudioComponentErr_DuplicateDescription)
        }
        publications.removeAll { $0.component === component }
        publications.append(Publication(component: component, app: app, node: unit))
        unit.publishedDescription = component.description
        server.recordObservation(.iaaPublished, ["app": .string(app.name), "name": .string(name)])
        registrationsChanged()
    }

    // MARK: Instantiating

    /// A host's `AudioComponentInstanceNew` on a node's component: launches the node app into the
    /// background if it is not running (it publishes as it launches), then makes the host's unit.
    func instantiate(_ component: RegisteredComponent, host: AppBinding) throws(AUError) -> AudioUnitBase {
        guard let owner = component.owner else { throw .paramError }
        try refuseUnentitled(host.app, .iaaInstantiateRefused)
        guard server.policy.hasAudioBackgroundMode(host.app) else {
            server.recordObservation(.iaaInstantiateRefused, ["host": .string(host.app.name), "reason": "host lacks the audio background mode"])
            throw AUError(kAudioComponentErr_NotPermitted)
        }
        if server.device.lifecycle(of: owner.name) == .notRunning {
            do { try server.launchInBackground(owner) } catch { throw AUError(kAudioComponentErr_InstanceInvalidated) }
            let binding = AppBinding(server: server, app: owner)
            AppContext.run(as: binding) { launcher?(owner) }
        }
        guard let publication = publications.first(where: { $0.component === component && !$0.node.isInvalidated }) else {
            // The node did not publish what it declares: nothing implements the instance.
            server.recordObservation(.iaaInstantiateRefused, ["host": .string(host.app.name), "name": .string(component.name),
                                                                 "reason": "the node app has not published it"])
            throw AUError(kAudioComponentErr_InstanceInvalidated)
        }
        guard publication.hostUnit == nil else { throw AUError(kAudioComponentErr_TooManyInstances) }
        let unit = AppContext.run(as: host) { RemoteNodeUnit(component: component, publication: publication) }
        publication.hostUnit = unit
        server.recordObservation(.iaaInstantiated, ["host": .string(host.app.name), "node": .string(owner.name),
                                                      "name": .string(component.name)])
        return unit
    }

    // MARK: Tearing down

    /// The URL that brings `app` to the foreground (`kAudioUnitProperty_PeerURL`).
    static func peerURL(of app: AppID) -> URL {
        URL(string: "\(app.urlScheme)://")!
    }

    /// When the user last had `app` in the foreground, in seconds on the simulation clock; 0 if never.
    func lastActiveTime(of app: AppID) -> Double {
        if server.isForeground(app) { return Double(server.now.nanoseconds) / 1e9 }
        return lastActive[app].map { Double($0.nanoseconds) / 1e9 } ?? 0
    }

    private var lastActive: [AppID: HostTime] = [:]

    private func serverChanged(_ change: ServerChange) {
        if case let .lifecycle(app, from, _) = change, from == .foreground { lastActive[app] = server.now }
        switch change {
        case let .lifecycle(app, _, to) where to == .notRunning:
            unpublish(app, reason: "node-terminated")
        case let .interruptionBegan(app):
            hostInterrupted(app)
        case .mediaServicesReset:
            // Every connection is broken and every instance invalidated; nodes publish again
            // once they have rebuilt their audio.
            let hosts = publications.compactMap(\.hostUnit)
            publications = []
            for unit in hosts { unit.invalidate(reason: "media-services-reset", nodeDied: false) }
        default: break
        }
    }

    /// The node's components are gone: each connected host unit becomes a zombie.
    private func unpublish(_ app: AppID, reason: String) {
        let gone = publications.filter { $0.app == app }
        guard !gone.isEmpty else { return }
        publications.removeAll { $0.app == app }
        for publication in gone { publication.hostUnit?.invalidate(reason: reason, nodeDied: true) }
        registrationsChanged()
    }

    /// The host's I/O was interrupted: the system uninitializes every node unit it has open.
    func hostInterrupted(_ host: AppID) {
        for publication in publications {
            guard let unit = publication.hostUnit, unit.binding?.app == host, unit.isInitialized else { continue }
            AppContext.run(as: AppBinding(server: server, app: host)) { unit.uninitialize() }
        }
    }

    private func registrationsChanged() {
        server.recordObservation(.iaaRegistrationsChanged, [:])
        NotificationCenter.default.post(name: Notification.Name(kAudioComponentRegistrationsChangedNotification as String), object: nil)
        for observer in registrationObservers { observer() }
    }

    @_spi(Soundcheck)
    public func observeRegistrations(_ observer: @escaping () -> Void) { registrationObservers.append(observer) }
}
