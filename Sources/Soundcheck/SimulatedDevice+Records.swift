import MediaServer
import SimCore

/// The trace as typed records, for tests that ask more than notifications and port audio.
extension SimulatedDevice {
    /// Every line so far as a record (`TraceRecord`), in order.
    public var records: [TraceRecord] { trace.records }

    /// Trace lines of one kind, optionally for one app (`events(.notifyInterruption, app: "Podcasts")`).
    public func events(_ kind: TraceKind, app: String? = nil) -> [TraceEvent] {
        trace.events.filter { TraceKind(rawValue: $0.kind) == kind && (app == nil || $0.fields["app"] == .string(app!)) }
    }
}
