import SimCore

/// The bench's verdict for one platform: every catalogued requirement with its status and checks,
/// the scenarios' traces (for timelines), and the platform rules the apps under test broke.
/// Everything is sorted, so the same inputs give the same report.
public struct ConformanceReport: Sendable {
    /// One area's counts, for the summary table.
    public struct AreaSummary: Sendable {
        public let area: String
        public let unimplemented: Bool
        public let counts: [RequirementStatus: Int]
        public var total: Int { counts.values.reduce(0, +) }
    }

    public let platform: String
    /// Sorted by requirement ID; one per catalog entry.
    public let verdicts: [RequirementVerdict]
    /// Every check, sorted by kind then name.
    public let checks: [ConformanceCheck]
    /// Scenario runs, sorted by file.
    public let scenarioRuns: [ScenarioChecks.Run]
    public let findings: [AppFinding]
    public let unimplementedAreas: [String]
    /// The unimplemented areas as the report's summary line names them ("none" when every area is simulated).
    public var unimplementedAreaList: String { unimplementedAreas.isEmpty ? "none" : unimplementedAreas.joined(separator: ", ") }
    /// Whether test results were given; without them test checks are "not run here".
    public let testResultsGiven: Bool
    /// What the IDs checks name stand for: a renamed requirement's old ID counts for it, a retired
    /// one for nothing (the report lists both).
    public let names: RequirementNames

    /// `retired`: the catalog's retired IDs (`RequirementCatalog.Contents.retired`), so checks
    /// naming them are listed with their replacements instead of as uncatalogued.
    public init(catalog: [Requirement], retired: [RetiredRequirement] = [], checks: [ConformanceCheck], scenarioRuns: [ScenarioChecks.Run],
                platform: String, testResultsGiven: Bool, unimplementedAreas: [String] = UnimplementedAreas.names,
                rules: [any AppRule] = AppRules.all) {
        let sortedChecks = checks.sorted { ($0.kind.rawValue, $0.name) < ($1.kind.rawValue, $1.name) }
        let names = RequirementNames(requirements: catalog, retired: retired)
        var byID: [String: [ConformanceCheck]] = [:]
        for check in sortedChecks {
            // A check naming an ID twice (or an ID and its alias) still counts once for it.
            for id in Set(check.requirementIDs.compactMap(names.current)) { byID[id, default: []].append(check) }
        }
        self.names = names
        self.platform = platform
        self.verdicts = catalog.sorted { $0.id < $1.id }.map {
            RequirementVerdict.judge($0, checks: byID[$0.id] ?? [], unimplementedAreas: unimplementedAreas, platform: platform)
        }
        self.checks = sortedChecks
        self.scenarioRuns = scenarioRuns.sorted { $0.file < $1.file }
        self.unimplementedAreas = unimplementedAreas.sorted()
        self.testResultsGiven = testResultsGiven
        self.findings = AppRules.findings(in: self.scenarioRuns, rules: rules)
    }

    public func count(_ status: RequirementStatus) -> Int { verdicts.filter { $0.status == status }.count }

    /// Passed requirements that also name checks which did not run here (tests without
    /// `--test-results`, scenarios pinned to another release): the summary says how many.
    public var passedWithChecksNotRunHere: Int { verdicts.filter { $0.status == .passed && !$0.notRunHere.isEmpty }.count }

    /// The summary's line about checks: how many of each kind, and what "not run here" means in this report.
    public var checksLine: String {
        let count = { (kind: ConformanceCheck.Kind) in self.checks.filter { $0.kind == kind }.count }
        var line = "Checks: \(count(.scenario)) scenarios, \(count(.builtIn)) built-in checks, \(count(.test)) tests naming requirements"
        line += testResultsGiven ? "." : " (no test results given: tests are not run here)."
        let elsewhere = checks.filter { $0.ranOn != nil }.count
        if elsewhere > 0 { line += " \(elsewhere) built-in checks of other releases' behaviour ran on those releases." }
        if passedWithChecksNotRunHere > 0 {
            line += " A requirement passes on the checks that ran; \(passedWithChecksNotRunHere) passed requirements also name checks not run here, listed with them."
        }
        return line
    }

    public var total: Int { verdicts.count }

    /// Areas in name order.
    public var areas: [AreaSummary] {
        let names = Set(verdicts.map(\.requirement.area)).sorted()
        return names.map { name in
            var counts: [RequirementStatus: Int] = [:]
            for verdict in verdicts where verdict.requirement.area == name { counts[verdict.status, default: 0] += 1 }
            return AreaSummary(area: name, unimplemented: unimplementedAreas.contains(name), counts: counts)
        }
    }

    /// IDs that checks name but the catalog never had (not even as an alias or a retired ID), with the checks naming them.
    public var uncataloguedIDs: [(id: String, checks: [String])] {
        namedIDs { names.meaning(of: $0) == .unknown }
    }

    /// Retired IDs checks still name, with those checks: they prove nothing until they name a replacement.
    public var retiredIDsInUse: [(entry: RetiredRequirement, checks: [String])] {
        namedIDs { names.retired[$0] != nil }.map { (names.retired[$0.id]!, $0.checks) }
    }

    /// Renamed requirements' old IDs, sorted, with the ID each counts for now.
    public var aliases: [(old: String, current: String)] {
        names.aliases.keys.sorted().map { ($0, names.aliases[$0]!) }
    }

    /// The "Renamed and retired IDs" section's entries, aliases first, then retired IDs (each with
    /// its advice and the checks still naming it): one walk for every writer, which adds markup.
    public var renamedAndRetired: [(id: String, renamedTo: String?, advice: String)] {
        let uses = Dictionary(retiredIDsInUse.map { ($0.entry.id, $0.checks) }, uniquingKeysWith: { first, _ in first })
        return aliases.map { ($0.old, $0.current, "") }
            + names.retired.values.sorted { $0.id < $1.id }.map { entry in
                (entry.id, nil, entry.advice + (uses[entry.id].map { "; still named by \($0.joined(separator: ", "))" } ?? ""))
            }
    }

    private func namedIDs(where include: (String) -> Bool) -> [(id: String, checks: [String])] {
        var found: [String: [String]] = [:]
        for check in checks { for id in Set(check.requirementIDs) where include(id) { found[id, default: []].append(check.label) } }
        return found.keys.sorted().map { ($0, found[$0]!) }
    }

    /// Failed checks make a report fail, and so does a check naming an ID the catalog lacks (it
    /// checks nothing while looking like a check); broken app rules do not (apps are expected to
    /// err in some scenarios).
    public var hasFailures: Bool { count(.failed) > 0 || !uncataloguedIDs.isEmpty }
}
