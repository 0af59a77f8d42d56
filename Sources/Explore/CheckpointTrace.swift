import Conformance
import MediaServer
import SimCore

/// The report rules' view of the run's records (`AppTrace`, which folds which apps are playing
/// before each line), made once per checkpoint from the records the monitor decoded, and shared
/// by every check that asks for it. A class, so the copies of a `Checkpoint` made per invariant
/// share one.
final class CheckpointTrace {
    private var made: AppTrace?

    func appTrace(of records: [TraceRecord]) -> AppTrace {
        if let made, made.records.count == records.count { return made }
        let trace = AppTrace(records: records)
        made = trace
        return trace
    }
}

extension Checkpoint {
    /// The records so far as the report's app rules read them, made on first use at this checkpoint.
    var appTrace: AppTrace { decodedTrace.appTrace(of: records) }
}

/// The run's trace as records, decoded line by line as checkpoints reach them: each line is
/// decoded once per run, however many checkpoints and invariants read it.
struct DecodedTrace {
    private(set) var records: [TraceRecord] = []

    /// Decodes the lines of `events` not decoded yet (a trace only grows) and returns them all.
    mutating func catchUp(with events: [TraceEvent]) -> [TraceRecord] {
        for index in records.count..<max(records.count, events.count) { records.append(TraceRecord(decoding: events[index])) }
        return records
    }
}
