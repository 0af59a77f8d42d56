import ArgumentParser
import Foundation
import SimCore
import VirtualDevices

/// `soundcheck simulate`: runs a device event script and writes its trace.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a device event script on the virtual device layer and write its trace.",
        discussion: "The trace is canonical JSON Lines: the same script and seed give the same bytes."
    )

    @Argument(help: "The event script (YAML).")
    var script: String

    @Option(help: "Override the script's seed.")
    var seed: UInt64?

    @Option(help: "Write the trace to this file instead of standard output.")
    var trace: String?

    func run() throws {
        var loaded: EventScript
        do { loaded = try EventScript.load(file: script) } catch { throw UserError(error.description) }
        if let seed { loaded.seed = seed }
        let result: Trace
        do {
            var simulation = try DeviceSimulation(script: loaded, profile: try DeviceProfile.load(loaded.profile))
            result = try simulation.run()
        } catch {
            throw UserError(error.description)
        }
        if let trace {
            try Data(result.jsonLines.utf8).write(to: URL(fileURLWithPath: trace))
            FileHandle.standardError.write(Data(
                "\(loaded.name): \(result.events.count) events, seed \(loaded.seed), sha256 \(result.contentHash)\n".utf8))
        } else {
            print(result.jsonLines, terminator: "")
        }
    }
}
