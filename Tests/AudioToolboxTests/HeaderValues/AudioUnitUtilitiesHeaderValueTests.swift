import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioUnitUtilities.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioUnitUtilities.h raw values")
struct AudioUnitUtilitiesHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAUParameterListener_AnyParameter", Int64(truncatingIfNeeded: kAUParameterListener_AnyParameter), 4294967295),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AudioUnitEventType.beginParameterChangeGesture", Int64(truncatingIfNeeded: AudioUnitEventType.beginParameterChangeGesture.rawValue), 1),
            ("AudioUnitEventType.endParameterChangeGesture", Int64(truncatingIfNeeded: AudioUnitEventType.endParameterChangeGesture.rawValue), 2),
            ("AudioUnitEventType.parameterValueChange", Int64(truncatingIfNeeded: AudioUnitEventType.parameterValueChange.rawValue), 0),
            ("AudioUnitEventType.propertyChange", Int64(truncatingIfNeeded: AudioUnitEventType.propertyChange.rawValue), 3),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
