import ALSABackend
import AudioFiles
import AudioGraph
import JACKBackend
import Testing

/// The native libraries resolve through pkg-config, link, and answer with their versions.
@Suite("Native libraries")
struct NativeLibraryTests {
    @Test("JACK, ALSA, libsndfile and libsoxr are linked and report versions")
    func versions() {
        #expect(JACKLibrary.version.first?.isNumber == true, "JACK: \(JACKLibrary.version)")
        #expect(ALSALibrary.version.split(separator: ".").count == 3, "ALSA: \(ALSALibrary.version)")
        #expect(NativeCodecs.sndfileVersion.hasPrefix("libsndfile-"))
        #expect(SampleRateConverter.libraryVersion.hasPrefix("libsoxr-"))
    }

    @Test("card enumeration works with or without sound hardware")
    func cards() {
        let cards = ALSALibrary.cardIndices
        #expect(cards == cards.sorted())
        #expect(Set(cards).count == cards.count)
    }
}
