import CoreMIDI
import Testing

/// MIDINetworkSession.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("MIDINetworkSession.h raw values")
struct MIDINetworkSessionHeaderValueTests {
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("MIDINetworkConnectionPolicy.anyone", Int64(truncatingIfNeeded: MIDINetworkConnectionPolicy.anyone.rawValue), 2),
            ("MIDINetworkConnectionPolicy.hostsInContactList", Int64(truncatingIfNeeded: MIDINetworkConnectionPolicy.hostsInContactList.rawValue), 1),
            ("MIDINetworkConnectionPolicy.noOne", Int64(truncatingIfNeeded: MIDINetworkConnectionPolicy.noOne.rawValue), 0),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
