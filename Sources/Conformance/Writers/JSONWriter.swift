import SimCore

/// `conformance.json`: canonical JSON (keys sorted, integers only, no whitespace but a final
/// newline), so it diffs and hashes stably.
public enum JSONWriter {
    public static func render(_ report: ConformanceReport) -> String {
        var counts: [String: TraceValue] = ["total": .integer(report.total)]
        for status in RequirementStatus.allCases { counts[status.rawValue] = .integer(report.count(status)) }
        let areas: [TraceValue] = report.areas.map { area in
            var fields: [String: TraceValue] = ["area": .string(area.area), "simulated": .bool(!area.unimplemented), "total": .integer(area.total)]
            for status in RequirementStatus.allCases { fields[status.rawValue] = .integer(area.counts[status] ?? 0) }
            return .object(fields)
        }
        let requirements: [TraceValue] = report.verdicts.map { v in
            var fields: [String: TraceValue] = [
                "id": .string(v.requirement.id), "area": .string(v.requirement.area), "status": .string(v.status.rawValue),
                "statement": .string(v.requirement.statement), "platforms": .list(v.requirement.platforms.map { .string($0) }),
                "checks": .list(v.checks.map { .string($0.label) }), "reason": .string(v.reason),
            ]
            if !v.requirement.aliases.isEmpty { fields["aliases"] = .list(v.requirement.aliases.map { .string($0) }) }
            return .object(fields)
        }
        let retired: [TraceValue] = report.names.retired.values.sorted { $0.id < $1.id }.map { entry in
            .object(["id": .string(entry.id), "replacedBy": .list(entry.replacedBy.map { .string($0) }), "why": .string(entry.why)])
        }
        let checks: [TraceValue] = report.checks.map { c in
            var fields: [String: TraceValue] = ["kind": .string(c.kind.rawValue), "name": .string(c.name), "outcome": .string(c.outcome.word),
                                                "detail": c.outcome.detail.map { .string($0) } ?? .null,
                                                "requirements": .list(c.requirementIDs.map { .string($0) })]
            if let ranOn = c.ranOn { fields["ranOn"] = .string(ranOn) }
            return .object(fields)
        }
        let findings: [TraceValue] = report.findings.map { f in
            .object(["rule": .string(f.rule), "message": .string(f.message), "app": .string(f.app),
                     "scenario": .string(f.scenario), "step": .string(f.step), "t": .int(f.time)])
        }
        // Each scenario's trace digest: two reports agree on these only if every run was byte for
        // byte the same, so comparing reports (Tools/test diffs against the committed one, made on
        // another machine) checks determinism across processes and machines.
        let traces: [TraceValue] = report.scenarioRuns.compactMap { run in
            run.trace.map { .object(["scenario": .string(run.file), "sha256": .string($0.contentHash)]) }
        }
        let root: TraceValue = .object([
            "format": "soundcheck-conformance/1", "platform": .string(report.platform), "counts": .object(counts),
            "notYetImplementedAreas": .list(report.unimplementedAreas.map { .string($0) }),
            "testResultsGiven": .bool(report.testResultsGiven),
            "areas": .list(areas), "requirements": .list(requirements), "checks": .list(checks), "appFindings": .list(findings),
            "scenarioTraces": .list(traces), "retiredIDs": .list(retired),
        ])
        return CanonicalJSON.encode(root) + "\n"
    }
}
