import Foundation
import Scenario
import Testing
@testable import BuiltInChecks
@testable import Conformance

/// A scenario may name only requirements the catalog has: one that names another ID fails, at the
/// ID's place in the file, and the shipped scenarios name none.
@Suite("Requirement IDs in scenarios")
struct ScenarioRequirementNamesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let text = """
        scenario: misnamed
        requirements: [ROUTING-LAST-IN-WINS, ROUTING-LAST-IN-WIN]
        apps:
          Music: { model: media-player }
        steps:
          - { at: 0s, do: launch, app: Music }
        """

    @Test("an uncatalogued ID is reported at its line and column, with the closest catalogued ID")
    func misnamed() throws {
        let scenario = try Scenario.parse(Self.text, file: "misnamed.yaml")
        let problems = ScenarioRequirementNames.problems(in: scenario, text: Self.text)
        #expect(problems.map(\.description) == [
            "misnamed.yaml:2:38: requirement 'ROUTING-LAST-IN-WIN' is not in the catalog (did you mean ROUTING-LAST-IN-WINS?); "
                + "a scenario may name only catalogued requirements",
        ])
    }

    @Test("the conformance run fails such a scenario instead of running it, and the report fails")
    func failsTheRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-misnamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("misnamed.yaml")
        try Data(Self.text.utf8).write(to: file)
        let checks = ScenarioChecks.run(files: [file.path], platform: .ios17)
        let check = try #require(checks.checks.first)
        #expect(check.outcome.word == "failed" && check.outcome.detail?.contains("ROUTING-LAST-IN-WIN'") == true)
        let report = ConformanceReport(catalog: try RequirementCatalog.load(), checks: checks.checks, scenarioRuns: checks.runs,
                                       platform: "ios17", testResultsGiven: false)
        #expect(report.hasFailures)
        #expect(report.uncataloguedIDs.map(\.id) == ["ROUTING-LAST-IN-WIN"])
    }

    @Test("every shipped scenario names only catalogued requirements")
    func shipped() throws {
        let files = try ScenarioFiles.collect([Self.root.appendingPathComponent("Scenarios").path])
        #expect(files.count > 50)
        for file in files {
            let scenario = try Scenario.load(file: file)
            let problems = ScenarioRequirementNames.problems(in: scenario)
            #expect(problems.isEmpty, "\(problems.map(\.description))")
        }
    }
}
