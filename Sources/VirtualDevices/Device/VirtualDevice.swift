import SimCore

/// The simulated device: a profile, the accessories attached to it in the order they arrived,
/// the system controls, and the apps. Events change it through `apply`, which either succeeds with
/// an outcome for the trace and the media server, or refuses with a reason; it never half-applies.
public struct VirtualDevice: Sendable {
    public let profile: DeviceProfile
    /// Attached accessories, oldest first: the order "last in wins" routing reads.
    public private(set) var accessories: [Accessory] = []
    public internal(set) var system = SystemState()
    /// Apps that have been launched at least once, in launch order.
    public private(set) var apps: [(name: String, state: AppLifecycle)] = []
    /// Where each app is in `apps`: `lifecycle(of:)` runs inside loops over every app, so it must
    /// not scan them. Only looked up, never iterated.
    private var appIndices: [String: Int] = [:]
    /// Accessories out of reach while the network is down, re-attached when it returns.
    private var droppedByNetwork: [Accessory] = []

    public init(profile: DeviceProfile) {
        self.profile = profile
    }

    /// Every port the device has right now: built-in ones first, then accessories' in attach order.
    public var ports: [Port] { profile.builtInPorts + accessories.flatMap(\.ports) }

    public func ports(_ direction: PortDirection) -> [Port] { ports.filter { $0.direction == direction } }

    public func lifecycle(of app: String) -> AppLifecycle {
        appIndices[app].map { apps[$0].state } ?? .notRunning
    }

    /// Applies `event`, returning what changed, or throws without changing anything.
    public mutating func apply(_ event: DeviceEvent) throws(DeviceEventError) -> DeviceOutcome {
        switch event {
        case let .attach(kind, connector): return try attach(kind, connector: connector)
        case let .detach(id): return try detach(id, reason: "unplugged")
        case let .bluetoothLinkLoss(id):
            guard let accessory = accessories.first(where: { $0.id == id }) else { throw .noSuchAccessory(id, attached: accessoryIDs) }
            guard accessory.connector == .bluetooth else { throw .notOnConnector(id, .bluetooth) }
            return try detach(id, reason: "link-loss")
        case .networkDropout, .networkRestored: return try applyNetwork(event)
        case .launch(let app), .foreground(let app), .background(let app), .suspend(let app), .terminate(let app):
            return try applyLifecycle(event, app: app)
        default: return try applySystem(event)
        }
    }

    var accessoryIDs: [String] { accessories.map(\.id) }

    private mutating func attach(_ kind: AccessoryKind, connector requested: Connector?) throws(DeviceEventError) -> DeviceOutcome {
        let connector = requested ?? kind.defaultConnector
        guard kind.connectors.contains(connector) else { throw .wrongConnector(kind.spec, connector, allowed: kind.connectors) }
        guard profile.connectors.contains(connector) else { throw .profileLacksConnector(profile.id, connector) }
        if connector.holdsOneAccessory, let occupant = accessories.first(where: { $0.connector == connector }) {
            throw .connectorOccupied(connector, by: occupant.id)
        }
        if connector == .network, !system.networkUp { throw .networkDown }
        let instance = AccessoryIDAllocator.nextInstance(among: (accessories + droppedByNetwork).filter { $0.kind.name == kind.name }.map(\.instance))
        let accessory = Accessory(kind: kind, connector: connector, instance: instance)
        accessories.append(accessory)
        return DeviceOutcome(fields: accessory.traceFields, portsAdded: accessory.ports)
    }

    private mutating func detach(_ id: String, reason: String) throws(DeviceEventError) -> DeviceOutcome {
        guard let index = accessories.firstIndex(where: { $0.id == id }) else { throw .noSuchAccessory(id, attached: accessoryIDs) }
        let accessory = accessories.remove(at: index)
        var fields = accessory.traceFields
        fields["reason"] = .string(reason)
        return DeviceOutcome(fields: fields, portsRemoved: accessory.ports)
    }

