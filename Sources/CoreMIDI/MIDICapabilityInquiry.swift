import Foundation

/// MIDICapabilityInquiry.h: MIDI-CI discovery, sessions and responders (deprecated since iOS 18 for
/// MIDICIDeviceManager). No simulated MIDI device answers MIDI-CI discovery, so discovery finds no
/// node, a responder cannot start (no initiator can reach it), and the value classes hold what
/// they are given.
open class MIDICIDeviceInfo: NSObject {
    open private(set) var manufacturerID: Data
    open private(set) var family: Data
    open private(set) var modelNumber: Data
    open private(set) var revisionLevel: Data
    open private(set) var midiDestination: MIDIEndpointRef

    public init(destination midiDestination: MIDIEntityRef, manufacturer: Data, family: Data, model modelNumber: Data,
                revision revisionLevel: Data) {
        self.midiDestination = midiDestination
        self.manufacturerID = manufacturer
        self.family = family
        self.modelNumber = modelNumber
        self.revisionLevel = revisionLevel
        super.init()
    }
}

open class MIDICIProfile: NSObject {
    open private(set) var name: String
    open private(set) var profileID: Data

    public init(data: Data) {
        profileID = data
        name = ""
        super.init()
    }

    public init(data: Data, name inName: String) {
        profileID = data
        name = inName
        super.init()
    }
}

open class MIDICIProfileState: NSObject {
    /// 0x7F is the whole port (MIDICapabilityInquiry.h).
    static let wholePort: MIDIChannelNumber = 0x7F
    open private(set) var midiChannel: MIDIChannelNumber
    open private(set) var enabledProfiles: [MIDICIProfile]
    open private(set) var disabledProfiles: [MIDICIProfile]

    public init(channel midiChannelNum: MIDIChannelNumber, enabledProfiles enabled: [MIDICIProfile], disabledProfiles disabled: [MIDICIProfile]) {
        midiChannel = midiChannelNum
        enabledProfiles = enabled
        disabledProfiles = disabled
        super.init()
    }

    public convenience init(enabledProfiles enabled: [MIDICIProfile], disabledProfiles disabled: [MIDICIProfile]) {
        self.init(channel: MIDICIProfileState.wholePort, enabledProfiles: enabled, disabledProfiles: disabled)
    }
}

open class MIDICIDiscoveredNode: NSObject {
    open private(set) var destination: MIDIEntityRef
    open private(set) var deviceInfo: MIDICIDeviceInfo
    open private(set) var supportsProfiles: Bool
    open private(set) var supportsProperties: Bool
    open private(set) var maximumSysExSize: NSNumber

    init(destination: MIDIEntityRef, deviceInfo: MIDICIDeviceInfo, supportsProfiles: Bool, supportsProperties: Bool, maximumSysExSize: Int) {
        self.destination = destination
        self.deviceInfo = deviceInfo
        self.supportsProfiles = supportsProfiles
        self.supportsProperties = supportsProperties
        self.maximumSysExSize = NSNumber(value: maximumSysExSize)
        super.init()
    }
}

public typealias MIDICIDiscoveryResponseBlock = ([MIDICIDiscoveredNode]) -> Void
public typealias MIDICIProfileChangedBlock = (MIDICISession, MIDIChannelNumber, MIDICIProfile, Bool) -> Void
public typealias MIDICIProfileSpecificDataBlock = (MIDICISession, MIDIChannelNumber, MIDICIProfile, Data) -> Void
public typealias MIDICISessionDisconnectBlock = (MIDICISession, any Error) -> Void

open class MIDICIDiscoveryManager: NSObject {
    nonisolated(unsafe) private static let shared = MIDICIDiscoveryManager()

    open class func sharedInstance() -> MIDICIDiscoveryManager { shared }

    /// Hands the handler the nodes that answered: none on the simulated bus. It is called before
    /// `discover` returns (Apple calls it once its discovery timeout ends).
    open func discover(handler completedHandler: @escaping MIDICIDiscoveryResponseBlock) {
        completedHandler([])
    }
}

/// The error a session answers with when no MIDI-CI responder can be reached.
func midiCIUnreachable() -> NSError {
    NSError(domain: NSOSStatusErrorDomain, code: Int(kMIDIUnknownEndpoint))
}

