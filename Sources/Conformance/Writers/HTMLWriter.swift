import SimCore

/// `conformance.html`: the Markdown report's content as one self-contained page (inline CSS, no
/// scripts), plus a timeline picture for every scenario that ran.
public enum HTMLWriter {
    static let css = """
        body{font:14px/1.45 -apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:24px;color:#222;max-width:1200px}
        h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ddd}
        table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ddd;padding:3px 8px;vertical-align:top;text-align:left}
        th{background:#f4f4f4}td.n{text-align:right}.counts td{font-size:20px;text-align:center;padding:6px 16px}
        .passed{color:#1e7b34}.failed{color:#c0392b;font-weight:bold}.not-checked{color:#777}.not-checkable{color:#5a6b8c}.not-yet-implemented{color:#9a6b00}.not-run{color:#999;font-style:italic}
        code{font-size:12px}.small{font-size:12px;color:#555}
        svg.timeline{border:1px solid #ddd;background:#fcfcfc;margin:6px 0 18px}
        .grid{stroke:#eee}.tick{font-size:10px;fill:#777}.lane{font-size:12px;font-weight:bold;fill:#333}
        .on{font-size:11px;fill:#fff}.mark{font-size:10px;fill:#333}.marker{fill:#333}.gain{fill:none;stroke:#1f77b4;stroke-width:2}.level{fill:#4a6fa5}
        .finding{stroke:#c0392b;stroke-width:2;stroke-dasharray:3 2}.finding-text{font-size:10px;fill:#c0392b;font-weight:bold}
        .legend span{display:inline-block;width:12px;height:10px;margin:0 4px 0 12px}
        """

