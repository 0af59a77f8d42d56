import Conformance
import SimCore

/// The run's trace decoded into records (`AppTrace`) once per checkpoint, shared by every check
/// that asks for it. The conformance report's app rules each read the whole trace as records at a
/// run's end; decoding it afresh for each rule was a twelfth of `soundcheck explore`'s time.
/// A class, so the copies of a `Checkpoint` made per invariant share one decoding.
final class CheckpointTrace {
    private var decoded: AppTrace?

    func appTrace(of events: [TraceEvent]) -> AppTrace {
        if let decoded, decoded.events.count == events.count { return decoded }
        let made = AppTrace(events)
        decoded = made
        return made
    }
}

extension Checkpoint {
    /// The trace so far as records, decoded on first use at this checkpoint.
    var appTrace: AppTrace { decodedTrace.appTrace(of: events) }
}
