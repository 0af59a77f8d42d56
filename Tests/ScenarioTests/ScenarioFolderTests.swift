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

    @Test("every scenario under Scenarios/ passes")
    func allPass() throws {
        for file in try ScenarioFixtures.allScenarioFiles() {
            let result = try ScenarioRunner().run(try Scenario.load(file: file))
            #expect(result.passed, "\(file):\n\(result.failureReport)")
        }
    }

    @Test("running the whole folder twice gives byte-identical traces")
    func deterministic() throws {
        func traces() throws -> [String] {
            try ScenarioFixtures.allScenarioFiles().map { file in
                try ScenarioRunner().run(try Scenario.load(file: file)).trace.jsonLines
            }
        }
        let first = try traces(), second = try traces()
        #expect(first.count == second.count)
        for (a, b) in zip(first, second) { #expect(a == b) }
    }
}
