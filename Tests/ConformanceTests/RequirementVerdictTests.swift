import Testing
@testable import Conformance

/// The status rule: passing needs checks that all pass; nothing else is reported as passing.
@Suite("Requirement statuses")
struct RequirementVerdictTests {
    static func requirement(_ id: String, area: String) -> Requirement {
        let at = CatalogLocation(file: "\(area).yaml", line: 1, column: 1)
        return Requirement(id: id, statement: "s", source: .doc("AVAudioEngine", at: at), platforms: ["ios17"], area: area, origin: at)
    }

    static func check(_ name: String, _ outcome: CheckOutcome, ids: [String]) -> ConformanceCheck {
        ConformanceCheck(kind: .scenario, name: name, requirementIDs: ids, outcome: outcome)
    }

    @Test("passes only with at least one check and every check passed")
    func passes() {
        let r = Self.requirement("SESSION-X", area: "session")
        #expect(RequirementVerdict.judge(r, checks: [Self.check("a", .passed, ids: ["SESSION-X"])], unimplementedAreas: []).status == .passed)
        #expect(RequirementVerdict.judge(r, checks: [], unimplementedAreas: []).status == .notChecked)
    }

    @Test("an entry the catalog calls not checkable is reported so, with its reason, until a check names it")
    func notCheckable() {
        var r = Self.requirement("SESSION-X", area: "session")
        r.notCheckable = "advice, not behaviour"
        let verdict = RequirementVerdict.judge(r, checks: [], unimplementedAreas: [])
        #expect(verdict.status == .notCheckable && verdict.reason == "not checkable in a simulator: advice, not behaviour")
        #expect(RequirementVerdict.judge(r, checks: [Self.check("a", .passed, ids: ["SESSION-X"])], unimplementedAreas: []).status == .passed)
    }

    @Test("any failing check fails it, even beside passing ones")
    func fails() {
        let r = Self.requirement("SESSION-X", area: "session")
        let checks = [Self.check("a", .passed, ids: ["SESSION-X"]), Self.check("b", .failed("boom"), ids: ["SESSION-X"])]
        let verdict = RequirementVerdict.judge(r, checks: checks, unimplementedAreas: [])
        #expect(verdict.status == .failed)
        #expect(verdict.reason.contains("scenario b"))
    }

    @Test("a check that did not run keeps it from passing")
    func notRun() {
        let r = Self.requirement("SESSION-X", area: "session")
        let checks = [Self.check("a", .passed, ids: ["SESSION-X"]), Self.check("b", .notRun("no test results given"), ids: ["SESSION-X"])]
        let verdict = RequirementVerdict.judge(r, checks: checks, unimplementedAreas: [])
        #expect(verdict.status == .notChecked)
        #expect(verdict.reason.contains("no test results given"))
    }

    @Test("unchecked requirements of unsimulated areas are not yet implemented; checked ones are judged")
    func notYetImplemented() {
        let r = Self.requirement("ENGINE-X", area: "engine")
        #expect(RequirementVerdict.judge(r, checks: [], unimplementedAreas: ["engine"]).status == .notYetImplemented)
        #expect(RequirementVerdict.judge(r, checks: [Self.check("a", .passed, ids: ["ENGINE-X"])], unimplementedAreas: ["engine"]).status == .passed)
    }

    @Test("the built-in report counts every catalog entry exactly once")
    func countsAddUp() throws {
        let catalog = try RequirementCatalog.load()
        let id = catalog[0].id
        // A check naming the same requirement twice counts once.
        let report = ConformanceReport(catalog: catalog, checks: [Self.check("a", .passed, ids: [id, id])], scenarioRuns: [],
                                       platform: "ios17", testResultsGiven: false)
        #expect(report.total == catalog.count)
        #expect(RequirementStatus.allCases.map(report.count).reduce(0, +) == catalog.count)
        #expect(report.verdicts.first { $0.requirement.id == id }?.checks.count == 1)
        // Every catalog area is simulated now: nothing may be reported as not yet implemented.
        #expect((report.count(.notYetImplemented) > 0) == !UnimplementedAreas.names.isEmpty)
        #expect(Set(UnimplementedAreas.names).isSubset(of: Set(CatalogArea.all.map(\.name))))
    }
}
