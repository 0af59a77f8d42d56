// The vocabulary of UMP stream messages (message type F) and of UMP endpoints' function blocks,
// with Apple's raw values (MIDIMessages.h, MIDIUMPEndpoint.h); the values are those of the UMP
// specification (M2-104-UM v1.1, "UMP Stream Messages").

/// The status (10 bits) of a stream message.
public enum UMPStreamMessageStatus: UInt32, Sendable {
    case endpointDiscovery = 0x00
    case endpointInfoNotification = 0x01
    case deviceIdentityNotification = 0x02
    case endpointNameNotification = 0x03
    case productInstanceIDNotification = 0x04
    case streamConfigurationRequest = 0x05
    case streamConfigurationNotification = 0x06
    case functionBlockDiscovery = 0x10
    case functionBlockInfoNotification = 0x11
    case functionBlockNameNotification = 0x12
    case startOfClip = 0x20
    case endOfClip = 0x21
}

/// Where a packet sits in a stream message that spans several (a long name, say).
public enum UMPStreamMessageFormat: UInt8, Sendable {
    case complete = 0x00
    case start = 0x01
    case continuing = 0x02
    case end = 0x03
}

/// Which MIDI protocols a UMP endpoint supports (the M1 and M2 bits of its endpoint info).
public struct MIDIUMPProtocolOptions: OptionSet, Sendable {
    public var rawValue: MIDIUInteger4
    public init(rawValue: MIDIUInteger4) { self.rawValue = rawValue }

    public static var midi1: MIDIUMPProtocolOptions { MIDIUMPProtocolOptions(rawValue: 1) }
    public static var midi2: MIDIUMPProtocolOptions { MIDIUMPProtocolOptions(rawValue: 2) }
}

/// Whether a function block takes input, gives output, or both.
public enum MIDIUMPFunctionBlockDirection: Int32, Sendable {
    case unknown = 0
    case input = 1
    case output = 2
    case bidirectional = 3
}

/// Whether a function block speaks MIDI 1.0, and if so at what bandwidth (a DIN port is restricted to 31.25 kbit/s).
public enum MIDIUMPFunctionBlockMIDI1Info: Int32, Sendable {
    case notMIDI1 = 0
    case unrestrictedBandwidth = 1
    case restrictedBandwidth = 2
}

/// How a user interface should present a function block.
public enum MIDIUMPFunctionBlockUIHint: Int32, Sendable {
    case unknown = 0
    case receiver = 1
    case sender = 2
    case senderReceiver = 3
}

/// A MIDI-CI device ID: a channel (0–15) or one of the two below.
public typealias MIDICIDeviceID = MIDIUInteger7
public typealias MIDIUMPFunctionBlockID = MIDIUInteger7
/// The whole UMP group.
public let kMIDIDeviceIDUMPGroup: MIDICIDeviceID = 0x7E
/// The whole function block.
public let kMIDIDeviceIDFunctionBlock: MIDICIDeviceID = 0x7F

/// A MIDI manufacturer's System Exclusive ID, three bytes (a one-byte ID is followed by two zeros).
public struct MIDI2DeviceManufacturer {
    public var sysExIDByte: (UInt8, UInt8, UInt8)
    public init() { sysExIDByte = (0, 0, 0) }
    public init(sysExIDByte: (UInt8, UInt8, UInt8)) { self.sysExIDByte = sysExIDByte }
}

/// A device's software revision, four bytes.
public struct MIDI2DeviceRevisionLevel {
    public var revisionLevel: (UInt8, UInt8, UInt8, UInt8)
    public init() { revisionLevel = (0, 0, 0, 0) }
    public init(revisionLevel: (UInt8, UInt8, UInt8, UInt8)) { self.revisionLevel = revisionLevel }
}

/// What a UMP endpoint's device identity notification says about it.
public class MIDI2DeviceInfo: NSObject {
    public let manufacturerID: MIDI2DeviceManufacturer
    public let family: MIDIUInteger14
    public let modelNumber: MIDIUInteger14
    public let revisionLevel: MIDI2DeviceRevisionLevel

    public init(manufacturerID: MIDI2DeviceManufacturer, family: MIDIUInteger14, modelNumber: MIDIUInteger14,
                revisionLevel: MIDI2DeviceRevisionLevel) {
        self.manufacturerID = manufacturerID
        self.family = family
        self.modelNumber = modelNumber
        self.revisionLevel = revisionLevel
    }
}