    private mutating func applyNetwork(_ event: DeviceEvent) throws(DeviceEventError) -> DeviceOutcome {
        switch event {
        case let .networkDropout(duration):
            guard system.networkUp else { throw .impossible(event.scriptName, state: "the network is already down") }
            guard duration > .zero else { throw .impossible(event.scriptName, state: "a dropout needs a positive duration") }
            system.networkUp = false
            // AirPlay 2 speakers keep their session through a dropout (their buffer plays on and
            // the sender reconnects); everything else on the network goes.
            droppedByNetwork = accessories.filter { $0.connector == .network && !$0.ridesOutNetworkDropouts }
            accessories.removeAll { $0.connector == .network && !$0.ridesOutNetworkDropouts }
            return DeviceOutcome(fields: ["accessories": .list(droppedByNetwork.map { .string($0.id) }),
                                          "duration": .string(duration.description)],
                                 portsRemoved: droppedByNetwork.flatMap(\.ports),
                                 followUps: [(duration, .networkRestored)])
        default:
            guard !system.networkUp else { throw .impossible(event.scriptName, state: "the network is up") }
            system.networkUp = true
            let returning = droppedByNetwork
            accessories += returning
            droppedByNetwork = []
            return DeviceOutcome(fields: ["accessories": .list(returning.map { .string($0.id) })],
                                 portsAdded: returning.flatMap(\.ports))
        }
    }

    /// Launches a not-running app straight into the background, as the system does for an
    /// Inter-App Audio node a host instantiates: the foreground app stays where it is.
    public mutating func launchInBackground(_ app: String) throws(DeviceEventError) -> DeviceOutcome {
        let current = lifecycle(of: app)
        guard current == .notRunning else { throw .impossible("launch-in-background", state: "app '\(app)' is \(current.rawValue)") }
        if let index = appIndices[app] {
            apps[index].state = .background
        } else {
            appIndices[app] = apps.count
            apps.append((app, .background))
        }
        var outcome = DeviceOutcome(fields: ["app": .string(app), "from": .string(current.rawValue), "to": .string(AppLifecycle.background.rawValue)])
        outcome.lifecycleChanges.append((app, current, .background))
        return outcome
    }

    private mutating func applyLifecycle(_ event: DeviceEvent, app: String) throws(DeviceEventError) -> DeviceOutcome {
        let current = lifecycle(of: app)
        guard let next = current.after(event) else {
            throw .impossible(event.scriptName, state: "app '\(app)' is \(current.rawValue)")
        }
        var outcome = DeviceOutcome(fields: ["app": .string(app), "from": .string(current.rawValue), "to": .string(next.rawValue)])
        if next == .foreground {
            // One app is in the foreground at a time (split view is not modelled): the one that
            // was there moves to the background, as when the user switches apps.
            for index in apps.indices where apps[index].state == .foreground && apps[index].name != app {
                apps[index].state = .background
                outcome.lifecycleChanges.append((apps[index].name, .foreground, .background))
                outcome.fields["backgrounded"] = .string(apps[index].name)
            }
        }
        if let index = appIndices[app] {
            apps[index].state = next
        } else {
            appIndices[app] = apps.count
            apps.append((app, next))
        }
        outcome.lifecycleChanges.append((app, current, next))
        return outcome
    }
}

/// What an applied event changed: the details for its trace line, ports that came or went, and
/// events it causes later (a crashed media server restarts; a network dropout ends).
public struct DeviceOutcome: Sendable {
    public var fields: [String: TraceValue]
    public var portsAdded: [Port]
    public var portsRemoved: [Port]
    public var followUps: [(after: HostDuration, event: DeviceEvent)]
    /// Apps whose lifecycle changed, in order: the one the event names, and any it pushed out.
    public var lifecycleChanges: [(app: String, from: AppLifecycle, to: AppLifecycle)] = []

    public init(fields: [String: TraceValue] = [:], portsAdded: [Port] = [], portsRemoved: [Port] = [],
                followUps: [(after: HostDuration, event: DeviceEvent)] = []) {
        self.fields = fields
        self.portsAdded = portsAdded
        self.portsRemoved = portsRemoved
        self.followUps = followUps
    }
}

extension Accessory {
    var traceFields: [String: TraceValue] {
        ["accessory": .string(id), "spec": .string(kind.spec), "connector": .string(connector.rawValue),
         "ports": .list(ports.map { .string("\($0.direction.rawValue):\($0.uid)") })]
    }
}
