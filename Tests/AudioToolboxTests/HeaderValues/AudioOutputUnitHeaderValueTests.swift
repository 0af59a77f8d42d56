import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioOutputUnit.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioOutputUnit.h raw values")
struct AudioOutputUnitHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioOutputUnitRange", Int64(truncatingIfNeeded: kAudioOutputUnitRange), 512),
            ("kAudioOutputUnitStartSelect", Int64(truncatingIfNeeded: kAudioOutputUnitStartSelect), 513),
            ("kAudioOutputUnitStopSelect", Int64(truncatingIfNeeded: kAudioOutputUnitStopSelect), 514),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
