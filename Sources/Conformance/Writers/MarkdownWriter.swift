/// `conformance.md`: the counts first (adding up to the catalog), then areas, then one row per
/// requirement, then the rules apps broke. No timestamps: same inputs, same bytes.
public enum MarkdownWriter {
    public static func render(_ report: ConformanceReport) -> String {
        var md = "# Soundcheck conformance — \(report.platform)\n\n"
        md += "| total | passed | failed | not yet implemented | not checkable | not checked |\n| ---: | ---: | ---: | ---: | ---: | ---: |\n"
        md += "| \(report.total) | \(report.count(.passed)) | \(report.count(.failed)) | \(report.count(.notYetImplemented)) "
        md += "| \(report.count(.notCheckable)) | \(report.count(.notChecked)) |\n\n"
        md += "Not yet implemented (areas the simulator does not cover yet): \(report.unimplementedAreaList).\n"
        md += report.checksLine + "\n"
        md += "\n## By area\n\n| area | total | passed | failed | not yet implemented | not checkable | not checked |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for area in report.areas {
            let c = area.counts
            md += "| \(area.area)\(area.unimplemented ? " (not simulated yet)" : "") | \(area.total) | \(c[.passed] ?? 0) | \(c[.failed] ?? 0) | \(c[.notYetImplemented] ?? 0) | \(c[.notCheckable] ?? 0) | \(c[.notChecked] ?? 0) |\n"
        }
        md += "\n## App conformance\n\n"
        if report.findings.isEmpty {
            md += "No app broke a platform rule.\n"
        } else {
            md += "| scenario | app | step | t | rule broken |\n| --- | --- | --- | ---: | --- |\n"
            for f in report.findings {
                md += "| \(cell(f.scenario)) | \(cell(f.app)) | \(cell(f.step)) | \(Format.time(f.time)) | \(cell(f.message)) (`\(f.rule)`) |\n"
            }
        }
        let unknown = report.uncataloguedIDs
        if !unknown.isEmpty {
            md += "\n## Uncatalogued IDs named by checks\n\n"
            for entry in unknown { md += "- `\(entry.id)`: \(entry.checks.joined(separator: ", "))\n" }
        }
        md += renamedAndRetired(report)
        md += "\n## Requirements\n\n| requirement | area | status | checks | note |\n| --- | --- | --- | --- | --- |\n"
        for v in report.verdicts {
            let checks = v.checks.map { "\($0.label) (\($0.outcome.title))" }.joined(separator: "<br>")
            md += "| `\(v.requirement.id)`\(formerly(v.requirement)) | \(v.requirement.area) | \(v.status.title) | \(cell(checks)) | \(cell(v.reason)) |\n"
        }
        return md
    }

    /// Old IDs that still load: renamed requirements' aliases, retired IDs with their replacements,
    /// and the checks still naming a retired ID (they prove nothing until they name a replacement).
    static func renamedAndRetired(_ report: ConformanceReport) -> String {
        let entries = report.renamedAndRetired
        guard !entries.isEmpty else { return "" }
        var md = "\n## Renamed and retired IDs\n\nOld IDs still load: a renamed requirement's old ID counts for it; a retired one "
        md += "loads with a warning and counts for nothing.\n\n"
        for entry in entries {
            md += "- `\(entry.id)`: " + (entry.renamedTo.map { "renamed `\($0)`" } ?? entry.advice) + "\n"
        }
        return md
    }

    /// " (formerly `OLD`)" after a renamed requirement's ID.
    static func formerly(_ requirement: Requirement) -> String {
        requirement.aliases.isEmpty ? "" : " (formerly " + requirement.aliases.map { "`\($0)`" }.joined(separator: ", ") + ")"
    }

    /// A table cell: one line, pipes escaped.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

/// Shared formatting for the writers.
enum Format {
    /// Integer nanoseconds as `2.5s` / `100ms` / `0s`, exact (no floating point).
    static func time(_ ns: Int64) -> String {
        if ns % 1_000_000_000 == 0 { return "\(ns / 1_000_000_000)s" }
        if ns % 1_000_000 == 0 { return "\(ns / 1_000_000)ms" }
        if ns % 1_000 == 0 { return "\(ns / 1_000)us" }
        return "\(ns)ns"
    }
}
