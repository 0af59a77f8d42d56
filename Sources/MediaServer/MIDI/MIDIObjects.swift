import SimCore

/// Core MIDI's object kinds with `MIDIObjectType`'s raw values.
public enum MIDIObjectKind: Int32, Sendable {
    case other = -1, device = 0, entity = 1, source = 2, destination = 3

    /// The name notifications and traces use (`device`, `source` …).
    public var name: String { "\(self)" }
}

/// A property value as `MIDIObjectGet…Property` reads it.
public enum MIDIPropertyValue: Sendable, Equatable {
    case string(String)
    case integer(Int32)
    case data([UInt8])
    /// A dictionary, kept as its property-list serialisation (the server holds only Sendable values).
    case dictionary([UInt8])
}

/// Property names with Core MIDI's string values (kMIDIPropertyName is "name" …).
public enum MIDIPropertyName {
    public static let name = "name"
    public static let displayName = "displayName"
    public static let uniqueID = "uniqueID"
    public static let manufacturer = "manufacturer"
    public static let model = "model"
    public static let offline = "offline"
    public static let isPrivate = "private"
    public static let driverOwner = "driver"
    public static let protocolID = "protocol"
}

/// One message with the host time it applies to, as Core MIDI carries it (`MIDITimeStamp`:
/// host ticks, which on the simulated device are nanoseconds of the simulation clock).
///
/// The server carries every message in its MIDI 1.0 form, which wires, Bluetooth and JACK need.
/// A message an app sent as Universal MIDI Packets also keeps those words, so that a receiver
/// speaking the same protocol gets them unchanged (a 16-bit velocity stays 16 bits, a per-note
/// controller arrives at all). `bytes` is empty when MIDI 1.0 has no equivalent; `universal` is
/// empty (not nil) on the extra messages one MIDI 2.0 message translated into, whose words the
/// first of them carries.
public struct MIDITimedMessage: Sendable, Equatable {
    public var timeStamp: UInt64
    public var bytes: [UInt8]
    public var universal: [UInt32]?

    public init(timeStamp: UInt64, bytes: [UInt8], universal: [UInt32]? = nil) {
        self.timeStamp = timeStamp
        self.bytes = bytes
        self.universal = universal
    }
}

/// What a client's notify block is told, with `MIDINotificationMessageID`'s raw values.
public enum MIDISetupNotification: Sendable, Equatable {
    case setupChanged
    case objectAdded(parent: UInt32, parentKind: MIDIObjectKind, child: UInt32, childKind: MIDIObjectKind)
    case objectRemoved(parent: UInt32, parentKind: MIDIObjectKind, child: UInt32, childKind: MIDIObjectKind)
    case propertyChanged(object: UInt32, kind: MIDIObjectKind, property: String)

    public var messageID: Int32 {
        switch self {
        case .setupChanged: 1
        case .objectAdded: 2
        case .objectRemoved: 3
        case .propertyChanged: 4
        }
    }

    /// Apple's case name: `msgSetupChanged`, `msgObjectAdded` …
    public var name: String {
        switch self {
        case .setupChanged: "msgSetupChanged"
        case .objectAdded: "msgObjectAdded"
        case .objectRemoved: "msgObjectRemoved"
        case .propertyChanged: "msgPropertyChanged"
        }
    }
}

/// Core MIDI's result codes (MIDIServices.h), with their OSStatus values.
public enum MIDIStatus: Int32, Error, Sendable {
    case invalidClient = -10830
    case invalidPort = -10831
    case wrongEndpointType = -10832
    case noConnection = -10833
    case unknownEndpoint = -10834
    case unknownProperty = -10835
    case wrongPropertyType = -10836
    case noCurrentSetup = -10837
    case messageSendErr = -10838
    case serverStartErr = -10839
    case setupFormatErr = -10840
    case wrongThread = -10841
    case objectNotFound = -10842
    case idNotUnique = -10843
    case notPermitted = -10844
    case unknownError = -10845
}

// MARK: Records the server keeps

struct MIDIClientRecord {
    let ref: UInt32
    let app: AppID
    let name: String
    let notify: ((MIDISetupNotification) -> Void)?
}

struct MIDIPortRecord {
    let ref: UInt32
    let client: UInt32
    let name: String
    /// Input ports only: called with the messages and the connection's refCon.
    let receive: (([MIDITimedMessage], UnsafeMutableRawPointer?) -> Void)?
    /// Connected sources with their refCons, in connection order.
    var sources: [(source: UInt32, refCon: UnsafeMutableRawPointer?)] = []
}

struct MIDIDeviceRecord {
    let ref: UInt32
    var entities: [UInt32]
    /// The BLE link behind the device, if it is a Bluetooth MIDI device.
    var peer: String?
    /// The wire behind a USB, DIN or network device, and when each direction of it is free again.
    var wire: MIDIWire?
    var inboundFreeAt = HostTime.zero
    var outboundFreeAt = HostTime.zero
}

struct MIDIEntityRecord {
    let ref: UInt32
    let device: UInt32
    var sources: [UInt32]
    var destinations: [UInt32]
}

struct MIDIEndpointRecord {
    let ref: UInt32
    let kind: MIDIObjectKind
    /// 0 for a virtual endpoint.
    let entity: UInt32
    /// The client that made a virtual endpoint.
    let owner: UInt32?
    /// A virtual destination's receive block.
    let receive: (([MIDITimedMessage]) -> Void)?
}
