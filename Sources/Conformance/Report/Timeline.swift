import MediaServer
import SimCore

/// What a scenario's timeline picture shows, read from its trace: per app, spans of session state;
/// the output route; notification markers; and gain steps when the trace has `audio.app.gain`.
public struct Timeline: Sendable, Equatable {
    public struct Span: Sendable, Equatable {
        public let label: String
        public let start: Int64
        public let end: Int64
    }

    public struct Marker: Sendable, Equatable {
        public let label: String
        public let time: Int64
    }

    public struct Lane: Sendable, Equatable {
        public let app: String
        /// `active`, `interrupted`, `ducked`, `silenced` spans.
        public var spans: [Span] = []
        public var markers: [Marker] = []
        /// (time, gain ‰) steps; empty when the trace has no gain lines.
        public var gain: [(time: Int64, perMille: Int64)] = []

        public static func == (a: Lane, b: Lane) -> Bool {
            a.app == b.app && a.spans == b.spans && a.markers == b.markers && a.gain.map(\.time) == b.gain.map(\.time)
                && a.gain.map(\.perMille) == b.gain.map(\.perMille)
        }
    }

    /// The level on one port channel (or an app's input tap) over the run: peak dBFS per step.
    public struct LevelLane: Sendable, Equatable {
        public let label: String
        public let stepNanoseconds: Int64
        public let peakDB: [Int64]
    }

    public var end: Int64
    public var lanes: [Lane]
    /// One lane per port channel, from the trace's `audio.levels` lines (the render path's output).
    public var levels: [LevelLane] = []
    /// The device's output route over time, by port UID, as the media server traced it
    /// (`route.changed`); "Built-in" before the first line.
    public var route: [Span]

    public init(trace: Trace) {
        let events = trace.events
        end = max(1, (events.last?.time.nanoseconds ?? 0) + 500_000_000)
        var lanes: [String: Lane] = [:]
        var order: [String] = []
        var open: [String: Int64] = [:]
        func lane(_ app: String) -> String {
            if lanes[app] == nil { lanes[app] = Lane(app: app); order.append(app) }
            return app
        }
        func begin(_ app: String, _ state: String, _ t: Int64) {
            if open["\(app)\u{0}\(state)"] == nil { open["\(app)\u{0}\(state)"] = t }
        }
        func finish(_ app: String, _ state: String, _ t: Int64) {
            guard let start = open.removeValue(forKey: "\(app)\u{0}\(state)") else { return }
            lanes[lane(app)]!.spans.append(Span(label: state, start: start, end: t))
        }
        var routeLabel = "Built-in"
        var routeStart: Int64 = 0
        var routeSpans: [Span] = []
        /// The device's route as the server traced it (`route.changed`): no re-deriving policy here.
        func setRoute(_ label: String, at t: Int64) {
            guard label != routeLabel else { return }
            if t > routeStart { routeSpans.append(Span(label: routeLabel, start: routeStart, end: t)) }
            routeLabel = label
            routeStart = t
        }
        for record in events.map(TraceRecord.init(decoding:)) {
            let t = record.time.nanoseconds
            switch record.fact {
            case let .other(.appRegistered, _): if let app = record.app { _ = lane(app) }
            case let .activated(app): begin(lane(app), "active", t)
            case let .deactivated(app): finish(app, "active", t)
            case let .ducked(app, on): on ? begin(lane(app), "ducked", t) : finish(app, "ducked", t)
            case let .silenced(app, on): on ? begin(lane(app), "silenced", t) : finish(app, "silenced", t)
            case let .notification(app, notification):
                if case let .interruption(type, _, _) = notification {
                    type == .began ? begin(lane(app), "interrupted", t) : finish(app, "interrupted", t)
                }
                lanes[lane(app)]!.markers.append(Marker(label: Self.label(notification), time: t))
            case let .appGain(app, perMille): lanes[lane(app)]!.gain.append((t, perMille))
            case let .levels(port, stepMs, peakDB):
                for (index, peaks) in peakDB.enumerated() {
                    let label = peakDB.count == 1 ? port : "\(port) \(index + 1)"
                    levels.append(LevelLane(label: label, stepNanoseconds: stepMs * 1_000_000, peakDB: peaks))
                }
            case let .routeChanged(route):
                setRoute(route.outputs.isEmpty ? "none" : route.outputs.map(\.uid).joined(separator: " + "), at: t)
            default: break
            }
        }
        for key in open.keys.sorted() {
            let parts = key.split(separator: "\u{0}").map(String.init)
            finish(parts[0], parts[1], end)
        }
        routeSpans.append(Span(label: routeLabel, start: routeStart, end: end))
        self.route = routeSpans
        self.lanes = order.map { name in
            var lane = lanes[name]!
            lane.spans.sort { ($0.start, $0.label) < ($1.start, $1.label) }
            return lane
        }
    }

    /// `interruption began`, `routeChange oldDeviceUnavailable`, `mediaServicesWereLost`: a marker's text.
    static func label(_ notification: SessionNotificationRecord) -> String {
        let name = notification.kind.notificationName ?? ""
        switch notification {
        case let .interruption(type, _, _): return "\(name) \(type)"
        case let .routeChange(reason, _): return "\(name) \(reason)"
        case let .silenceSecondaryAudioHint(type): return "\(name) \(type)"
        case let .inputMuteStateChange(muted), let .outputMuteStateChange(muted): return "\(name) \(muted ? "muted" : "unmuted")"
        case let .renderingModeChange(mode): return "\(name) \(mode)"
        case let .spatialPlaybackCapabilitiesChanged(enabled): return "\(name) \(enabled ? "spatial" : "not spatial")"
        case .mediaServicesWereLost, .mediaServicesWereReset, .userIntentToUnmuteOutput, .availableInputsChange: return name
        }
    }
}
