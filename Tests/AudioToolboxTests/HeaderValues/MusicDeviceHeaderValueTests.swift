import AudioToolbox
import CoreAudioTypes
import Testing

/// MusicDevice.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("MusicDevice.h raw values")
struct MusicDeviceHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kMusicDeviceMIDIEventListSelect", Int64(truncatingIfNeeded: kMusicDeviceMIDIEventListSelect), 263),
            ("kMusicDeviceMIDIEventSelect", Int64(truncatingIfNeeded: kMusicDeviceMIDIEventSelect), 257),
            ("kMusicDevicePrepareInstrumentSelect", Int64(truncatingIfNeeded: kMusicDevicePrepareInstrumentSelect), 259),
            ("kMusicDeviceRange", Int64(truncatingIfNeeded: kMusicDeviceRange), 256),
            ("kMusicDeviceReleaseInstrumentSelect", Int64(truncatingIfNeeded: kMusicDeviceReleaseInstrumentSelect), 260),
            ("kMusicDeviceStartNoteSelect", Int64(truncatingIfNeeded: kMusicDeviceStartNoteSelect), 261),
            ("kMusicDeviceStopNoteSelect", Int64(truncatingIfNeeded: kMusicDeviceStopNoteSelect), 262),
            ("kMusicDeviceSysExSelect", Int64(truncatingIfNeeded: kMusicDeviceSysExSelect), 258),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
