import Foundation

/// MIDIUMPEndpoint.h, MIDIUMPFunctionBlock.h, MIDIUMPCI.h (iOS 18): UMP endpoints with their function
/// blocks, and the MIDI-CI devices and profiles behind them. No simulated device is a MIDI 2.0 UMP
/// endpoint with endpoint discovery or answers MIDI-CI, so the managers list none and an app cannot
/// publish its own endpoint (`MIDIUMPMutableEndpoint`'s initializer fails, as Apple's does when the
/// endpoint cannot be created). Function blocks are plain values an app builds and edits.
open class MIDIUMPFunctionBlock: NSObject {
    open internal(set) var name: String
    open internal(set) var functionBlockID: MIDIUMPFunctionBlockID
    open internal(set) var direction: MIDIUMPFunctionBlockDirection
    open internal(set) var firstGroup: MIDIUMPGroupNumber
    open internal(set) var totalGroupsSpanned: MIDIUInteger7
    open internal(set) var maxSysEx8Streams: UInt8
    open internal(set) var midi1Info: MIDIUMPFunctionBlockMIDI1Info
    open internal(set) var uiHint: MIDIUMPFunctionBlockUIHint
    open internal(set) var isEnabled: Bool
    open internal(set) weak var umpEndpoint: MIDIUMPEndpoint?
    open internal(set) weak var midiCIDevice: MIDICIDevice?

    init(name: String, functionBlockID: MIDIUMPFunctionBlockID, direction: MIDIUMPFunctionBlockDirection, firstGroup: MIDIUMPGroupNumber,
         totalGroupsSpanned: MIDIUInteger7, maxSysEx8Streams: UInt8, midi1Info: MIDIUMPFunctionBlockMIDI1Info,
         uiHint: MIDIUMPFunctionBlockUIHint, isEnabled: Bool) {
        self.name = name
        self.functionBlockID = functionBlockID
        self.direction = direction
        self.firstGroup = firstGroup
        self.totalGroupsSpanned = totalGroupsSpanned
        self.maxSysEx8Streams = maxSysEx8Streams
        self.midi1Info = midi1Info
        self.uiHint = uiHint
        self.isEnabled = isEnabled
        super.init()
    }
}

open class MIDIUMPMutableFunctionBlock: MIDIUMPFunctionBlock {
    /// `nil` when the groups do not fit the 16 of a UMP endpoint.
    public init?(name: String, direction: MIDIUMPFunctionBlockDirection, firstGroup: MIDIUMPGroupNumber, totalGroupsSpanned: MIDIUInteger7,
                 maxSysEx8Streams: MIDIUInteger7, midi1Info MIDI1Info: MIDIUMPFunctionBlockMIDI1Info, uiHint UIHint: MIDIUMPFunctionBlockUIHint,
                 isEnabled: Bool) {
        guard totalGroupsSpanned >= 1, Int(firstGroup) + Int(totalGroupsSpanned) <= 16 else { return nil }
        super.init(name: name, functionBlockID: 0, direction: direction, firstGroup: firstGroup, totalGroupsSpanned: totalGroupsSpanned,
                   maxSysEx8Streams: maxSysEx8Streams, midi1Info: MIDI1Info, uiHint: UIHint, isEnabled: isEnabled)
    }

    open func setEnabled(_ isEnabled: Bool) throws { self.isEnabled = isEnabled }
    open func setName(_ name: String) throws { self.name = name }

    /// Moves the block; the groups must stay within the endpoint's 16.
    open func reconfigure(firstGroup: MIDIUMPGroupNumber, direction: MIDIUMPFunctionBlockDirection, MIDI1Info: MIDIUMPFunctionBlockMIDI1Info,
                          UIHint: MIDIUMPFunctionBlockUIHint) throws {
        guard Int(firstGroup) + Int(totalGroupsSpanned) <= 16 else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(kAudio_ParamError)) }
        self.firstGroup = firstGroup
        self.direction = direction
        midi1Info = MIDI1Info
        uiHint = UIHint
    }
}

open class MIDIUMPEndpoint: NSObject {
    open internal(set) var name: String
    open internal(set) var midiProtocol: MIDIProtocolID
    open internal(set) var supportedMIDIProtocols: MIDIUMPProtocolOptions
    open internal(set) var midiDestination: MIDIEndpointRef
    open internal(set) var midiSource: MIDIEndpointRef
    open internal(set) var deviceInfo: MIDI2DeviceInfo
    open internal(set) var productInstanceID: String
    open internal(set) var hasStaticFunctionBlocks: Bool
    open internal(set) var hasJRTSReceiveCapability: Bool
    open internal(set) var hasJRTSTransmitCapability: Bool
    open internal(set) var endpointType: MIDIUMPCIObjectBackingType
    open var functionBlocks: [MIDIUMPFunctionBlock]

