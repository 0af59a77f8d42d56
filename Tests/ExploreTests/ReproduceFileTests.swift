import Explore
import Foundation
import MediaServer
import Scenario
import Testing

/// The minimal scenario explore writes reproduces its failure with the command its header names,
/// `soundcheck run FILE --seed S --platform P --invariants`, and fails there first for the
/// invariant explore found, with no expectation failure: a generated scenario expects nothing, so
/// it must not fail on notifications no `expect:` lists.
@Suite struct ReproduceFileTests {
    @Test func writtenFileFailsUnderRunInvariantsForTheFoundInvariantOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(ProcessInfo.processInfo.globallyUniqueString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = Explorer.Options(apps: [AppUnderTest(model: "media-player", mistake: "ignores-media-services-reset")]
            + ["media-player", "game", "navigation"].map { AppUnderTest(model: $0) })
        (options.seed, options.runs, options.shrinkLimit, options.stopAfterFindings) = (16, 400, 1, 1)
        options.outputFolder = folder
        let finding = try #require(Explorer(options: options).explore().findings.first)
        let file = try #require(finding.file)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("# Reproduce: \(finding.reproduce)"))
        #expect(finding.reproduce == "soundcheck run \(file) --seed \(finding.minimal.seed) --platform ios17 --invariants")

        // What that command does with the file (`ScenarioOutcome.run` with `--invariants`).
        let scenario = try Scenario.load(file: file)
        let platform = try #require(PlatformProfile.all.first { $0.description == "ios17" })
        let (result, broken) = try ScriptRunner().check(scenario, seed: finding.minimal.seed, platform: platform)
        #expect(result.failures.isEmpty, "\(result.failureReport)")
        #expect(broken.first?.invariant == finding.failure.invariant, "\(broken)")
        #expect(broken.first?.message == finding.failure.message)
    }
}
