import Testing
@testable import BuiltInChecks
@testable import Conformance

/// The status rule: a check that ran and passed proves a requirement, one that ran and failed fails
/// it, and checks that did not run are listed but count neither way.
@Suite("Requirement statuses")
struct RequirementVerdictTests {
    static func requirement(_ id: String, area: String) -> Requirement {
        let at = CatalogLocation(file: "\(area).yaml", line: 1, column: 1)
        return Requirement(id: id, statement: "s", source: .doc("AVAudioEngine", at: at), platforms: ["ios17"], area: area, origin: at)
    }

    static func check(_ name: String, _ outcome: CheckOutcome, ids: [String]) -> ConformanceCheck {
        ConformanceCheck(kind: .scenario, name: name, requirementIDs: ids, outcome: outcome)
    }

    @Test("passes with a check that ran and passed; without any check it is not checked")
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

    @Test("a check that did not run counts neither way: the checks that ran decide, and the note lists it as not run here")
    func notRunDoesNotBlock() {
        let r = Self.requirement("SESSION-X", area: "session")
        let notRun = Self.check("b", .notRun("no test results given"), ids: ["SESSION-X"])
        let passing = RequirementVerdict.judge(r, checks: [Self.check("a", .passed, ids: ["SESSION-X"]), notRun], unimplementedAreas: [])
        #expect(passing.status == .passed)
        #expect(passing.reason == "passed by the checks that ran; not run here: scenario b (no test results given)")
        #expect(passing.notRunHere.map(\.name) == ["b"])
        let failing = RequirementVerdict.judge(r, checks: [Self.check("a", .failed("boom"), ids: ["SESSION-X"]), notRun], unimplementedAreas: [])
        #expect(failing.status == .failed && failing.reason == "failed: scenario a")
    }

    @Test("with only checks that did not run it is not checked, even when the catalog calls it not checkable")
    func onlyNotRun() {
        var r = Self.requirement("SESSION-X", area: "session")
        r.notCheckable = "advice"
        let verdict = RequirementVerdict.judge(r, checks: [Self.check("b", .notRun("written for ios6"), ids: ["SESSION-X"])], unimplementedAreas: [])
        #expect(verdict.status == .notChecked)
        #expect(verdict.reason == "no check ran here: scenario b (written for ios6)")
    }

    @Test("a check run on another release proves requirements of that release only, not what must hold on the report's")
    func ranOnAnotherRelease() {
        let at = CatalogLocation(file: "session.yaml", line: 1, column: 1)
        let old = Requirement(id: "SESSION-OLD", statement: "s", source: .doc("AVAudioSession", at: at), platforms: ["ios6"], area: "session", origin: at)
        let both = Requirement(id: "SESSION-BOTH", statement: "s", source: .doc("AVAudioSession", at: at), platforms: ["ios6", "ios17"], area: "session", origin: at)
        let check = ConformanceCheck(kind: .builtIn, name: "c", requirementIDs: ["SESSION-OLD", "SESSION-BOTH"], outcome: .passed, ranOn: "ios6")
        #expect(check.label == "check c [on ios6]")
        #expect(RequirementVerdict.judge(old, checks: [check], unimplementedAreas: [], platform: "ios17").status == .passed)
        let verdict = RequirementVerdict.judge(both, checks: [check], unimplementedAreas: [], platform: "ios17")
        #expect(verdict.status == .notChecked)
        #expect(verdict.reason == "no check ran here: check c [on ios6] (ran on ios6, and this requirement holds on ios17 too)")
    }

    @Test("the summary says how many passed requirements name checks not run here")
    func summaryCountsNotRunHere() throws {
        let catalog = try RequirementCatalog.load()
        let id = catalog[0].id
        let checks = [Self.check("a", .passed, ids: [id]),
                      ConformanceCheck(kind: .test, name: "T/T.swift: t", requirementIDs: [id], outcome: .notRun("no test results given (--test-results)"))]
        let report = ConformanceReport(catalog: catalog, checks: checks, scenarioRuns: [], platform: "ios17", testResultsGiven: false)
        #expect(report.passedWithChecksNotRunHere == 1)
        #expect(report.checksLine.contains("(no test results given: tests are not run here)"))
        #expect(report.checksLine.contains("1 passed requirements also name checks not run here"))
        #expect(MarkdownWriter.render(report).contains("test T/T.swift: t (not run here)"))
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
