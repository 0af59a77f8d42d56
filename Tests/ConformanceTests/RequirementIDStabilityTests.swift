import Foundation
import Scenario
import Testing
import VirtualDevices
@testable import Conformance

/// A published requirement ID keeps loading: a renamed entry keeps its old ID as an alias, which
/// counts for it; a retired ID loads with a warning naming its replacements and counts for nothing;
/// and the catalog is held against the committed list of every ID it has published.
@Suite("Stable requirement IDs")
struct RequirementIDStabilityTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// `requirement-ids.txt` without its comment lines.
    static func published() throws -> [String] {
        let text = try String(contentsOf: folder.appendingPathComponent("requirement-ids.txt"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test("every published ID still loads, and every ID the catalog has is published")
    func publishedIDsLoad() throws {
        let names = RequirementNames.builtIn
        let published = try Self.published()
        #expect(published == published.sorted(), "requirement-ids.txt must stay sorted")
        #expect(published.count >= 770, "requirement-ids.txt lists only \(published.count) IDs")
        let lost = published.filter { names.meaning(of: $0) == .unknown }
        #expect(lost.isEmpty, """
            published requirement IDs no longer in the catalog: \(lost). Renamed? Add the old ID to the \
            entry's aliases:. Removed? Add `- retired: ID` with replaced-by: and why: to its area's file.
            """)
        let unlisted = Set(names.allNames).subtracting(published).sorted()
        #expect(unlisted.isEmpty, "IDs the catalog has but requirement-ids.txt lacks (add them; they are published now): \(unlisted)")
    }

    @Test("the IDs scenarios used before the catalog named them load: renamed ones as aliases, split ones as retired")
    func oldScenarioIDs() {
        let names = RequirementNames.builtIn
        #expect(names.meaning(of: "SESSION-ACTIVATE-ON-PLAY") == .alias(of: "SESSION-ACTIVATE-MEDIA-ON-PLAY"))
        #expect(names.meaning(of: "ROUTING-CATEGORY-CHANGE") == .alias(of: "ROUTING-REASON-CATEGORY-CHANGE"))
        #expect(names.meaning(of: "SESSION-RESET-CALLS-FAIL") == .alias(of: "SESSION-RESET-MEDIA-SERVICES-FAILED"))
        for old in ["SESSION-HW-PREFERENCE", "ROUTING-OVERRIDE-SPEAKER", "MULTICHANNEL-DEFAULT-MAPPING", "SESSION-CONFIG-POLICY"] {
            guard case let .retired(entry) = names.meaning(of: old) else { Issue.record("\(old) is not retired"); continue }
            #expect(entry.replacedBy.allSatisfy { names.meaning(of: $0) == .current($0) })
        }
    }

    static let oldScenario = """
        scenario: old-ids
        requirements: [SESSION-RESET-CALLS-FAIL, ROUTING-OVERRIDE-SPEAKER]
        apps:
          Music: { model: media-player }
        steps:
          - { at: 0s, do: launch, app: Music }
        """

    @Test("a scenario naming an alias and a retired ID loads; the retired one warns at its line and column")
    func scenarioWithOldIDs() throws {
        let scenario = try Scenario.parse(Self.oldScenario, file: "old-ids.yaml")
        #expect(ScenarioRequirementNames.problems(in: scenario, text: Self.oldScenario).isEmpty)
        let warnings = ScenarioRequirementNames.warnings(file: "old-ids.yaml", requirementIDs: scenario.requirements, text: Self.oldScenario)
        #expect(warnings.map(\.description) == [
            "old-ids.yaml:2:42: warning: requirement 'ROUTING-OVERRIDE-SPEAKER' is retired (split into the speaker override itself "
                + "and the route change it posts); name ROUTING-OVERRIDE or ROUTING-REASON-OVERRIDE instead",
        ])
    }

    @Test("in the report an alias counts for its requirement, a retired ID for nothing, and both are listed")
    func report() throws {
        let contents = try RequirementCatalog.loadContents()
        let check = ConformanceCheck(kind: .scenario, name: "old-ids.yaml", requirementIDs: ["SESSION-RESET-CALLS-FAIL", "ROUTING-OVERRIDE-SPEAKER"],
                                     outcome: .passed)
        let report = ConformanceReport(catalog: contents.requirements, retired: contents.retired, checks: [check], scenarioRuns: [],
                                       platform: "ios17", testResultsGiven: false)
        let verdict = try #require(report.verdicts.first { $0.requirement.id == "SESSION-RESET-MEDIA-SERVICES-FAILED" })
        #expect(verdict.status == .passed && verdict.checks == [check])
        for replacement in ["ROUTING-OVERRIDE", "ROUTING-REASON-OVERRIDE"] {
            #expect(report.verdicts.first { $0.requirement.id == replacement }?.checks.isEmpty == true)
        }
        #expect(report.uncataloguedIDs.isEmpty && !report.hasFailures)
        #expect(report.retiredIDsInUse.map(\.entry.id) == ["ROUTING-OVERRIDE-SPEAKER"])
        let markdown = MarkdownWriter.render(report)
        #expect(markdown.contains("- `SESSION-RESET-CALLS-FAIL`: renamed `SESSION-RESET-MEDIA-SERVICES-FAILED`"))
        #expect(markdown.contains("- `ROUTING-OVERRIDE-SPEAKER`: retired (") && markdown.contains("still named by scenario old-ids.yaml"))
        #expect(markdown.contains("| `SESSION-RESET-MEDIA-SERVICES-FAILED` (formerly `SESSION-RESET-CALLS-FAIL`) |"))
    }

    @Test("a retired entry must name catalogued replacements, and no name may mean two things")
    func malformed() {
        let text = """
            - id: SESSION-EXAMPLE
              statement: Something holds.
              source: { doc: "AVAudioSession" }
              platforms: [ios17]
              aliases: [SESSION-OLD]
            - retired: SESSION-OLD
              replaced-by: [SESSION-MISSING]
              why: split
            """
        var errors: [SourceError] = []
        _ = RequirementCatalog.parseContents(files: [("session.yaml", text)], errors: &errors)
        #expect(errors.map(\.description) == [
            "session.yaml:6:12: duplicate id 'SESSION-OLD'; first defined at session.yaml:1:7",
            "session.yaml:6:12: retired 'SESSION-OLD' is replaced by 'SESSION-MISSING', which is not in the catalog",
        ])
    }
}
