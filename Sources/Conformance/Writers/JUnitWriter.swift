/// `junit.xml`: one test case per requirement, grouped by area; failed → `failure`, not checked
/// and not yet implemented → `skipped` with the reason. No times, so the bytes are stable.
public enum JUnitWriter {
    public static func render(_ report: ConformanceReport) -> String {
        let failures = report.count(.failed)
        let skipped = report.count(.notChecked) + report.count(.notYetImplemented) + report.count(.notCheckable)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"soundcheck conformance \(escape(report.platform))\" tests=\"\(report.total)\" failures=\"\(failures)\" skipped=\"\(skipped)\">\n"
        for area in report.areas {
            let verdicts = report.verdicts.filter { $0.requirement.area == area.area }
            xml += "  <testsuite name=\"\(escape(area.area))\" tests=\"\(area.total)\" failures=\"\(area.counts[.failed] ?? 0)\" "
            let areaSkipped = [RequirementStatus.notChecked, .notYetImplemented, .notCheckable].reduce(0) { $0 + (area.counts[$1] ?? 0) }
            xml += "skipped=\"\(areaSkipped)\">\n"
            for v in verdicts {
                xml += "    <testcase classname=\"conformance.\(escape(area.area))\" name=\"\(escape(v.requirement.id))\""
                switch v.status {
                case .passed: xml += "/>\n"
                case .failed:
                    let detail = v.checks.compactMap { c in c.outcome.detail.map { "\(c.label):\n\($0)" } }.joined(separator: "\n")
                    xml += ">\n      <failure message=\"\(escape(v.reason))\">\(escape(detail))</failure>\n    </testcase>\n"
                case .notChecked, .notYetImplemented, .notCheckable:
                    xml += ">\n      <skipped message=\"\(escape(v.status.title + ": " + v.reason))\"/>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    public static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
