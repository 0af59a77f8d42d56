import SimCore
import VirtualDevices

/// The simulated Core MIDI server of the device: clients, ports, devices with their entities and
/// endpoints, virtual endpoints, properties, setup notifications, and the Bluetooth LE radio
/// whose paired links appear as ordinary MIDI devices.
///
/// It lives with the media server and runs on its clock. Object references are handed out in
/// creation order and unique IDs come from the run's seeded `midi` stream, so the same run
/// enumerates the same objects with the same IDs every time.
public final class MIDIServer: @unchecked Sendable {
    unowned let server: AudioServer
    private var random: SimRandom
    private var nextRef: UInt32 = 0x10
    var clients: [UInt32: MIDIClientRecord] = [:]
    var clientOrder: [UInt32] = []
    var ports: [UInt32: MIDIPortRecord] = [:]
    var devices: [UInt32: MIDIDeviceRecord] = [:]
    /// Devices in the order they appeared (offline ones included, as `MIDIGetDevice` lists them).
    public internal(set) var deviceOrder: [UInt32] = []
    var entities: [UInt32: MIDIEntityRecord] = [:]
    var endpoints: [UInt32: MIDIEndpointRecord] = [:]
    /// Virtual endpoints in creation order.
    var virtualEndpoints: [UInt32] = []
    var properties: [UInt32: [String: MIDIPropertyValue]] = [:]
    private var usedUniqueIDs: Set<Int32> = []
    /// The device's Bluetooth LE radio (created on first use with the platform's settings).
    public private(set) lazy var radio = BLERadio(host: self, settings: bluetoothSettings, random: random.fork("bluetooth"))
    /// Settings for the radio; change them before its first use.
    public var bluetoothSettings: BLELinkSettings
    /// Where the traffic also goes outside the simulation (`tapTraffic`), if anywhere.
    weak var tap: (any MIDITrafficTap)?
    /// Output held until its time stamp, by scheduling order (see MIDIServer+Flush.swift).
    var pendingOutput: [Int: PendingOutput] = [:]
    var nextOutputID = 0

    init(server: AudioServer) {
        self.server = server
        random = SimRandom(seed: server.seed).fork("midi")
        var settings = BLELinkSettings()
        settings.reconnectsPairedPeripherals = server.platform.reconnectsPairedBluetoothMIDI
        let profile = server.device.profile
        settings.available = server.platform.hasBluetoothMIDI && BluetoothLEHardware.hasNativeLE(profile.model)
        settings.advertisedName = "\(profile.deviceName) MIDI"
        bluetoothSettings = settings
    }

    public var now: HostTime { server.now }

    func makeRef() -> UInt32 {
        nextRef += 1
        return nextRef
    }

    /// A fresh, non-zero `kMIDIPropertyUniqueID` from the seeded stream.
    func makeUniqueID() -> Int32 {
        while true {
            let candidate = Int32(truncatingIfNeeded: random.next())
            if candidate != 0, usedUniqueIDs.insert(candidate).inserted { return candidate }
        }
    }

    // MARK: Clients

    public func createClient(app: AppID, name: String, notify: ((MIDISetupNotification) -> Void)?) -> UInt32 {
        let ref = makeRef()
        clients[ref] = MIDIClientRecord(ref: ref, app: app, name: name, notify: notify)
        clientOrder.append(ref)
        server.record(.midiClientCreated, ["app": .string(app.name), "client": .integer(ref), "name": .string(name)])
        return ref
    }

    public func disposeClient(_ client: UInt32) throws(MIDIStatus) {
        guard clients[client] != nil else { throw .invalidClient }
        for port in ports.values.filter({ $0.client == client }).map(\.ref).sorted() { ports[port] = nil }
        for endpoint in virtualEndpoints where endpoints[endpoint]?.owner == client { try? disposeEndpoint(endpoint) }
        clients[client] = nil
        clientOrder.removeAll { $0 == client }
    }

    func client(_ ref: UInt32) throws(MIDIStatus) -> MIDIClientRecord {
        guard let client = clients[ref] else { throw .invalidClient }
        return client
    }

    // MARK: Ports

    public func createInputPort(client: UInt32, name: String,
                                receive: @escaping ([MIDITimedMessage], UnsafeMutableRawPointer?) -> Void) throws(MIDIStatus) -> UInt32 {
        _ = try self.client(client)
        let ref = makeRef()
        ports[ref] = MIDIPortRecord(ref: ref, client: client, name: name, receive: receive)
        return ref
    }

    public func createOutputPort(client: UInt32, name: String) throws(MIDIStatus) -> UInt32 {
        _ = try self.client(client)
        let ref = makeRef()
        ports[ref] = MIDIPortRecord(ref: ref, client: client, name: name, receive: nil)
        return ref
    }

    public func disposePort(_ port: UInt32) throws(MIDIStatus) {
        guard ports.removeValue(forKey: port) != nil else { throw .invalidPort }
    }

    public func connect(port: UInt32, source: UInt32, refCon: UnsafeMutableRawPointer?) throws(MIDIStatus) {
        guard var record = ports[port], record.receive != nil else { throw .invalidPort }
        guard let endpoint = endpoints[source] else { throw .unknownEndpoint }
        guard endpoint.kind == .source else { throw .wrongEndpointType }
        record.sources.removeAll { $0.source == source }
        record.sources.append((source, refCon))
        ports[port] = record
        server.record(.midiPortConnected, ["app": .string(clients[record.client]?.app.name ?? ""),
                                              "source": .string(stringProperty(source, MIDIPropertyName.name) ?? "")])
    }

