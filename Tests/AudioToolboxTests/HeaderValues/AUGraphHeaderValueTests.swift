import AudioToolbox
import CoreAudioTypes
import Testing

/// AUGraph.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AUGraph.h raw values")
struct AUGraphHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAUNodeInteraction_Connection", Int64(truncatingIfNeeded: kAUNodeInteraction_Connection), 1),
            ("kAUNodeInteraction_InputCallback", Int64(truncatingIfNeeded: kAUNodeInteraction_InputCallback), 2),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
