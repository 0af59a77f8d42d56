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
        for event in events {
            let t = event.time.nanoseconds
            let app: String? = if case let .string(name)? = event.fields["app"] { name } else { nil }
            func text(_ key: String) -> String? { if case let .string(v)? = event.fields[key] { v } else { nil } }
            func flag(_ key: String) -> Bool? { if case let .bool(v)? = event.fields[key] { v } else { nil } }
            switch event.kind {
            case "app.registered": if let app { _ = lane(app) }
            case "session.activated": if let app { begin(lane(app), "active", t) }
            case "session.deactivated": if let app { finish(app, "active", t) }
            case "session.ducked", "session.silenced":
                let state = event.kind == "session.ducked" ? "ducked" : "silenced"
                if let app { flag(state) == true ? begin(lane(app), state, t) : finish(app, state, t) }
            case "notify.interruption":
                guard let app else { break }
                if text("type") == "began" { begin(lane(app), "interrupted", t) } else { finish(app, "interrupted", t) }
                lanes[lane(app)]!.markers.append(Marker(label: "interruption \(text("type") ?? "")", time: t))
            case "notify.routeChange", "notify.silenceSecondaryAudioHint", "notify.mediaServicesWereLost", "notify.mediaServicesWereReset":
                guard let app else { break }
                let detail = text("reason") ?? text("type") ?? ""
                lanes[lane(app)]!.markers.append(Marker(label: String(event.kind.dropFirst(7)) + (detail.isEmpty ? "" : " \(detail)"), time: t))
            case "audio.app.gain":
                if let app, case let .int(g)? = event.fields["gainPerMille"] { lanes[lane(app)]!.gain.append((t, g)) }
            case "audio.levels":
                guard let port = text("port"), case let .int(stepMs)? = event.fields["stepMs"],
                      case let .list(channels)? = event.fields["peakDB"] else { break }
                for (index, channel) in channels.enumerated() {
                    guard case let .list(values) = channel else { continue }
                    let peaks = values.compactMap { value -> Int64? in if case let .int(db) = value { db } else { nil } }
                    let label = channels.count == 1 ? port : "\(port) \(index + 1)"
                    levels.append(LevelLane(label: label, stepNanoseconds: stepMs * 1_000_000, peakDB: peaks))
                }
            case "route.changed":
                guard case let .list(ports)? = event.fields["outputs"] else { break }
                let names = ports.compactMap { port -> String? in
                    if case let .object(fields) = port, case let .string(uid)? = fields["uid"] { uid } else { nil }
                }
                setRoute(names.isEmpty ? "none" : names.joined(separator: " + "), at: t)
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
}