open class MIDICISession: NSObject {
    open private(set) var midiDestination: MIDIEntityRef
    open private(set) var supportsProfileCapability: Bool
    open private(set) var supportsPropertyCapability: Bool
    open private(set) var deviceInfo: MIDICIDeviceInfo
    open private(set) var maxSysExSize: NSNumber
    open private(set) var maxPropertyRequests: NSNumber
    open var profileChangedCallback: MIDICIProfileChangedBlock?
    open var profileSpecificDataHandler: MIDICIProfileSpecificDataBlock?

    /// Discovery finds no node here, so a session has no responder behind it: its data-ready
    /// handler is never called and its requests fail.
    public init(discoveredNode: MIDICIDiscoveredNode, dataReadyHandler handler: @escaping () -> Void,
                disconnectHandler: @escaping MIDICISessionDisconnectBlock) {
        midiDestination = discoveredNode.destination
        supportsProfileCapability = discoveredNode.supportsProfiles
        supportsPropertyCapability = discoveredNode.supportsProperties
        deviceInfo = discoveredNode.deviceInfo
        maxSysExSize = discoveredNode.maximumSysExSize
        maxPropertyRequests = NSNumber(value: 0)
        super.init()
    }

    open func profileState(forChannel channel: MIDIChannelNumber) -> MIDICIProfileState {
        MIDICIProfileState(channel: channel, enabledProfiles: [], disabledProfiles: [])
    }

    open func enable(_ profile: MIDICIProfile, onChannel channel: MIDIChannelNumber) throws { throw midiCIUnreachable() }
    open func disableProfile(_ profile: MIDICIProfile, onChannel channel: MIDIChannelNumber) throws { throw midiCIUnreachable() }
    open func send(_ profile: MIDICIProfile, onChannel channel: MIDIChannelNumber, profileData profileSpecificData: Data) -> Bool { false }
}

public protocol MIDICIProfileResponderDelegate: NSObjectProtocol {
    func connectInitiator(_ initiatorMUID: MIDICIInitiatiorMUID, with deviceInfo: MIDICIDeviceInfo) -> Bool
    func initiatorDisconnected(_ initiatorMUID: MIDICIInitiatiorMUID)
    func willSetProfile(_ aProfile: MIDICIProfile, onChannel channel: MIDIChannelNumber, enabled shouldEnable: Bool) -> Bool
    func handleData(for aProfile: MIDICIProfile, onChannel channel: MIDIChannelNumber, data inData: Data)
}

extension MIDICIProfileResponderDelegate {
    /// Optional in Objective-C: a delegate that does not answer accepts the change.
    public func willSetProfile(_ aProfile: MIDICIProfile, onChannel channel: MIDIChannelNumber, enabled shouldEnable: Bool) -> Bool { true }
    public func handleData(for aProfile: MIDICIProfile, onChannel channel: MIDIChannelNumber, data inData: Data) {}
}

open class MIDICIResponder: NSObject {
    open private(set) var deviceInfo: MIDICIDeviceInfo
    open private(set) var profileDelegate: any MIDICIProfileResponderDelegate
    private let profileStates: [MIDICIProfileState]

    /// No initiator connects on the simulated bus.
    open var initiators: [MIDICIInitiatiorMUID] { [] }

    public init(deviceInfo: MIDICIDeviceInfo, profileDelegate delegate: any MIDICIProfileResponderDelegate,
                profileStates profileList: [MIDICIProfileState], supportProperties propertiesSupported: Bool) {
        self.deviceInfo = deviceInfo
        profileDelegate = delegate
        profileStates = profileList
        super.init()
    }

    /// False: the MIDI-CI subsystem that would route discovery to it is not simulated.
    open func start() -> Bool { false }
    open func stop() {}
    open func notify(_ aProfile: MIDICIProfile, onChannel channel: MIDIChannelNumber, isEnabled enabledState: Bool) -> Bool { false }
    open func send(_ aProfile: MIDICIProfile, onChannel channel: MIDIChannelNumber, profileData profileSpecificData: Data) -> Bool { false }
}
