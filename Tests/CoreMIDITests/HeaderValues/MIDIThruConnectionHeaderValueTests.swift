import CoreMIDI
import Testing

/// MIDIThruConnection.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("MIDIThruConnection.h raw values")
struct MIDIThruConnectionHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kMIDIThruConnection_MaxEndpoints", Int64(truncatingIfNeeded: kMIDIThruConnection_MaxEndpoints), 8),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("MIDITransformControlType.controlType_14Bit", Int64(truncatingIfNeeded: MIDITransformControlType.controlType_14Bit.rawValue), 1),
            ("MIDITransformControlType.controlType_14BitNRPN", Int64(truncatingIfNeeded: MIDITransformControlType.controlType_14BitNRPN.rawValue), 5),
            ("MIDITransformControlType.controlType_14BitRPN", Int64(truncatingIfNeeded: MIDITransformControlType.controlType_14BitRPN.rawValue), 3),
            ("MIDITransformControlType.controlType_7Bit", Int64(truncatingIfNeeded: MIDITransformControlType.controlType_7Bit.rawValue), 0),
            ("MIDITransformControlType.controlType_7BitNRPN", Int64(truncatingIfNeeded: MIDITransformControlType.controlType_7BitNRPN.rawValue), 4),
            ("MIDITransformControlType.controlType_7BitRPN", Int64(truncatingIfNeeded: MIDITransformControlType.controlType_7BitRPN.rawValue), 2),
            ("MIDITransformType.add", Int64(truncatingIfNeeded: MIDITransformType.add.rawValue), 8),
            ("MIDITransformType.filterOut", Int64(truncatingIfNeeded: MIDITransformType.filterOut.rawValue), 1),
            ("MIDITransformType.mapControl", Int64(truncatingIfNeeded: MIDITransformType.mapControl.rawValue), 2),
            ("MIDITransformType.mapValue", Int64(truncatingIfNeeded: MIDITransformType.mapValue.rawValue), 12),
            ("MIDITransformType.maxValue", Int64(truncatingIfNeeded: MIDITransformType.maxValue.rawValue), 11),
            ("MIDITransformType.minValue", Int64(truncatingIfNeeded: MIDITransformType.minValue.rawValue), 10),
            ("MIDITransformType.none", Int64(truncatingIfNeeded: MIDITransformType.none.rawValue), 0),
            ("MIDITransformType.scale", Int64(truncatingIfNeeded: MIDITransformType.scale.rawValue), 9),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
