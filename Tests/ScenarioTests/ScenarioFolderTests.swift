import Foundation
import Testing
@testable import Scenario

/// Every scenario shipped under Scenarios/ passes, and replays byte for byte.
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

    /// One run of the whole folder, shared by the two tests below: the first test checks its
    /// verdicts, the second compares its traces with a second, independent run. (Running the folder
    /// once per test made three runs where two prove the same.)
    static let firstRun: Result<[(file: String, result: ScenarioResult)], Error> = Result {
        try ScenarioFixtures.allScenarioFiles().map { file in (file, try ScenarioRunner().run(try Scenario.load(file: file))) }
    }

    @Test("every scenario under Scenarios/ passes")
    func allPass() throws {
        for (file, result) in try Self.firstRun.get() {
            #expect(result.passed, "\(file):\n\(result.failureReport)")
        }
    }

    @Test("running the whole folder twice gives byte-identical traces")
    func deterministic() throws {
        let first = try Self.firstRun.get()
        let second = try ScenarioFixtures.allScenarioFiles().map { file in
            (file, try ScenarioRunner().run(try Scenario.load(file: file)))
        }
        #expect(first.map(\.file) == second.map(\.0))
        for (a, b) in zip(first, second) { #expect(a.result.trace.jsonLines == b.1.trace.jsonLines, "\(a.file)") }
    }
}
