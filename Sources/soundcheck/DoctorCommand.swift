import ALSABackend
import ArgumentParser
import AudioFiles
import AudioGraph
import JACKBackend

/// `soundcheck doctor`: what this machine offers the bench.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Show the native audio libraries this build links and the sound cards present."
    )

    func run() {
        let cards = ALSALibrary.cardIndices
        print(TextTable.render([
            ["library", "version"],
            ["JACK", JACKLibrary.version],
            ["ALSA", ALSALibrary.version],
            ["libsndfile", NativeCodecs.sndfileVersion],
            ["libsoxr", SampleRateConverter.libraryVersion],
        ]), terminator: "")
        print(cards.isEmpty
              ? "sound cards: none (no /dev/snd): hardware tests will be skipped"
              : "sound cards: \(cards.map { "card \($0)" }.joined(separator: ", "))")
    }
}
