/// JUnit XML for CI systems: one test case per scenario, in the folder's "class".
enum JUnitReport {
    static func xml(_ outcomes: [ScenarioOutcome]) -> String {
        let failures = outcomes.filter { $0.result != nil && !$0.passed }.count
        let errors = outcomes.filter { $0.result == nil }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        xml += "  <testsuite name=\"soundcheck scenarios\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for outcome in outcomes {
            let folder = outcome.file.split(separator: "/").dropLast().joined(separator: ".")
            let name = outcome.result?.scenario.name ?? outcome.file
            xml += "    <testcase classname=\"\(escape(folder.isEmpty ? "scenarios" : folder))\" name=\"\(escape(name))\" file=\"\(escape(outcome.file))\""
            if let error = outcome.error {
                xml += ">\n      <error message=\"\(escape(error))\"/>\n    </testcase>\n"
            } else if let result = outcome.result, !result.passed {
                let message = result.failures.first?.message ?? "failed"
                xml += ">\n      <failure message=\"\(escape(message))\">\(escape(result.failureReport))</failure>\n    </testcase>\n"
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
