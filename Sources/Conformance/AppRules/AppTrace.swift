import MediaServer
import SimCore

/// A scenario trace as records, with the questions app rules ask of it: whether an app was
/// playing at a line (one fold, `PlayingApps`), the category it had set, and the step that ran last.
public struct AppTrace: Sendable {
    public let records: [TraceRecord]
    /// The playing apps before each record.
    private let playing: [PlayingApps]

    public init(_ events: [TraceEvent]) {
        self.init(records: events.map(TraceRecord.init(decoding:)))
    }

    /// From records already decoded (explore decodes each line once, as the run goes).
    public init(records: [TraceRecord]) {
        self.records = records
        playing = PlayingApps.beforeEach(records)
    }

    public var indices: Range<Int> { records.indices }

    public func app(_ index: Int) -> String? { records[index].app }

    /// The app model's event at `index` (`app.<model>.<what>`), when the line is one.
    public func appEvent(_ index: Int) -> AppEventRecord? {
        if case let .app(event) = records[index].fact { event } else { nil }
    }

    /// Whether `app`'s model logged `what` (`started`, `stopped`) at `index`.
    public func isAppEvent(_ index: Int, _ what: String, of app: String? = nil) -> Bool {
        guard let event = appEvent(index) else { return false }
        return event.what == what && (app == nil || event.app == app)
    }

    /// Whether `app` was playing just before line `index`.
    public func isPlaying(_ app: String, before index: Int) -> Bool {
        playing[index].isPlaying(app)
    }

    /// The category `app` last set successfully before line `index`.
    public func category(of app: String, before index: Int) -> String? {
        for i in stride(from: index - 1, through: 0, by: -1) {
            if case let .api(call) = records[i].fact, call.app == app, call.call == .apiSetCategory, call.succeeded {
                return call.string("category")
            }
        }
        return nil
    }

    /// Lines at the same time as `index`, after it.
    public func sameTime(after index: Int) -> Range<Int> {
        var end = index + 1
        while end < records.count, records[end].time == records[index].time { end += 1 }
        return (index + 1)..<end
    }

    /// Lines at the same time as `index`, before it, nearest first.
    public func sameTime(before index: Int) -> [Int] {
        (0..<index).reversed().prefix { records[$0].time == records[index].time }
    }

    /// The last `scenario.step` at or before `index`.
    public func step(before index: Int) -> String {
        for i in stride(from: index, through: 0, by: -1) {
            if case let .step(number, verb, _) = records[i].fact { return "step \(number) (\(verb))" }
        }
        return "before the first step"
    }
}
