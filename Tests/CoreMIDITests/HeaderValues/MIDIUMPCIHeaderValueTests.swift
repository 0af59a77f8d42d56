import CoreMIDI
import Testing

/// MIDIUMPCI.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("MIDIUMPCI.h raw values")
struct MIDIUMPCIHeaderValueTests {
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("MIDICIDeviceType.legacyMIDI1", Int64(truncatingIfNeeded: MIDICIDeviceType.legacyMIDI1.rawValue), 1),
            ("MIDICIDeviceType.usbMIDI", Int64(truncatingIfNeeded: MIDICIDeviceType.usbMIDI.rawValue), 3),
            ("MIDICIDeviceType.unknown", Int64(truncatingIfNeeded: MIDICIDeviceType.unknown.rawValue), 0),
            ("MIDICIDeviceType.virtual", Int64(truncatingIfNeeded: MIDICIDeviceType.virtual.rawValue), 2),
            ("MIDICIManagementMessageType.discovery", Int64(truncatingIfNeeded: MIDICIManagementMessageType.discovery.rawValue), 112),
            ("MIDICIManagementMessageType.inquiryEndpointInformation", Int64(truncatingIfNeeded: MIDICIManagementMessageType.inquiryEndpointInformation.rawValue), 114),
            ("MIDICIManagementMessageType.invalidateMUID", Int64(truncatingIfNeeded: MIDICIManagementMessageType.invalidateMUID.rawValue), 126),
            ("MIDICIManagementMessageType.midiCIACK", Int64(truncatingIfNeeded: MIDICIManagementMessageType.midiCIACK.rawValue), 125),
            ("MIDICIManagementMessageType.midiNAK", Int64(truncatingIfNeeded: MIDICIManagementMessageType.midiNAK.rawValue), 127),
            ("MIDICIManagementMessageType.replyToDiscovery", Int64(truncatingIfNeeded: MIDICIManagementMessageType.replyToDiscovery.rawValue), 113),
            ("MIDICIManagementMessageType.replyToEndpointInformation", Int64(truncatingIfNeeded: MIDICIManagementMessageType.replyToEndpointInformation.rawValue), 115),
            ("MIDICIProcessInquiryMessageType.endOfMIDIMessageReport", Int64(truncatingIfNeeded: MIDICIProcessInquiryMessageType.endOfMIDIMessageReport.rawValue), 68),
            ("MIDICIProcessInquiryMessageType.inquiryMIDIMessageReport", Int64(truncatingIfNeeded: MIDICIProcessInquiryMessageType.inquiryMIDIMessageReport.rawValue), 66),
            ("MIDICIProcessInquiryMessageType.inquiryProcessInquiryCapabilities", Int64(truncatingIfNeeded: MIDICIProcessInquiryMessageType.inquiryProcessInquiryCapabilities.rawValue), 64),
            ("MIDICIProcessInquiryMessageType.replyToMIDIMessageReport", Int64(truncatingIfNeeded: MIDICIProcessInquiryMessageType.replyToMIDIMessageReport.rawValue), 67),
            ("MIDICIProcessInquiryMessageType.replyToProcessInquiryCapabilities", Int64(truncatingIfNeeded: MIDICIProcessInquiryMessageType.replyToProcessInquiryCapabilities.rawValue), 65),
            ("MIDICIProfileMessageType.detailsInquiry", Int64(truncatingIfNeeded: MIDICIProfileMessageType.detailsInquiry.rawValue), 40),
            ("MIDICIProfileMessageType.profileAdded", Int64(truncatingIfNeeded: MIDICIProfileMessageType.profileAdded.rawValue), 38),
            ("MIDICIProfileMessageType.profileDisabledReport", Int64(truncatingIfNeeded: MIDICIProfileMessageType.profileDisabledReport.rawValue), 37),
            ("MIDICIProfileMessageType.profileEnabledReport", Int64(truncatingIfNeeded: MIDICIProfileMessageType.profileEnabledReport.rawValue), 36),
            ("MIDICIProfileMessageType.profileInquiry", Int64(truncatingIfNeeded: MIDICIProfileMessageType.profileInquiry.rawValue), 32),
            ("MIDICIProfileMessageType.profileRemoved", Int64(truncatingIfNeeded: MIDICIProfileMessageType.profileRemoved.rawValue), 39),
            ("MIDICIProfileMessageType.profileSpecificData", Int64(truncatingIfNeeded: MIDICIProfileMessageType.profileSpecificData.rawValue), 47),
            ("MIDICIProfileMessageType.replyToDetailsInquiry", Int64(truncatingIfNeeded: MIDICIProfileMessageType.replyToDetailsInquiry.rawValue), 41),
            ("MIDICIProfileMessageType.replyToProfileInquiry", Int64(truncatingIfNeeded: MIDICIProfileMessageType.replyToProfileInquiry.rawValue), 33),
            ("MIDICIProfileMessageType.setProfileOff", Int64(truncatingIfNeeded: MIDICIProfileMessageType.setProfileOff.rawValue), 35),
            ("MIDICIProfileMessageType.setProfileOn", Int64(truncatingIfNeeded: MIDICIProfileMessageType.setProfileOn.rawValue), 34),
            ("MIDICIProfileType.functionBlock", Int64(truncatingIfNeeded: MIDICIProfileType.functionBlock.rawValue), 3),
            ("MIDICIProfileType.group", Int64(truncatingIfNeeded: MIDICIProfileType.group.rawValue), 2),
            ("MIDICIProfileType.multichannel", Int64(truncatingIfNeeded: MIDICIProfileType.multichannel.rawValue), 4),
            ("MIDICIProfileType.singleChannel", Int64(truncatingIfNeeded: MIDICIProfileType.singleChannel.rawValue), 1),
            ("MIDICIPropertyExchangeMessageType.inquiryGetPropertyData", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.inquiryGetPropertyData.rawValue), 52),
            ("MIDICIPropertyExchangeMessageType.inquiryHasPropertyData_Reserved", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.inquiryHasPropertyData_Reserved.rawValue), 50),
            ("MIDICIPropertyExchangeMessageType.inquiryPropertyExchangeCapabilities", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.inquiryPropertyExchangeCapabilities.rawValue), 48),
            ("MIDICIPropertyExchangeMessageType.inquiryReplyToHasPropertyData_Reserved", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.inquiryReplyToHasPropertyData_Reserved.rawValue), 51),
            ("MIDICIPropertyExchangeMessageType.inquirySetPropertyData", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.inquirySetPropertyData.rawValue), 54),
            ("MIDICIPropertyExchangeMessageType.notify", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.notify.rawValue), 63),
            ("MIDICIPropertyExchangeMessageType.replyToGetProperty", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.replyToGetProperty.rawValue), 53),
            ("MIDICIPropertyExchangeMessageType.replyToPropertyExchangeCapabilities", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.replyToPropertyExchangeCapabilities.rawValue), 49),
            ("MIDICIPropertyExchangeMessageType.replyToSetPropertyData", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.replyToSetPropertyData.rawValue), 55),
            ("MIDICIPropertyExchangeMessageType.replyToSubscription", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.replyToSubscription.rawValue), 57),
            ("MIDICIPropertyExchangeMessageType.subscription", Int64(truncatingIfNeeded: MIDICIPropertyExchangeMessageType.subscription.rawValue), 56),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
