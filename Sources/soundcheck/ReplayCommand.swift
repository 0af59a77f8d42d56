import ArgumentParser
import Foundation
import MediaServer
import Scenario
import SimCore

/// `soundcheck replay`: re-runs the scenario a trace came from and checks byte identity.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run the scenario a trace came from (its header names the file, seed and platform) and verify the trace byte for byte."
    )

    @Argument(help: "A trace written by `soundcheck run --trace`.")
    var trace: String

    func run() throws {
        guard let data = FileManager.default.contents(atPath: trace) else { throw UserError("\(trace): cannot read the file") }
        let recorded = String(decoding: data, as: UTF8.self)
        let headerLine = recorded.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        guard let header = try? JSONSerialization.jsonObject(with: Data(headerLine.utf8)) as? [String: Any],
              let file = header["file"] as? String, let seedText = header["seed"] as? String, let seed = UInt64(seedText),
              let platformName = header["platform"] as? String, let platform = PlatformProfile(name: platformName)
        else { throw UserError("\(trace): the first line is not a scenario trace header (file, seed, platform)") }
        print("replaying \(file) with seed \(seed) on \(platformName)")
        let result: ScenarioResult
        do { result = try ScenarioRunner().run(try Scenario.load(file: file), seed: seed, platform: platform) } catch {
            throw UserError(error.description)
        }
        let replayed = result.trace.jsonLines
        if replayed == recorded {
            print("identical: \(result.trace.events.count) lines, sha256 \(result.trace.contentHash)")
            return
        }
        let old = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let new = replayed.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        print("DIFFERENT at line \(index + 1):")
        print("  recorded: \(index < old.count ? String(old[index]) : "<end of file>")")
        print("  replayed: \(index < new.count ? String(new[index]) : "<end of file>")")
        print("  reproduce: \(result.reproduceCommand)")
        throw ExitCode(1)
    }
}
