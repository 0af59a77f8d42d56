import MediaServer
import SimCore

extension ScenarioResult {
    /// The `expect:` entries that the run's strict lines would satisfy, in order: a starting
    /// point when writing a scenario (`soundcheck run --suggest`), to be read, not trusted.
    public var suggestedExpectations: String {
        var lines: [String] = []
        for record in trace.records where ExpectationMatcher.isStrict(record) {
            var parts = ["at: \(HostDuration(nanoseconds: record.time.nanoseconds))"]
            if let app = record.app { parts.append("app: \(app)") }
            let event = record.event
            if let name = record.kind?.notificationName {
                parts.append("notification: \(name)")
                for (key, name) in [("type", "type"), ("reason", "reason"), ("options", "options")] {
                    if let value = event.fields[key] { parts.append("\(name): \(TraceText.value(value))") }
                }
                if let value = event.fields["previousOutputs"] {
                    parts.append("previous-outputs: \(TraceText.value(ExpectationMatcher.humanizedList(value)))")
                }
            } else if let call = record.kind?.apiCall {
                parts.append("error: \(TraceText.value(event.fields["result"] ?? .null))")
                parts.append("call: \(call)")
            } else {
                parts.append("refused: \(TraceText.value(event.fields["event"] ?? .null))")
            }
            lines.append("  - { " + parts.joined(separator: ", ") + " }")
        }
        return "expect:\n" + lines.joined(separator: "\n") + "\n"
    }
}
