import CoreAudioTypes
import Foundation

// MIDIUMPCI.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum MIDICIDeviceType: UInt8, @unchecked Sendable {
    case legacyMIDI1 = 1
    case usbMIDI = 3
    case unknown = 0
    case virtual = 2
}

public enum MIDICIManagementMessageType: MIDIUInteger7, @unchecked Sendable {
    case discovery = 112
    case inquiryEndpointInformation = 114
    case invalidateMUID = 126
    case midiCIACK = 125
    case midiNAK = 127
    case replyToDiscovery = 113
    case replyToEndpointInformation = 115
}

public enum MIDICIProcessInquiryMessageType: MIDIUInteger7, @unchecked Sendable {
    case endOfMIDIMessageReport = 68
    case inquiryMIDIMessageReport = 66
    case inquiryProcessInquiryCapabilities = 64
    case replyToMIDIMessageReport = 67
    case replyToProcessInquiryCapabilities = 65
}

public enum MIDICIProfileMessageType: MIDIUInteger7, @unchecked Sendable {
    case detailsInquiry = 40
    case profileAdded = 38
    case profileDisabledReport = 37
    case profileEnabledReport = 36
    case profileInquiry = 32
    case profileRemoved = 39
    case profileSpecificData = 47
    case replyToDetailsInquiry = 41
    case replyToProfileInquiry = 33
    case setProfileOff = 35
    case setProfileOn = 34
}

public enum MIDICIProfileType: UInt8, @unchecked Sendable {
    case functionBlock = 3
    case group = 2
    case multichannel = 4
    case singleChannel = 1
}

public enum MIDICIPropertyExchangeMessageType: MIDIUInteger7, @unchecked Sendable {
    case inquiryGetPropertyData = 52
    case inquiryHasPropertyData_Reserved = 50
    case inquiryPropertyExchangeCapabilities = 48
    case inquiryReplyToHasPropertyData_Reserved = 51
    case inquirySetPropertyData = 54
    case notify = 63
    case replyToGetProperty = 53
    case replyToPropertyExchangeCapabilities = 49
    case replyToSetPropertyData = 55
    case replyToSubscription = 57
    case subscription = 56
}

public enum MIDIUMPCIObjectBackingType: UInt8, @unchecked Sendable {
    case driverDevice = 2
    case usbMIDI = 3
    case unknown = 0
    case virtual = 1
}

public struct MIDICICategoryOptions: OptionSet, Sendable {
    public let rawValue: MIDIUInteger7
    public init(rawValue: MIDIUInteger7) { self.rawValue = rawValue }
    public static var processInquirySupported: MIDICICategoryOptions { MIDICICategoryOptions(rawValue: 16) }
    public static var profileConfigurationSupported: MIDICICategoryOptions { MIDICICategoryOptions(rawValue: 4) }
    public static var propertyExchangeSupported: MIDICICategoryOptions { MIDICICategoryOptions(rawValue: 8) }
    public static var protocolNegotiation: MIDICICategoryOptions { MIDICICategoryOptions(rawValue: 2) }
}

public struct MIDICIPropertyExchangeRequestID: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
}

public typealias MIDICIMUID = MIDIUInteger28

public struct MIDICIProfileIDManufacturerSpecific {
    public var sysExID1: MIDIUInteger7
    public var sysExID2: MIDIUInteger7
    public var sysExID3: MIDIUInteger7
    public var info1: MIDIUInteger7
    public var info2: MIDIUInteger7
    public init() { self.sysExID1 = 0; self.sysExID2 = 0; self.sysExID3 = 0; self.info1 = 0; self.info2 = 0 }
    public init(sysExID1: MIDIUInteger7, sysExID2: MIDIUInteger7, sysExID3: MIDIUInteger7, info1: MIDIUInteger7, info2: MIDIUInteger7) {
        self.sysExID1 = sysExID1
        self.sysExID2 = sysExID2
        self.sysExID3 = sysExID3
        self.info1 = info1
        self.info2 = info2
    }
}

public struct MIDICIProfileIDStandard {
    public var profileIDByte1: MIDIUInteger7
    public var profileBank: MIDIUInteger7
    public var profileNumber: MIDIUInteger7
    public var profileVersion: MIDIUInteger7
    public var profileLevel: MIDIUInteger7
    public init() { self.profileIDByte1 = 0; self.profileBank = 0; self.profileNumber = 0; self.profileVersion = 0; self.profileLevel = 0 }
    public init(profileIDByte1: MIDIUInteger7, profileBank: MIDIUInteger7, profileNumber: MIDIUInteger7, profileVersion: MIDIUInteger7, profileLevel: MIDIUInteger7) {
        self.profileIDByte1 = profileIDByte1
        self.profileBank = profileBank
        self.profileNumber = profileNumber
        self.profileVersion = profileVersion
        self.profileLevel = profileLevel
    }
}
