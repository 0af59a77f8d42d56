import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioServices.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioServices.h raw values")
struct AudioServicesHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioServicesPropertyCompletePlaybackIfAppDies", Int64(truncatingIfNeeded: kAudioServicesPropertyCompletePlaybackIfAppDies), headerFourCC("ifdi")),
            ("kAudioServicesPropertyIsUISound", Int64(truncatingIfNeeded: kAudioServicesPropertyIsUISound), headerFourCC("isui")),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
