import AudioToolbox
import CoreAudioTypes
import Testing

/// AUAudioUnit.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AUAudioUnit.h raw values")
struct AUAudioUnitHeaderValueTests {
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AUAudioUnitBusType.input", Int64(truncatingIfNeeded: AUAudioUnitBusType.input.rawValue), 1),
            ("AUAudioUnitBusType.output", Int64(truncatingIfNeeded: AUAudioUnitBusType.output.rawValue), 2),
            ("AUHostTransportStateFlags.changed", Int64(truncatingIfNeeded: AUHostTransportStateFlags.changed.rawValue), 1),
            ("AUHostTransportStateFlags.cycling", Int64(truncatingIfNeeded: AUHostTransportStateFlags.cycling.rawValue), 8),
            ("AUHostTransportStateFlags.moving", Int64(truncatingIfNeeded: AUHostTransportStateFlags.moving.rawValue), 2),
            ("AUHostTransportStateFlags.recording", Int64(truncatingIfNeeded: AUHostTransportStateFlags.recording.rawValue), 4),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
