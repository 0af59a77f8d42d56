import SimCore

/// Devices, entities, endpoints and their properties, as `MIDIGet…` and `MIDIObjectGet…Property`
/// read them.
extension MIDIServer {
    /// Sources apps can see: those of online devices, in device order, then virtual sources.
    public var sources: [UInt32] { visibleEndpoints(.source) }
    public var destinations: [UInt32] { visibleEndpoints(.destination) }

    private func visibleEndpoints(_ kind: MIDIObjectKind) -> [UInt32] {
        var result: [UInt32] = []
        for device in deviceOrder where integerProperty(device, MIDIPropertyName.offline) != 1 {
            for entity in devices[device]?.entities ?? [] {
                guard let record = entities[entity] else { continue }
                result += kind == .source ? record.sources : record.destinations
            }
        }
        return result + virtualEndpoints.filter { endpoints[$0]?.kind == kind }
    }

    public func entities(of device: UInt32) -> [UInt32] { devices[device]?.entities ?? [] }
    public func sources(of entity: UInt32) -> [UInt32] { entities[entity]?.sources ?? [] }
    public func destinations(of entity: UInt32) -> [UInt32] { entities[entity]?.destinations ?? [] }
    public func device(of entity: UInt32) -> UInt32? { entities[entity]?.device }
    /// The entity of a device endpoint; nil for a virtual endpoint or an unknown ref.
    public func entity(of endpoint: UInt32) -> UInt32? {
        guard let entity = endpoints[endpoint]?.entity, entity != 0 else { return nil }
        return entity
    }

    public func kind(of object: UInt32) -> MIDIObjectKind? {
        if devices[object] != nil { return .device }
        if entities[object] != nil { return .entity }
        return endpoints[object]?.kind
    }

    public func object(withUniqueID id: Int32) -> (ref: UInt32, kind: MIDIObjectKind)? {
        let all = deviceOrder.flatMap { device in [device] + entities(of: device).flatMap { [$0] + sources(of: $0) + destinations(of: $0) } }
            + virtualEndpoints
        guard let ref = all.first(where: { integerProperty($0, MIDIPropertyName.uniqueID) == id }), let kind = kind(of: ref) else { return nil }
        return (ref, kind)
    }

    // MARK: Properties

    public func property(_ object: UInt32, _ name: String) throws(MIDIStatus) -> MIDIPropertyValue {
        guard kind(of: object) != nil else { throw .objectNotFound }
        if let value = properties[object]?[name] { return value }
        if name == MIDIPropertyName.displayName, let value = properties[object]?[MIDIPropertyName.name] { return value }
        throw .unknownProperty
    }

    public func stringProperty(_ object: UInt32, _ name: String) -> String? {
        if case let .string(value)? = try? property(object, name) { return value }
        return nil
    }

    public func integerProperty(_ object: UInt32, _ name: String) -> Int32? {
        if case let .integer(value)? = try? property(object, name) { return value }
        return nil
    }

    /// Sets a property; clients hear `msgPropertyChanged` then `msgSetupChanged`.
    public func setProperty(_ object: UInt32, _ name: String, _ value: MIDIPropertyValue) throws(MIDIStatus) {
        guard let kind = kind(of: object) else { throw .objectNotFound }
        if name == MIDIPropertyName.uniqueID, case let .integer(id) = value {
            guard self.object(withUniqueID: id) == nil else { throw .idNotUnique }
        }
        properties[object, default: [:]][name] = value
        notifyClients([.propertyChanged(object: object, kind: kind, property: name), .setupChanged])
    }

    /// `MIDIObjectRemoveProperty`: clients hear the change as for a set.
    public func removeProperty(_ object: UInt32, _ name: String) throws(MIDIStatus) {
        guard let kind = kind(of: object) else { throw .objectNotFound }
        guard properties[object]?.removeValue(forKey: name) != nil else { throw .unknownProperty }
        notifyClients([.propertyChanged(object: object, kind: kind, property: name), .setupChanged])
    }

    /// The object's own properties by name (`MIDIObjectGetProperties`).
    public func allProperties(_ object: UInt32) throws(MIDIStatus) -> [String: MIDIPropertyValue] {
        guard kind(of: object) != nil else { throw .objectNotFound }
        return properties[object] ?? [:]
    }

    // MARK: Virtual endpoints

    /// A virtual source an app publishes (`MIDISourceCreateWithProtocol`): other apps see it and
    /// receive what the app passes to `MIDIReceived`.
    public func createVirtualSource(client: UInt32, name: String) throws(MIDIStatus) -> UInt32 {
        try createVirtual(.source, client: client, name: name, receive: nil)
    }

