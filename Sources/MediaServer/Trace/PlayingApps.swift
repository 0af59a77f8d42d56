/// Which apps are playing, as one fold over a trace's records: an app model's `started` makes
/// its app playing, its `stopped` ends it, and a launch or termination starts the app over,
/// stopped (a killed app logs no `stopped`). Readers ask it at any line without rescanning.
public struct PlayingApps: Hashable, Sendable {
    public private(set) var playing: Set<String> = []

    public init() {}

    public func isPlaying(_ app: String) -> Bool { playing.contains(app) }

    /// Takes in one record, in trace order.
    public mutating func apply(_ record: TraceRecord) {
        switch record.fact {
        case let .app(event) where event.what == "started": playing.insert(event.app)
        case let .app(event) where event.what == "stopped": playing.remove(event.app)
        case let .device(event) where event.kind == .deviceLaunch || event.kind == .deviceTerminate:
            if let app = event.app { playing.remove(app) }
        default: break
        }
    }

    /// The playing apps just before each record (and after the last, at `records.count`), in one
    /// pass; unchanged sets share their storage.
    public static func beforeEach(_ records: [TraceRecord]) -> [PlayingApps] {
        var state = PlayingApps()
        var states: [PlayingApps] = []
        states.reserveCapacity(records.count + 1)
        for record in records {
            states.append(state)
            state.apply(record)
        }
        states.append(state)
        return states
    }
}
