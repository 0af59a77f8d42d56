/// JUnit XML for CI systems: one test case per scenario, in the folder's "class".
enum JUnitReport {
    static func xml(_ outcomes: [ScenarioSummary]) -> String {
        let failures = outcomes.filter { $0.error == nil && !$0.passed }.count
        let errors = outcomes.filter { $0.error != nil }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        xml += "  <testsuite name=\"soundcheck scenarios\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for outcome in outcomes {
            let folder = outcome.file.split(separator: "/").dropLast().joined(separator: ".")
            let name = outcome.name
            xml += "    <testcase classname=\"\(escape(folder.isEmpty ? "scenarios" : folder))\" name=\"\(escape(name))\" file=\"\(escape(outcome.file))\""
            if let error = outcome.error {
                xml += ">\n      <error message=\"\(escape(error))\"/>\n    </testcase>\n"
            } else if !outcome.passed {
                let message = outcome.firstFailure ?? "failed"
                xml += ">\n      <failure message=\"\(escape(message))\">\(escape(outcome.failureReport))</failure>\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