    /// A virtual destination: what others send to it reaches `receive`.
    public func createVirtualDestination(client: UInt32, name: String,
                                         receive: @escaping ([MIDITimedMessage]) -> Void) throws(MIDIStatus) -> UInt32 {
        try createVirtual(.destination, client: client, name: name, receive: receive)
    }

    private func createVirtual(_ kind: MIDIObjectKind, client: UInt32, name: String,
                               receive: (([MIDITimedMessage]) -> Void)?) throws(MIDIStatus) -> UInt32 {
        _ = try self.client(client)
        let ref = makeRef()
        endpoints[ref] = MIDIEndpointRecord(ref: ref, kind: kind, entity: 0, owner: client, receive: receive)
        properties[ref] = [MIDIPropertyName.name: .string(name), MIDIPropertyName.uniqueID: .integer(makeUniqueID())]
        virtualEndpoints.append(ref)
        tap?.endpointAppeared(ref, kind: kind, name: name)
        notifyClients([.objectAdded(parent: 0, parentKind: .other, child: ref, childKind: kind), .setupChanged])
        return ref
    }

    public func disposeEndpoint(_ endpoint: UInt32) throws(MIDIStatus) {
        guard let record = endpoints[endpoint], record.entity == 0 else { throw .unknownEndpoint }
        notifyClients([.objectRemoved(parent: 0, parentKind: .other, child: endpoint, childKind: record.kind), .setupChanged])
        virtualEndpoints.removeAll { $0 == endpoint }
        tap?.endpointDisappeared(endpoint)
        // The record stays until the notifications have named it; then it goes.
        schedule("midi.dispose", at: now) { [weak self] in
            self?.endpoints[endpoint] = nil
            self?.properties[endpoint] = nil
        }
        for ref in ports.keys.sorted() { ports[ref]?.sources.removeAll { $0.source == endpoint } }
    }

    // MARK: Devices

    /// Adds a device with one entity holding one source and one destination, all named `name`.
    func addDevice(name: String, manufacturer: String, peer: String?) -> UInt32 {
        let device = makeRef(), entity = makeRef(), source = makeRef(), destination = makeRef()
        devices[device] = MIDIDeviceRecord(ref: device, entities: [entity], peer: peer)
        entities[entity] = MIDIEntityRecord(ref: entity, device: device, sources: [source], destinations: [destination])
        endpoints[source] = MIDIEndpointRecord(ref: source, kind: .source, entity: entity, owner: nil, receive: nil)
        endpoints[destination] = MIDIEndpointRecord(ref: destination, kind: .destination, entity: entity, owner: nil, receive: nil)
        for ref in [device, entity, source, destination] {
            properties[ref] = [MIDIPropertyName.name: .string(name), MIDIPropertyName.uniqueID: .integer(makeUniqueID()),
                               MIDIPropertyName.offline: .integer(0)]
        }
        properties[device]?[MIDIPropertyName.manufacturer] = .string(manufacturer)
        deviceOrder.append(device)
        tap?.endpointAppeared(source, kind: .source, name: name)
        server.record(.midiDeviceAdded, ["name": .string(name), "device": .integer(device)])
        notifyClients([.objectAdded(parent: 0, parentKind: .other, child: device, childKind: .device), .setupChanged])
        return device
    }

    /// The device goes offline or comes back (a Bluetooth link dropped or reconnected): its
    /// endpoints leave or rejoin the source and destination lists.
    func setOffline(_ device: UInt32, _ offline: Bool) {
        guard integerProperty(device, MIDIPropertyName.offline) != (offline ? 1 : 0) else { return }
        let value = MIDIPropertyValue.integer(offline ? 1 : 0)
        properties[device]?[MIDIPropertyName.offline] = value
        for entity in entities(of: device) {
            for ref in [entity] + sources(of: entity) + destinations(of: entity) { properties[ref]?[MIDIPropertyName.offline] = value }
        }
        server.record(.midiDeviceOffline, ["name": .string(stringProperty(device, MIDIPropertyName.name) ?? ""),
                                              "offline": .bool(offline)])
        notifyClients([.propertyChanged(object: device, kind: .device, property: MIDIPropertyName.offline), .setupChanged])
    }

    func peer(ofEntity entity: UInt32) -> String? {
        entities[entity].flatMap { devices[$0.device]?.peer }
    }

    func device(ofPeer peer: String) -> UInt32? {
        deviceOrder.first { devices[$0]?.peer == peer }
    }
}