    public static func render(_ report: ConformanceReport) -> String {
        var h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Soundcheck conformance — \(escape(report.platform))</title>\n<style>\n\(css)\n</style></head><body>\n"
        h += "<h1>Soundcheck conformance — \(escape(report.platform))</h1>\n"
        h += "<table class=\"counts\"><tr><th>total</th><th>passed</th><th>failed</th><th>not yet implemented</th><th>not checkable</th><th>not checked</th></tr>"
        h += "<tr><td>\(report.total)</td><td class=\"passed\">\(report.count(.passed))</td><td class=\"failed\">\(report.count(.failed))</td>"
        h += "<td class=\"not-yet-implemented\">\(report.count(.notYetImplemented))</td><td class=\"not-checkable\">\(report.count(.notCheckable))</td><td class=\"not-checked\">\(report.count(.notChecked))</td></tr></table>\n"
        h += "<p>Not yet implemented (areas not simulated yet): \(escape(report.unimplementedAreaList)).<br>"
        h += escape(report.checksLine) + "</p>\n"
        h += "<h2>By area</h2>\n<table><tr><th>area</th><th>total</th><th>passed</th><th>failed</th><th>not yet implemented</th><th>not checkable</th><th>not checked</th></tr>\n"
        for area in report.areas {
            let c = area.counts
            h += "<tr><td>\(escape(area.area))\(area.unimplemented ? " <span class=\"small\">(not simulated yet)</span>" : "")</td><td class=\"n\">\(area.total)</td>"
            h += "<td class=\"n passed\">\(c[.passed] ?? 0)</td><td class=\"n failed\">\(c[.failed] ?? 0)</td><td class=\"n not-yet-implemented\">\(c[.notYetImplemented] ?? 0)</td><td class=\"n not-checkable\">\(c[.notCheckable] ?? 0)</td><td class=\"n not-checked\">\(c[.notChecked] ?? 0)</td></tr>\n"
        }
        h += "</table>\n"
        h += appSections(findings: report.findings, runs: report.scenarioRuns.map { ($0.file, $0.name, $0.check.outcome.word, $0.trace, $0.check.outcome.detail) })
        h += renamedAndRetired(report)
        h += "<h2>Requirements</h2>\n<table><tr><th>requirement</th><th>area</th><th>status</th><th>checks</th><th>note</th></tr>\n"
        for v in report.verdicts {
            let checks = v.checks.map { "\(escape($0.label)) (<span class=\"\($0.ran ? $0.outcome.word : "not-run")\">\($0.outcome.title)</span>)" }.joined(separator: "<br>")
            let formerly = v.requirement.aliases.isEmpty ? "" : " <span class=\"small\">(formerly \(v.requirement.aliases.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")))</span>"
            h += "<tr><td><code>\(escape(v.requirement.id))</code>\(formerly)<div class=\"small\">\(escape(v.requirement.statement))</div></td><td>\(escape(v.requirement.area))</td>"
            h += "<td class=\"\(v.status.rawValue)\">\(v.status.title)</td><td class=\"small\">\(checks)</td><td class=\"small\">\(escape(v.reason))</td></tr>\n"
        }
        return h + "</table>\n</body></html>\n"
    }

    /// The report's "Renamed and retired IDs" as a list.
    static func renamedAndRetired(_ report: ConformanceReport) -> String {
        let entries = report.renamedAndRetired
        guard !entries.isEmpty else { return "" }
        var h = "<h2>Renamed and retired IDs</h2>\n<p>Old IDs still load: a renamed requirement's old ID counts for it; a retired one "
        h += "loads with a warning and counts for nothing.</p>\n<ul>\n"
        for entry in entries {
            let text = entry.renamedTo.map { "renamed <code>\(escape($0))</code>" } ?? escape(entry.advice)
            h += "<li><code>\(escape(entry.id))</code>: \(text)</li>\n"
        }
        return h + "</ul>\n"
    }

    /// The report's app part alone, as its own page: `Bench.writeReport` writes it for a user's
    /// own scenarios and apps. A run: its file, scenario name, outcome word, trace and, when it
    /// did not run, why.
    public static func renderApps(title: String, findings: [AppFinding],
                                  runs: [(file: String, name: String, outcome: String, trace: Trace?, detail: String?)]) -> String {
        var h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escape(title))</title>\n<style>\n\(css)\n</style></head><body>\n"
        h += "<h1>\(escape(title))</h1>\n"
        return h + appSections(findings: findings, runs: runs) + "</body></html>\n"
    }

    /// The report's app part: the platform rules apps broke, then each scenario's timeline with
    /// them marked.
    static func appSections(findings: [AppFinding],
                                   runs: [(file: String, name: String, outcome: String, trace: Trace?, detail: String?)]) -> String {
        var h = "<h2>App conformance</h2>\n"
        if findings.isEmpty {
            h += "<p>No app broke a platform rule.</p>\n"
        } else {
            h += "<table><tr><th>scenario</th><th>app</th><th>step</th><th>t</th><th>rule broken</th></tr>\n"
            for f in findings {
                h += "<tr><td>\(escape(f.scenario))</td><td>\(escape(f.app))</td><td>\(escape(f.step))</td><td>\(Format.time(f.time))</td><td>\(escape(f.message)) <code>\(escape(f.rule))</code></td></tr>\n"
            }
            h += "</table>\n"
        }
        h += "<h2>Scenario timelines</h2>\n<p class=\"legend\">"
        for state in TimelineSVG.states { h += "<span style=\"background:\(TimelineSVG.colors[state]!)\"></span>\(state)" }
        h += " &nbsp;▼ notification &nbsp;— gain &nbsp;<span style=\"background:#c0392b;width:3px\"></span>broken app rule &nbsp;<span style=\"background:#4a6fa5\"></span>peak level per port channel (−60…0 dBFS)</p>\n"
        for run in runs {
            h += "<h3 id=\"\(escape(run.file))\">\(escape(run.name)) <span class=\"small\">\(escape(run.file)) — \(run.outcome)</span></h3>\n"
            if let trace = run.trace { h += TimelineSVG.render(Timeline(trace: trace), findings: findings.filter { $0.scenario == run.file }) } else { h += "<p class=\"small\">\(escape(run.detail ?? "not run"))</p>\n" }
        }
        return h
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
