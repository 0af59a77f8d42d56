import Foundation
@testable import Scenario
import VirtualDevices

/// Locates the repository's `Scenarios/` folder and parses inline scenarios.
enum ScenarioFixtures {
    static let scenariosFolder: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios").path

    /// Every scenario file under Scenarios/, sorted, without the device event scripts.
    static func allScenarioFiles() throws -> [String] {
        try ScenarioFiles.collect([scenariosFolder])
    }

    static func parse(_ text: String) throws -> Scenario {
        try Scenario.parse(text, file: "test.yaml")
    }

    static func run(_ text: String) throws -> ScenarioResult {
        try ScenarioRunner().run(try parse(text))
    }

    /// The error a scenario text raises, or nil if it parses.
    static func parseError(_ text: String) -> SourceError? {
        do { _ = try Scenario.parse(text, file: "test.yaml"); return nil } catch { return error }
    }
}
