import Foundation

/// The summary `soundcheck explore` prints: what ran, what broke (shrunk, with the command that
/// reproduces it), and the coverage in the conformance report's terms — the requirement IDs the
/// invariants check and the policy transitions the runs reached.
public enum ExploreReport {
    public static func text(_ summary: Explorer.Summary, options: Explorer.Options, seconds: Double) -> String {
        var lines: [String] = []
        let rate = seconds > 0 ? Int(Double(summary.stepsRun) / seconds) : 0
        lines.append("explore seed \(options.seed), \(options.platform) on \(options.device), apps: "
            + options.apps.map(\.description).joined(separator: " "))
        lines.append("\(summary.runsCompleted) of \(options.runs) runs completed\(summary.stoppedEarly ? " (time budget reached)" : ""), "
            + "\(summary.stepsRun) steps, \(summary.failedRuns) failed runs; \(rate) steps/s")
        for problem in summary.invalidScripts { lines.append("INVALID \(problem)") }
        for (invariant, count) in summary.failuresByInvariant.sorted(by: { $0.key < $1.key }) {
            lines.append("FAIL \(invariant): \(count) runs")
        }
        for finding in summary.findings {
            lines.append("")
            lines.append("\(finding.failure.invariant) (\(finding.failure.requirements.joined(separator: ", "))), first in run \(finding.run):")
            lines.append("  \(finding.failure.message)")
            lines.append("  shrunk from \(finding.original.script.steps.count) to \(finding.minimal.steps.count) steps in \(finding.shrinkRuns) runs"
                + (finding.file.map { ": \($0)" } ?? ""))
            lines.append("  reproduce: \(finding.reproduce)")
        }
        lines.append("")
        lines.append("coverage: invariants checked after every step")
        for invariant in Invariant.platform + Invariant.app {
            let broken = summary.failuresByInvariant[invariant.id].map { "FAILED in \($0) runs" } ?? "held"
            lines.append("  \(invariant.id) [\(invariant.kind.rawValue)] \(invariant.requirements.joined(separator: ", ")): \(broken)")
        }
        lines.append("coverage: policy transitions reached (times)")
        for (transition, count) in summary.transitions.sorted(by: { $0.key < $1.key }) {
            let requirements = TransitionCoverage.requirements[transition].map { " → " + $0.joined(separator: ", ") } ?? ""
            lines.append("  \(transition): \(count)\(requirements)")
        }
        let reached = Set(summary.transitions.keys.flatMap { TransitionCoverage.requirements[$0] ?? [] })
        let checked = Set((Invariant.platform + Invariant.app).flatMap(\.requirements))
        lines.append("requirements reached by the runs: \(reached.sorted().joined(separator: ", "))")
        lines.append("requirements checked by the invariants: \(checked.sorted().joined(separator: ", "))")
        return lines.joined(separator: "\n") + "\n"
    }
}
