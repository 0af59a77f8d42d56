import Foundation
import MediaServer
import Testing
@testable import Scenario

/// Every scenario shipped under Scenarios/ passes.
@Suite("Scenarios folder")
struct ScenarioFolderTests {
    @Test("there are at least 40 scenarios, in the area folders, each naming requirements")
    func inventory() throws {
        let files = try ScenarioFixtures.allScenarioFiles()
        #expect(files.count >= 40)
        #expect(!files.contains { $0.contains("/devices/") }, "device event scripts are not scenarios")
        for file in files {
            let scenario = try Scenario.load(file: file)
            #expect(!scenario.requirements.isEmpty, "\(file) names no requirement")
        }
    }

    /// Replaying byte for byte is checked where it is strongest: `conformance.json` carries every
    /// scenario's trace digest, and `Tools/test` compares its report with the committed one, made
    /// in another process on another machine (a second run in this process would share its hash
    /// seed, so it could not see a hash-order leak).
    ///
    /// `Tools/test` makes the conformance report after the tests, which runs every scenario written
    /// for the report's platform and fails the run when one fails; it names that platform in
    /// `SOUNDCHECK_REPORT_PLATFORM`, and only the scenarios pinned to another platform run here then.
    @Test("every scenario under Scenarios/ passes")
    func allPass() throws {
        let reportPlatform = ProcessInfo.processInfo.environment["SOUNDCHECK_REPORT_PLATFORM"].flatMap(PlatformProfile.init(name:))
        for file in try ScenarioFixtures.allScenarioFiles() {
            let scenario = try Scenario.load(file: file)
            if scenario.platform == reportPlatform { continue }
            let result = try ScenarioRunner().run(scenario)
            #expect(result.passed, "\(file):\n\(result.failureReport)")
        }
    }
}
