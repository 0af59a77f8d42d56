import Conformance
import Explore
import Foundation

extension Bench {
    /// Writes the conformance report's app part for your scenarios into `folder`: `apps.html`
    /// (the platform rules your apps broke, and every scenario's timeline with them marked) and
    /// `junit.xml` (one test case per scenario, failed with its report when it did not pass), for
    /// a CI system to show. The same outcomes give the same bytes.
    public func writeReport(_ outcomes: [ScenarioOutcome], to folder: URL, title: String = "Soundcheck — your apps") throws {
        let sorted = outcomes.sorted { $0.file < $1.file }
        let html = HTMLWriter.renderApps(title: title, findings: sorted.flatMap(\.appFindings), runs: sorted.map { outcome in
            (outcome.file, outcome.result?.scenario.name ?? outcome.file, outcome.passed ? "passed" : "failed",
             outcome.result?.trace, outcome.error)
        })
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(html.utf8).write(to: folder.appendingPathComponent("apps.html"))
        try Data(Self.junit(sorted).utf8).write(to: folder.appendingPathComponent("junit.xml"))
    }

    static func junit(_ outcomes: [ScenarioOutcome]) -> String {
        let failed = outcomes.filter { $0.result != nil && !$0.passed }.count
        let errors = outcomes.filter { $0.result == nil }.count
        let counts = "tests=\"\(outcomes.count)\" failures=\"\(failed)\" errors=\"\(errors)\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites \(counts)>\n  <testsuite name=\"your apps\" \(counts)>\n"
        for outcome in outcomes {
            let name = JUnitWriter.escape(outcome.result?.scenario.name ?? outcome.file)
            xml += "    <testcase classname=\"scenarios\" name=\"\(name)\" file=\"\(JUnitWriter.escape(outcome.file))\""
            if let error = outcome.error {
                xml += ">\n      <error message=\"\(JUnitWriter.escape(error))\"/>\n    </testcase>\n"
            } else if !outcome.passed {
                let first = outcome.failures.first?.message ?? outcome.appFindings.first.map { "\($0.app) \($0.message)" }
                    ?? outcome.invariantFailures.first?.message ?? "failed"
                xml += ">\n      <failure message=\"\(JUnitWriter.escape(first))\">\(JUnitWriter.escape(outcome.description))</failure>\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }
}
