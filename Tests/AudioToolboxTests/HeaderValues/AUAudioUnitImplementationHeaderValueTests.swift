import AudioToolbox
import CoreAudioTypes
import Testing

/// AUAudioUnitImplementation.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AUAudioUnitImplementation.h raw values")
struct AUAudioUnitImplementationHeaderValueTests {
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AURenderEventType.MIDI", Int64(truncatingIfNeeded: AURenderEventType.MIDI.rawValue), 8),
            ("AURenderEventType.midiEventList", Int64(truncatingIfNeeded: AURenderEventType.midiEventList.rawValue), 10),
            ("AURenderEventType.midiSysEx", Int64(truncatingIfNeeded: AURenderEventType.midiSysEx.rawValue), 9),
            ("AURenderEventType.parameter", Int64(truncatingIfNeeded: AURenderEventType.parameter.rawValue), 1),
            ("AURenderEventType.parameterRamp", Int64(truncatingIfNeeded: AURenderEventType.parameterRamp.rawValue), 2),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
