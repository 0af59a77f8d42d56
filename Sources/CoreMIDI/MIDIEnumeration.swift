import MediaServer

/// Sources of online devices, then virtual sources. 0 when the server cannot be reached.
public func MIDIGetNumberOfSources() -> Int { MIDIContext.binding?.server.midi.sources.count ?? 0 }
/// The source at `sourceIndex0`, or 0 (NULL).
public func MIDIGetSource(_ sourceIndex0: Int) -> MIDIEndpointRef { element(MIDIContext.binding?.server.midi.sources, sourceIndex0) }
public func MIDIGetNumberOfDestinations() -> Int { MIDIContext.binding?.server.midi.destinations.count ?? 0 }
public func MIDIGetDestination(_ destIndex0: Int) -> MIDIEndpointRef { element(MIDIContext.binding?.server.midi.destinations, destIndex0) }
/// Every device the system knows, offline ones included.
public func MIDIGetNumberOfDevices() -> Int { MIDIContext.binding?.server.midi.deviceOrder.count ?? 0 }
public func MIDIGetDevice(_ deviceIndex0: Int) -> MIDIDeviceRef { element(MIDIContext.binding?.server.midi.deviceOrder, deviceIndex0) }

public func MIDIDeviceGetNumberOfEntities(_ device: MIDIDeviceRef) -> Int { server?.entities(of: device).count ?? 0 }
public func MIDIDeviceGetEntity(_ device: MIDIDeviceRef, _ entityIndex0: Int) -> MIDIEntityRef { element(server?.entities(of: device), entityIndex0) }
public func MIDIEntityGetNumberOfSources(_ entity: MIDIEntityRef) -> Int { server?.sources(of: entity).count ?? 0 }
public func MIDIEntityGetSource(_ entity: MIDIEntityRef, _ sourceIndex0: Int) -> MIDIEndpointRef { element(server?.sources(of: entity), sourceIndex0) }
public func MIDIEntityGetNumberOfDestinations(_ entity: MIDIEntityRef) -> Int { server?.destinations(of: entity).count ?? 0 }
public func MIDIEntityGetDestination(_ entity: MIDIEntityRef, _ destIndex0: Int) -> MIDIEndpointRef {
    element(server?.destinations(of: entity), destIndex0)
}

public func MIDIEntityGetDevice(_ inEntity: MIDIEntityRef, _ outDevice: UnsafeMutablePointer<MIDIDeviceRef>?) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        guard let device = server.device(of: inEntity) else { throw .objectNotFound }
        outDevice?.pointee = device
    }
}

public func MIDIEndpointGetEntity(_ inEndpoint: MIDIEndpointRef, _ outEntity: UnsafeMutablePointer<MIDIEntityRef>?) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        guard let entity = server.entity(of: inEndpoint) else { throw .objectNotFound }
        outEntity?.pointee = entity
    }
}

public func MIDIObjectFindByUniqueID(_ inUniqueID: MIDIUniqueID, _ outObject: UnsafeMutablePointer<MIDIObjectRef>?,
                                     _ outObjectType: UnsafeMutablePointer<MIDIObjectType>?) -> OSStatus {
    MIDIContext.call { server, _ throws(MIDIStatus) in
        guard let found = server.object(withUniqueID: inUniqueID) else { throw .objectNotFound }
        outObject?.pointee = found.ref
        outObjectType?.pointee = MIDIObjectType(rawValue: found.kind.rawValue)!
    }
}

private var server: MIDIServer? { MIDIContext.binding?.server.midi }

private func element(_ list: [UInt32]?, _ index: Int) -> UInt32 {
    guard let list, list.indices.contains(index) else { return 0 }
    return list[index]
}
