import SimCore

extension ScenarioResult {
    /// The `expect:` entries that the run's strict lines would satisfy, in order: a starting
    /// point when writing a scenario (`soundcheck run --suggest`), to be read, not trusted.
    public var suggestedExpectations: String {
        var lines: [String] = []
        for event in trace.events where ExpectationMatcher.isStrict(event) {
            var parts = ["at: \(HostDuration(nanoseconds: event.time.nanoseconds))"]
            if case let .string(app)? = event.fields["app"] { parts.append("app: \(app)") }
            let kind = event.kind
            if kind.hasPrefix("notify.") {
                parts.append("notification: \(kind.dropFirst("notify.".count))")
                for (key, name) in [("type", "type"), ("reason", "reason"), ("options", "options")] {
                    if let value = event.fields[key] { parts.append("\(name): \(TraceText.value(value))") }
                }
                if let value = event.fields["previousOutputs"] {
                    parts.append("previous-outputs: \(TraceText.value(ExpectationMatcher.humanizedList(value)))")
                }
            } else if kind.hasPrefix("api.") {
                parts.append("error: \(TraceText.value(event.fields["result"] ?? .null))")
                parts.append("call: \(kind.dropFirst("api.".count))")
            } else {
                parts.append("refused: \(TraceText.value(event.fields["event"] ?? .null))")
            }
            lines.append("  - { " + parts.joined(separator: ", ") + " }")
        }
        return "expect:\n" + lines.joined(separator: "\n") + "\n"
    }
}
