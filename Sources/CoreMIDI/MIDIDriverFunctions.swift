import Foundation

/// MIDIDriver.h and MIDISetup.h: the calls a MIDI driver plug-in (or, on a Mac, the setup editor)
/// makes to publish devices. An iOS app is neither, and the simulated server loads no drivers:
/// each answers `kMIDINotPermitted` and creates nothing; device lists are empty.
public func MIDIExternalDeviceCreate(_ name: CFString, _ manufacturer: CFString, _ model: CFString,
                                     _ outDevice: UnsafeMutablePointer<MIDIDeviceRef>) -> OSStatus {
    outDevice.pointee = 0
    return kMIDINotPermitted
}

public func MIDIDeviceDispose(_ device: MIDIDeviceRef) -> OSStatus { kMIDINotPermitted }

public func MIDIDeviceAddEntity(_ device: MIDIDeviceRef, _ name: CFString, _ embedded: Bool, _ numSourceEndpoints: Int,
                                _ numDestinationEndpoints: Int, _ newEntity: UnsafeMutablePointer<MIDIEntityRef>) -> OSStatus {
    newEntity.pointee = 0
    return kMIDINotPermitted
}

public func MIDIDeviceNewEntity(_ device: MIDIDeviceRef, _ name: CFString, _ protocol: MIDIProtocolID, _ embedded: Bool,
                                _ numSourceEndpoints: Int, _ numDestinationEndpoints: Int,
                                _ newEntity: UnsafeMutablePointer<MIDIEntityRef>) -> OSStatus {
    newEntity.pointee = 0
    return kMIDINotPermitted
}

public func MIDIDeviceRemoveEntity(_ device: MIDIDeviceRef, _ entity: MIDIEntityRef) -> OSStatus { kMIDINotPermitted }

public func MIDIEntityAddOrRemoveEndpoints(_ entity: MIDIEntityRef, _ numSourceEndpoints: Int, _ numDestinationEndpoints: Int) -> OSStatus {
    kMIDINotPermitted
}

public func MIDIDeviceListAddDevice(_ devList: MIDIDeviceListRef, _ dev: MIDIDeviceRef) -> OSStatus { kMIDINotPermitted }
public func MIDIDeviceListDispose(_ devList: MIDIDeviceListRef) -> OSStatus { kMIDINotPermitted }
public func MIDIDeviceListGetNumberOfDevices(_ devList: MIDIDeviceListRef) -> Int { 0 }
public func MIDIDeviceListGetDevice(_ devList: MIDIDeviceListRef, _ index0: Int) -> MIDIDeviceRef { 0 }

public func MIDISetupAddDevice(_ device: MIDIDeviceRef) -> OSStatus { kMIDINotPermitted }
public func MIDISetupRemoveDevice(_ device: MIDIDeviceRef) -> OSStatus { kMIDINotPermitted }
public func MIDISetupAddExternalDevice(_ device: MIDIDeviceRef) -> OSStatus { kMIDINotPermitted }
public func MIDISetupRemoveExternalDevice(_ device: MIDIDeviceRef) -> OSStatus { kMIDINotPermitted }
