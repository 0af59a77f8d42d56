import Foundation
import SimCore

extension EventScript {
    public static func load(file path: String) throws(SourceError) -> EventScript {
        return try parse(TextFile.read(path), file: path)
    }

    public static func parse(_ text: String, file: String) throws(SourceError) -> EventScript {
        let top = try YAMLValue.parse(text, file: file)
            .mapping("an event script", allowed: ["script", "profile", "seed", "accessories", "duration", "steps", "random"])
        var steps: [Step] = []
        for value in try top["steps"]?.list("steps") ?? [] {
            let step = try DeviceEventReader.read(value)
            if let previous = steps.last, step.at < previous.at {
                throw value.error("step at \(step.at) comes before the previous step at \(previous.at): steps must be in time order")
            }
            steps.append(step)
        }
        let lastStep = steps.last?.at ?? .zero
        let durationValue = top["duration"]
        let duration = try durationValue.map { v throws(SourceError) in try DeviceEventReader.duration(v, "duration") }
            ?? HostDuration(nanoseconds: lastStep.nanoseconds) + .seconds(1)
        if let durationValue, duration.nanoseconds < lastStep.nanoseconds {
            throw durationValue.error("duration \(duration) ends before the last step at \(lastStep)")
        }
        var randomEvents = 0
        if let random = top["random"] {
            randomEvents = try random.mapping("random", allowed: ["events"]).required("events")
                .int("random events", in: 0...10_000_000)
        }
        let profileName = try top["profile"]?.string("profile") ?? "iphone"
        let profile: DeviceProfile
        do { profile = try DeviceProfile.load(profileName) } catch {
            throw (top["profile"] ?? top.owner).error("device profile '\(profileName)': \(error.description)")
        }
        return EventScript(
            name: try top.required("script").string("script"), file: file,
            profile: profileName,
            seed: try top["seed"]?.seed() ?? 0,
            accessories: try AccessoryList.read(top["accessories"], profile: profile),
            steps: steps, randomEvents: randomEvents, duration: duration)
    }
}

/// Reads one `{ at:, do:, … }` step into a `DeviceEvent`, checking its arguments. Event scripts
/// and scenario files share it, so a device event is written the same way in both.
public enum DeviceEventReader {
    /// Every `do:` word that names a device event.
    public static let actions = DeviceVerb.scriptable.map(\.rawValue)

    static func read(_ value: YAMLValue) throws(SourceError) -> EventScript.Step {
        let map = try value.mapping("a step", allowed: ["at", "do", "accessory", "connector", "caller", "app", "for", "restart-after"])
        let at = HostTime(nanoseconds: try duration(map.required("at"), "at").nanoseconds)
        let verb = try map.required("do").choice("action", DeviceVerb.scriptable.map { ($0.rawValue, $0) })
        let event = try Self.event(verb, map)
        return EventScript.Step(at: at, event: event, line: value.line, column: value.column)
    }

    /// The event `verb` names, with its arguments read from the step's keys.
    public static func event(_ verb: DeviceVerb, _ map: YAMLMapping) throws(SourceError) -> DeviceEvent {
        func app() throws(SourceError) -> String { try map.required("app").string("app") }
        switch verb {
        case .attach:
            let connector = try map["connector"]?.choice("connector", Connector.allCases.map { ($0.rawValue, $0) })
            return .attach(try accessory(map.required("accessory")), connector: connector)
        case .detach: return .detach(accessory: try map.required("accessory").string("accessory"))
        case .bluetoothLinkLoss: return .bluetoothLinkLoss(accessory: try map.required("accessory").string("accessory"))
        case .ringerSilent: return .ringerSwitch(silent: true)
        case .ringerRing: return .ringerSwitch(silent: false)
        case .lockScreen: return .lockScreen
        case .unlockScreen: return .unlockScreen
        case .controlCenter: return .controlCenter
        case .dismissControlCenter: return .dismissControlCenter
        case .muteBuiltInMic: return .muteBuiltInMic
        case .unmuteBuiltInMic: return .unmuteBuiltInMic
        case .volumeUp: return .volumeUp
        case .volumeDown: return .volumeDown
        case .incomingCall: return .incomingCall(caller: try map["caller"]?.string("caller") ?? "Caller")
        case .answerCall: return .answerCall
        case .declineCall: return .declineCall
        case .hangUp: return .hangUp
        case .alarm: return .alarm
        case .dismissAlarm: return .dismissAlarm
        case .siri: return .siri
        case .siriEnd: return .siriEnd
        case .launch: return .launch(app: try app())
        case .foreground: return .foreground(app: try app())
        case .background: return .background(app: try app())
        case .suspend: return .suspend(app: try app())
        case .terminate: return .terminate(app: try app())
        case .mediaServerCrash:
            return .mediaServerCrash(restartDelay: try map["restart-after"].map { v throws(SourceError) in
                try duration(v, "restart-after")
            } ?? .seconds(1))
        case .networkDropout: return .networkDropout(duration: try duration(map.required("for"), "for"))
        case .mediaServerRestart: return .mediaServerRestart
        case .networkRestored: return .networkRestored
        }
    }

    public static func duration(_ value: YAMLValue, _ what: String) throws(SourceError) -> HostDuration {
        let text = try value.string(what)
        guard let duration = HostDuration(text) else {
            throw value.error("\(what) '\(text)' is not a time: write it like 250ms, 2s or 1m30s")
        }
        return duration
    }

    public static func accessory(_ value: YAMLValue) throws(SourceError) -> AccessoryKind {
        do { return try AccessoryKind(spec: try value.string("accessory")) } catch let error as AccessorySpecError {
            throw value.error(error.description)
        } catch let error as SourceError { throw error } catch { throw value.error("\(error)") }
    }
}
