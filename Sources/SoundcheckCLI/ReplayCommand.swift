import ArgumentParser
import Foundation
import MediaServer
import Scenario
import SimCore
import VirtualDevices

/// `soundcheck replay`: re-runs the scenario a trace came from and checks byte identity.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run the scenario a trace came from (its header names the scenario by its text's SHA-256, the seed and the platform) and verify the trace byte for byte."
    )

    @Argument(help: "A trace written by `soundcheck run --trace`.")
    var trace: String

    @Option(help: "Scenario folders or files to find the trace's scenario in (by the SHA-256 of its text, which the header records).")
    var scenarios: [String] = ["Scenarios"]

    func run() throws {
        let recorded: String
        do { recorded = try TextFile.read(trace) } catch { throw UserError(error.description) }
        let headerLine = recorded.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        guard let header = try? JSONSerialization.jsonObject(with: Data(headerLine.utf8)) as? [String: Any],
              let source = header["source"] as? String, let seedText = header["seed"] as? String, let seed = UInt64(seedText),
              let platformName = header["platform"] as? String, let platform = PlatformProfile(name: platformName)
        else { throw UserError("\(trace):1: the first line is not a scenario trace header (source, seed, platform)") }
        let file = try scenarioFile(withHash: source, name: header["scenario"] as? String ?? "?")
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

    /// The scenario file under `scenarios` whose text has the SHA-256 the trace names.
    func scenarioFile(withHash hash: String, name: String) throws -> String {
        let files: [String]
        do { files = try ScenarioFiles.collect(scenarios) } catch {
            throw UserError("\(error.description) (replay looks for the trace's scenario under --scenarios)")
        }
        if let file = files.first(where: { (try? Trace.sha256Hex(TextFile.read($0))) == hash }) { return file }
        throw UserError("\(trace): no file under \(scenarios.joined(separator: ", ")) has the text of scenario '\(name)' "
            + "(sha256 \(hash)); it was edited since the trace was written, or give its folder with --scenarios")
    }
}
