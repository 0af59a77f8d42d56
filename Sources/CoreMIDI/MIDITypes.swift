/// Core MIDI object references (`UInt32` handles, 0 = none).
public typealias MIDIObjectRef = UInt32
public typealias MIDIClientRef = MIDIObjectRef
public typealias MIDIPortRef = MIDIObjectRef
public typealias MIDIDeviceRef = MIDIObjectRef
public typealias MIDIEntityRef = MIDIObjectRef
public typealias MIDIEndpointRef = MIDIObjectRef
/// Host time in host ticks; 0 means "now". On the simulated device one tick is one nanosecond
/// of the simulation clock (a mach timebase of 1/1).
public typealias MIDITimeStamp = UInt64
public typealias MIDIUniqueID = Int32
public typealias ItemCount = Int
public typealias ByteCount = Int

public typealias MIDINotifyBlock = (UnsafePointer<MIDINotification>) -> Void
public typealias MIDIReadBlock = (UnsafePointer<MIDIPacketList>, UnsafeMutableRawPointer?) -> Void
public typealias MIDIReceiveBlock = (UnsafePointer<MIDIEventList>, UnsafeMutableRawPointer?) -> Void

/// The protocol of an event list or a port.
public enum MIDIProtocolID: Int32, Sendable {
    case _1_0 = 1
    case _2_0 = 2
}

public enum MIDIObjectType: Int32, Sendable {
    case other = -1
    case device = 0
    case entity = 1
    case source = 2
    case destination = 3
    case externalDevice = 16
    case externalEntity = 17
    case externalSource = 18
    case externalDestination = 19
}

public enum MIDINotificationMessageID: Int32, Sendable {
    case msgSetupChanged = 1
    case msgObjectAdded = 2
    case msgObjectRemoved = 3
    case msgPropertyChanged = 4
    case msgThruConnectionsChanged = 5
    case msgSerialPortOwnerChanged = 6
    case msgIOError = 7
    case msgInternalStart = 0x1000
}

// MARK: Result codes (MIDIServices.h)

public let kMIDIInvalidClient: OSStatus = -10830
public let kMIDIInvalidPort: OSStatus = -10831
public let kMIDIWrongEndpointType: OSStatus = -10832
public let kMIDINoConnection: OSStatus = -10833
public let kMIDIUnknownEndpoint: OSStatus = -10834
public let kMIDIUnknownProperty: OSStatus = -10835
public let kMIDIWrongPropertyType: OSStatus = -10836
public let kMIDINoCurrentSetup: OSStatus = -10837
public let kMIDIMessageSendErr: OSStatus = -10838
public let kMIDIServerStartErr: OSStatus = -10839
public let kMIDISetupFormatErr: OSStatus = -10840
public let kMIDIWrongThread: OSStatus = -10841
public let kMIDIObjectNotFound: OSStatus = -10842
public let kMIDIIDNotUnique: OSStatus = -10843
public let kMIDINotPermitted: OSStatus = -10844
public let kMIDIUnknownError: OSStatus = -10845

// MARK: Property names (their values are Core MIDI's own strings; the rest are in MIDIPropertyNames.swift)

nonisolated(unsafe) public let kMIDIPropertyName: CFString = "name"
nonisolated(unsafe) public let kMIDIPropertyDisplayName: CFString = "displayName"
nonisolated(unsafe) public let kMIDIPropertyUniqueID: CFString = "uniqueID"
nonisolated(unsafe) public let kMIDIPropertyManufacturer: CFString = "manufacturer"
nonisolated(unsafe) public let kMIDIPropertyModel: CFString = "model"
nonisolated(unsafe) public let kMIDIPropertyOffline: CFString = "offline"
nonisolated(unsafe) public let kMIDIPropertyPrivate: CFString = "private"
nonisolated(unsafe) public let kMIDIPropertyProtocolID: CFString = "protocol"