    public func disconnect(port: UInt32, source: UInt32) throws(MIDIStatus) {
        guard var record = ports[port], record.receive != nil else { throw .invalidPort }
        guard record.sources.contains(where: { $0.source == source }) else { throw .noConnection }
        record.sources.removeAll { $0.source == source }
        ports[port] = record
    }

    // MARK: Sending and receiving

    /// An app sends through an output port to a destination.
    public func send(port: UInt32, to destination: UInt32, _ messages: [MIDITimedMessage]) throws(MIDIStatus) {
        guard let record = ports[port], record.receive == nil else { throw .invalidPort }
        guard let endpoint = endpoints[destination] else { throw .unknownEndpoint }
        guard endpoint.kind == .destination else { throw .wrongEndpointType }
        // A virtual destination gets the messages now, timestamps and all, as Core MIDI hands
        // them to its block; a device's destination gets each at its time.
        if let receive = endpoint.receive {
            tap?.endpoint(destination, carried: messages)
            receive(messages)
            return
        }
        // A device's wire carries MIDI 1.0 only: what has no MIDI 1.0 form goes nowhere.
        let wireMessages = messages.filter { !$0.bytes.isEmpty }
        if let device = wiredDevice(ofEntity: endpoint.entity) { return sendToWire(device, destination: destination, wireMessages) }
        guard let peer = peer(ofEntity: endpoint.entity), radio.link(to: peer)?.state == .ready else { throw .noConnection }
        for message in wireMessages {
            let due = HostTime(nanoseconds: Int64(clamping: message.timeStamp))
            if due <= now {
                try? radio.send(toPeer: peer, message.bytes)
            } else {
                scheduleOutput("midi.send", to: destination, due: due, at: due) { [weak self] in
                    try? self?.radio.send(toPeer: peer, message.bytes)
                }
            }
        }
    }

    /// A source emits messages: every input port connected to it receives them now.
    public func emit(from source: UInt32, _ messages: [MIDITimedMessage]) throws(MIDIStatus) {
        guard let endpoint = endpoints[source] else { throw .unknownEndpoint }
        guard endpoint.kind == .source else { throw .wrongEndpointType }
        tap?.endpoint(source, carried: messages)
        for ref in connectedPorts(to: source) {
            guard let port = ports[ref], let receive = port.receive,
                  let connection = port.sources.first(where: { $0.source == source }) else { continue }
            receive(messages, connection.refCon)
        }
    }

    /// Input ports connected to `source`, in creation order.
    private func connectedPorts(to source: UInt32) -> [UInt32] {
        ports.values.filter { $0.sources.contains { $0.source == source } }.map(\.ref).sorted()
    }

    func isConnected(_ source: UInt32) -> Bool { ports.values.contains { $0.sources.contains { $0.source == source } } }

    // MARK: Notifications

    /// Tells every client with a notify block, in client order, just after the current work
    /// (Core MIDI delivers them asynchronously, never inside the call that caused them).
    func notifyClients(_ notifications: [MIDISetupNotification]) {
        for ref in clientOrder {
            guard let client = clients[ref], let notify = client.notify else { continue }
            for notification in notifications {
                schedule("midi.notify", at: now) { [weak self] in
                    guard let self, self.clients[ref] != nil else { return }
                    self.server.record(notification.traceKind, self.traceFields(notification, app: client.app))
                    notify(notification)
                }
            }
        }
    }

    private func traceFields(_ notification: MIDISetupNotification, app: AppID) -> [String: TraceValue] {
        var fields: [String: TraceValue] = ["app": .string(app.name)]
        switch notification {
        case .setupChanged: break
        case let .objectAdded(_, _, child, kind), let .objectRemoved(_, _, child, kind):
            fields["childType"] = .string(kind.name)
            fields["name"] = .string(stringProperty(child, MIDIPropertyName.name) ?? "")
        case let .propertyChanged(object, kind, property):
            fields["objectType"] = .string(kind.name)
            fields["name"] = .string(stringProperty(object, MIDIPropertyName.name) ?? "")
            fields["property"] = .string(property)
        }
        return fields
    }
}

extension PlatformProfile {
    /// From iOS 16 (macOS 13) the system reconnects paired Bluetooth MIDI peripherals when they
    /// come back; before, the user connects them again (Apple's "MIDI Bluetooth" documentation).
    public var reconnectsPairedBluetoothMIDI: Bool { since(16) }

    /// MIDI over Bluetooth LE arrived with iOS 8 and OS X Yosemite (WWDC 2014 session 501).
    public var hasBluetoothMIDI: Bool { since(8) }
}

extension MIDISetupNotification {
    /// The kind of the line a client's notification leaves in the trace.
    var traceKind: TraceKind {
        switch self {
        case .setupChanged: .notifyMIDISetupChanged
        case .objectAdded: .notifyMIDIObjectAdded
        case .objectRemoved: .notifyMIDIObjectRemoved
        case .propertyChanged: .notifyMIDIPropertyChanged
        }
    }
}
