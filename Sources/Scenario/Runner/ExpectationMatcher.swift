import MediaServer
import SimCore
import VirtualDevices

/// Matches a run's trace against the scenario's event expectations, in order.
///
/// Exhaustive (the default): every strict line — a notification, a failed API call, a refused
/// device event or step — must be expected, in the order it happened. App lines (`app.*`) and
/// successful calls may be expected but need not be.
///
/// A refused step must be expected (`refused: <verb>`) even when the scenario is not exhaustive:
/// a step that never happened would otherwise let the scenario pass on what it did not do.
struct ExpectationMatcher {
    let scenario: Scenario
    let trace: Trace

    static func isStrict(_ event: TraceEvent) -> Bool { isStrict(TraceRecord(decoding: event)) }

    static func isStrict(_ record: TraceRecord) -> Bool {
        switch record.fact {
        case .notification, .deviceRefused: true
        case let .api(call): !call.succeeded
        case let .other(kind, _): kind.isNotification || kind == .deviceRefused
        default: false
        }
    }

    func match() -> [ScenarioFailure] {
        // Without event expectations, a scenario that is not exhaustive (every one explore
        // generates) can fail here only on refused steps: decode just those lines, not the whole
        // trace. The failures are the same as the full pass's.
        if !scenario.exhaustive, !scenario.expectations.contains(where: { if case .event = $0.kind { true } else { false } }) {
            let refused = TraceKind.deviceRefused.rawValue
            return trace.events.indices.compactMap { index in
                trace.events[index].kind == refused ? unexpected(TraceRecord(decoding: trace.events[index]), at: index) : nil
            }
        }
        let events = trace.records
        var failures: [ScenarioFailure] = []
        var cursor = 0
        for expectation in scenario.expectations {
            guard case let .event(pattern) = expectation.kind else { continue }
            guard let found = events[cursor...].firstIndex(where: { matches($0, pattern, at: expectation.at) }) else {
                failures.append(missing(expectation, pattern, from: cursor))
                continue
            }
            failures += unexpected(in: cursor..<found, of: events)
            cursor = found + 1
        }
        failures += unexpected(in: cursor..<events.count, of: events)
        return failures
    }

    /// Whether a line must be expected: strict lines when the scenario is exhaustive, refused
    /// steps always.
    private func mustBeExpected(_ record: TraceRecord) -> Bool {
        if case .deviceRefused = record.fact { return true }
        return scenario.exhaustive && Self.isStrict(record)
    }

    private func matches(_ record: TraceRecord, _ pattern: EventPattern, at time: HostTime?) -> Bool {
        if let time, record.time != time { return false }
        guard pattern.isAbout(record) else { return false }
        let fields = record.fact.fields
        return pattern.fields.allSatisfy { field in
            switch field.match {
            case let .value(value): return fields[field.key] == value
            case let .portTypes(types):
                guard case let .notification(_, .routeChange(_, previous)) = record.fact else { return false }
                let ports = field.key == "previousInputs" ? previous.inputs : previous.outputs
                return ports.map(\.type) == types
            }
        }
    }

    private func missing(_ expectation: Expectation, _ pattern: EventPattern, from cursor: Int) -> ScenarioFailure {
        let by = expectation.at.map { "t=\($0)" } ?? "the end (t=\(scenario.duration))"
        let at = expectation.at.map { " at \($0)" } ?? ""
        let earliest = expectation.at ?? .zero
        let instead = trace.events[cursor...].first { Self.isStrict($0) && $0.time >= earliest }
        var details = expectation.at.map { stepContext(before: $0) } ?? []
        details.append("observed instead: " + (instead.map { TraceText.line(humanized($0)) } ?? "no further notification or error"))
        // Expectations are ordered: say so when the event did happen, before an earlier match.
        if let earlier = trace.records[..<cursor].first(where: { matches($0, pattern, at: expectation.at) }) {
            details.append("it was observed earlier (\(TraceText.line(humanized(earlier.event)))), before an event expected above it: expectations are matched in order")
        }
        return ScenarioFailure(line: expectation.line, column: expectation.column,
                               message: "expected \(pattern.summary)\(at) not observed by \(by)", details: details)
    }

    private func unexpected(in range: Range<Int>, of records: [TraceRecord]) -> [ScenarioFailure] {
        range.compactMap { unexpected(records[$0], at: $0) }
    }

    /// The failure for trace line `index` (`record`), when it had to be expected.
    private func unexpected(_ record: TraceRecord, at index: Int) -> ScenarioFailure? {
        guard mustBeExpected(record) else { return nil }
        let event = trace.events[index]
        let (number, step) = lastStep(before: index)
        if case let .deviceRefused(verb, reason, _) = record.fact, let step {
            return ScenarioFailure(line: step.line, column: step.column,
                                   message: "step \(number) (\(step.verb) at \(step.at)) was refused: \(reason)",
                                   details: ["a refused step fails the scenario unless expected: { at: \(step.at), refused: \(verb) }"])
        }
        let after = step.map { "after step \(number) (line \($0.line): \($0.verb) at \($0.at))" } ?? "before the first step"
        return ScenarioFailure(line: step?.line ?? 0, column: step?.column ?? 0,
                               message: "unexpected event \(after): \(TraceText.line(humanized(event)))", details: [])
    }

    /// The last `scenario.step` line before trace line `index`.
    private func lastStep(before index: Int) -> (Int, ScenarioStep?) {
        for event in trace.events[..<index].reversed() {
            guard case let .step(number, _, _) = TraceRecord(decoding: event).fact else { continue }
            guard number >= 1, Int(number) <= scenario.steps.count else { return (0, nil) }
            return (Int(number), scenario.steps[Int(number) - 1])
        }
        return (0, nil)
    }

    private func stepContext(before time: HostTime) -> [String] {
        guard let index = scenario.steps.lastIndex(where: { $0.at <= time }) else { return ["before the first step"] }
        let step = scenario.steps[index]
        return ["after step \(index + 1) (line \(step.line): \(step.verb) at \(step.at))"]
    }

    /// The type of a port as trace lines carry it (`{type, uid}`).
    static func portType(_ port: TraceValue) -> PortType? {
        guard case let .object(fields) = port, case let .string(type)? = fields["type"] else { return nil }
        return PortType(rawValue: type)
    }

    /// A list of ports as expectations name them: by type.
    static func humanizedList(_ value: TraceValue) -> TraceValue {
        guard case let .list(ports) = value else { return value }
        return .list(ports.map { port in portType(port).map { .string($0.rawValue) } ?? port })
    }

    /// The event with ports shown by type, as expectations name them.
    func humanized(_ event: TraceEvent) -> TraceEvent {
        var fields = event.fields
        for key in ["previousOutputs", "previousInputs"] {
            if let value = fields[key] { fields[key] = Self.humanizedList(value) }
        }
        return TraceEvent(time: event.time, kind: event.kind, fields: fields)
    }
}
