import ArgumentParser
import JACKBackend
import MediaServer
import Scenario
import SimCore

/// `run --backend jack`: the same scenarios, played on a JACK server's ports.
struct JACKRunFlags: ParsableArguments {
    @Option(help: "Where the device's audio goes: sim (simulation only, the default) or jack (a running JACK server too).")
    var backend: RunBackend = .sim

    @Option(help: "With --backend jack: connect our ports to this client's ports (e.g. system) or to ports matching this regular expression; unconnected without it.")
    var connect: String?

    @Flag(help: "With --backend jack: ask the server to freewheel (faster than real time, for CI).")
    var freewheel = false

    @Flag(help: "With --backend jack: a JACK MIDI input port (soundcheck:midi-in) appears in the device as a MIDI device whose source apps can connect to, and every MIDI source and virtual destination gets a JACK MIDI output port ('Keys Out (source)') carrying its messages at their frames.")
    var midi = false

    @Option(help: "With --backend jack: the JACK server name (default: $JACK_DEFAULT_SERVER, else 'default').")
    var server: String?

    @Option(help: "With --backend jack: our JACK client name.")
    var clientName = "soundcheck"

    func validate() throws {
        if backend == .sim && (connect != nil || freewheel || midi || server != nil) {
            throw ValidationError("--connect, --freewheel, --midi and --server need --backend jack")
        }
    }

    var jackOptions: JACKRunOptions {
        var options = JACKRunOptions(server: server, connect: connect, freewheel: freewheel)
        options.clientName = clientName
        options.midi = midi
        return options
    }
}

enum RunBackend: String, ExpressibleByArgument, CaseIterable {
    case sim, jack
}

extension ScenarioOutcome {
    /// Plays one scenario file on JACK; a JACK failure is the outcome's error, after the JACK line.
    static func runOnJACK(file: String, seed: UInt64?, platform: PlatformProfile?, options: JACKRunOptions) -> ScenarioOutcome {
        let scenario: Scenario
        do { scenario = try Scenario.load(file: file) } catch { return ScenarioOutcome(file: file, result: nil, error: error.description) }
        do {
            let outcome = try JACKScenarioRunner.run(scenario, seed: seed, platform: platform, options: options)
            print(outcome.summary)
            return ScenarioOutcome(file: file, result: outcome.failure == nil ? outcome.result : nil,
                                   error: outcome.failure.map { "jack: \($0.description)" })
        } catch {
            return ScenarioOutcome(file: file, result: nil, error: "jack: \(error)")
        }
    }
}
