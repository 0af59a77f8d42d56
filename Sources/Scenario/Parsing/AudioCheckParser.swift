import SimCore
import VirtualDevices

/// Reads `{ from:, to:, port:, audio:, channels: }` and `{ from:, to:, app:, recorded:, channels: }`
/// expectations.
enum AudioCheckParser {
    static let conditionKeys = ["tone", "no-tone", "level-above", "level-below", "above", "below", "aligned-with", "within"]

    /// A recording check without `to:` lasts until the end of the run, which is known only once
    /// every expectation is read: it carries this end until `Scenario.parse` sets the real one.
    static let untilTheEnd = HostTime.zero

    static func read(_ map: YAMLMapping, value: YAMLValue, scenario: Scenario, ports: PortNames) throws(SourceError) -> AudioCheck {
        let recording = map["recorded"] != nil
        let forms = recording ? "from:, to:, app:, recorded: and channels:" : "from:, to:, port:, audio: and channels:"
        let foreign = ["at", "notification", "error", "app-event", "refused", "state"] + (recording ? ["port", "audio"] : ["app"])
        for key in foreign where map[key] != nil {
            throw map[key]!.error("\(recording ? "a recording" : "an audio") expectation has \(forms), not \(key):")
        }
        let target: AudioTarget
        let from: HostTime, to: HostTime
        if recording {
            let app = try map.required("app").choice("app (declare it under apps:)", scenario.apps.map { ($0.name, $0.name) })
            target = .recording(app: app)
            from = try map["from"]?.time("from") ?? .zero
            to = try map["to"]?.time("to") ?? untilTheEnd
        } else {
            let port = try map.required("port")
            let name = try port.string("port (a name, UID or type)")
            try ports.check(name, .output, file: port.file, line: port.line, column: port.column)
            target = .port(name)
            from = try map.required("from").time("from")
            to = try map.required("to").time("to")
        }
        if map["to"] != nil || !recording, from >= to {
            throw (map["to"] ?? value).error("to: (\(to)) must come after from: (\(from))")
        }
        let channels = try map["channels"].map { list throws(SourceError) in
            try list.list("channels").map { v throws(SourceError) in try v.int("a channel number", in: 1...64) }
        }
        return AudioCheck(from: from, to: to, target: target, channels: channels,
                          condition: try condition(map.required(recording ? "recorded" : "audio")))
    }

    private static func condition(_ value: YAMLValue) throws(SourceError) -> AudioCondition {
        if case .scalar = value.node {
            return try value.choice("audio condition", [("silent", .silent), ("sounding", .sounding)])
        }
        let map = try value.mapping("an audio condition", allowed: conditionKeys)
        if let tone = map["tone"] {
            return try toneCondition(tone, map)
        }
        if let other = map["aligned-with"] {
            guard let within = map["within"] else { throw other.error("aligned-with: needs within: (e.g. { aligned-with: Kitchen, within: 1ms })") }
            return .alignedWith(try other.string("aligned-with (a port name, UID or type)"),
                                within: HostDuration(nanoseconds: try within.time("within").nanoseconds))
        }
        if let stray = map["above"] ?? map["below"] {
            throw stray.error("above: and below: bound a tone: write { tone: 1000, above: -20 }")
        }
        guard map.entries.count == 1, let (key, argument) = map.entries.first else {
            throw value.error("an audio condition is silent, sounding, { tone: Hz [, above: dBFS | below: dBFS] }, "
                + "{ no-tone: Hz }, { level-above: dBFS } or { level-below: dBFS }")
        }
        switch key.node.string ?? "" {
        case "no-tone": return .noTone(try argument.int("no-tone (Hz)", in: 20...20_000), belowDBFS: AudioCondition.toneDBFS)
        case "level-above": return .levelAbove(Double(try argument.int("level-above (dBFS)", in: -150...0)))
        default: return .levelBelow(Double(try argument.int("level-below (dBFS)", in: -150...0)))
        }
    }

    /// `{ tone: 1000 }`, `{ tone: 1000, above: -20 }` or `{ tone: 1000, below: -25 }`.
    private static func toneCondition(_ tone: YAMLValue, _ map: YAMLMapping) throws(SourceError) -> AudioCondition {
        let hertz = try tone.int("tone (Hz)", in: 20...20_000)
        let extra = map.entries.compactMap { $0.key.node.string }.filter { $0 != "tone" }
        guard extra.count <= 1, extra.allSatisfy({ $0 == "above" || $0 == "below" }) else {
            throw tone.error("a tone condition takes at most one of above: or below:, not \(extra.joined(separator: ", "))")
        }
        if let below = map["below"] { return .noTone(hertz, belowDBFS: Double(try below.int("below (dBFS)", in: -150...0))) }
        let above = try map["above"]?.int("above (dBFS)", in: -150...0)
        return .tone(hertz, atLeastDBFS: above.map(Double.init) ?? AudioCondition.toneDBFS)
    }
}