    init(name: String, deviceInfo: MIDI2DeviceInfo, productInstanceID: String, midiProtocol: MIDIProtocolID) {
        self.name = name
        self.midiProtocol = midiProtocol
        supportedMIDIProtocols = midiProtocol == ._2_0 ? [.midi1, .midi2] : [.midi1]
        midiDestination = 0
        midiSource = 0
        self.deviceInfo = deviceInfo
        self.productInstanceID = productInstanceID
        hasStaticFunctionBlocks = false
        hasJRTSReceiveCapability = false
        hasJRTSTransmitCapability = false
        endpointType = .virtual
        functionBlocks = []
        super.init()
    }
}

open class MIDIUMPMutableEndpoint: MIDIUMPEndpoint {
    open var mutableFunctionBlocks: [MIDIUMPMutableFunctionBlock] = []
    open internal(set) var isEnabled: Bool = false

    /// `nil`: publishing a UMP endpoint to the system is not simulated.
    public init?(name: String, deviceInfo: MIDI2DeviceInfo, productInstanceID: String, midiProtocol MIDIProtocol: MIDIProtocolID,
                 destinationCallback: @escaping MIDIReceiveBlock) {
        return nil
    }

    open func setName(_ name: String) throws { self.name = name }
    open func setEnabled(_ isEnabled: Bool) throws { self.isEnabled = isEnabled }
    open func registerFunctionBlocks(_ functionBlocks: [MIDIUMPMutableFunctionBlock], markAsStatic: Bool) throws {
        mutableFunctionBlocks = functionBlocks
        self.functionBlocks = functionBlocks
        for block in functionBlocks { block.umpEndpoint = self }
        hasStaticFunctionBlocks = markAsStatic
    }
}

open class MIDIUMPEndpointManager: NSObject {
    nonisolated(unsafe) private static let sharedManager = MIDIUMPEndpointManager()
    open class var shared: MIDIUMPEndpointManager { sharedManager }
    /// The UMP endpoints in the system: none of the simulated devices is one.
    open var umpEndpoints: [MIDIUMPEndpoint] { [] }
}

open class MIDIUMPCIProfile: NSObject {
    open internal(set) var name: String
    open internal(set) var profileID: MIDICIProfileID
    open internal(set) var profileType: MIDICIProfileType
    open internal(set) var groupOffset: MIDIUMPGroupNumber
    open internal(set) var firstChannel: MIDIChannelNumber
    open internal(set) var enabledChannelCount: MIDIUInteger14
    open internal(set) var totalChannelCount: MIDIUInteger14
    open internal(set) var isEnabled: Bool

    init(name: String, profileID: MIDICIProfileID, profileType: MIDICIProfileType, groupOffset: MIDIUMPGroupNumber, firstChannel: MIDIChannelNumber,
         totalChannelCount: MIDIUInteger14) {
        self.name = name
        self.profileID = profileID
        self.profileType = profileType
        self.groupOffset = groupOffset
        self.firstChannel = firstChannel
        enabledChannelCount = 0
        self.totalChannelCount = totalChannelCount
        isEnabled = false
        super.init()
    }

    /// Asks the device to switch the profile: no MIDI-CI device answers here.
    open func setProfileState(_ isEnabled: Bool, enabledChannelCount: MIDIUInteger14) throws {
        throw midiCIUnreachable()
    }
}

open class MIDICIDevice: NSObject {
    open internal(set) var deviceInfo: MIDI2DeviceInfo
    open internal(set) var muid: MIDICIMUID
    open internal(set) var supportsProtocolNegotiation: Bool = false
    open internal(set) var supportsProfileConfiguration: Bool = false
    open internal(set) var supportsPropertyExchange: Bool = false
    open internal(set) var supportsProcessInquiry: Bool = false
    open internal(set) var maxSysExSize: UInt = 0
    open internal(set) var maxPropertyExchangeRequests: UInt = 0
    open internal(set) var deviceType: MIDICIDeviceType = .unknown
    open internal(set) var profiles: [MIDIUMPCIProfile] = []

    init(deviceInfo: MIDI2DeviceInfo, muid: MIDICIMUID) {
        self.deviceInfo = deviceInfo
        self.muid = muid
        super.init()
    }
}

open class MIDICIDeviceManager: NSObject {
    nonisolated(unsafe) private static let sharedManager = MIDICIDeviceManager()
    open class var shared: MIDICIDeviceManager { sharedManager }
    /// The MIDI-CI devices discovered: none answers on the simulated bus.
    open var discoveredCIDevices: [MIDICIDevice] { [] }
}
