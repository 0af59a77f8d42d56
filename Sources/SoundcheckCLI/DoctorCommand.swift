import ALSABackend
import ArgumentParser
import AudioFiles
import AudioGraph
import JACKBackend

/// `soundcheck doctor`: what this machine offers the bench.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Show the native audio libraries this build links, the JACK server and the sound cards present."
    )

    @Option(name: .customLong("jack-server"), help: "The JACK server to ask about (default: $JACK_DEFAULT_SERVER, else 'default').")
    var jackServer: String?

    func run() {
        let cards = ALSALibrary.cardIndices
        print(TextTable.render([
            ["library", "version"],
            ["JACK", JACKLibrary.version],
            ["ALSA", ALSALibrary.version],
            ["libsndfile", NativeCodecs.sndfileVersion],
            ["libsoxr", SampleRateConverter.libraryVersion],
        ]), terminator: "")
        print(JACKServerStatus.probe(server: jackServer).summary)
        print(cards.isEmpty
              ? "sound cards: none (no /dev/snd): hardware tests will be skipped"
              : "sound cards: \(cards.map { "card \($0)" }.joined(separator: ", "))")
    }
}
