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
    public static let actions = [
        "attach", "detach", "ringer-silent", "ringer-ring", "lock-screen", "unlock-screen", "control-center",
        "dismiss-control-center", "volume-up", "volume-down", "mute-built-in-mic", "unmute-built-in-mic",
        "incoming-call", "answer-call", "decline-call", "hang-up", "alarm", "dismiss-alarm", "siri", "siri-end",
        "launch", "foreground", "background", "suspend", "terminate", "media-server-crash", "bluetooth-link-loss",
        "network-dropout",
    ]

    static func read(_ value: YAMLValue) throws(SourceError) -> EventScript.Step {
        let map = try value.mapping("a step", allowed: ["at", "do", "accessory", "connector", "caller", "app", "for", "restart-after"])
        let at = HostTime(nanoseconds: try duration(map.required("at"), "at").nanoseconds)
        let action = try map.required("do").choice("action", actions.map { ($0, $0) })
        let event = try Self.event(action, map)
        return EventScript.Step(at: at, event: event, line: value.line, column: value.column)
    }

    /// The event `action` names, with its arguments read from the step's keys.
    public static func event(_ action: String, _ map: YAMLMapping) throws(SourceError) -> DeviceEvent {
        func app() throws(SourceError) -> String { try map.required("app").string("app") }
        switch action {
        case "attach":
            let connector = try map["connector"]?.choice("connector", Connector.allCases.map { ($0.rawValue, $0) })
            return .attach(try accessory(map.required("accessory")), connector: connector)
        case "detach": return .detach(accessory: try map.required("accessory").string("accessory"))
        case "bluetooth-link-loss": return .bluetoothLinkLoss(accessory: try map.required("accessory").string("accessory"))
        case "ringer-silent": return .ringerSwitch(silent: true)
        case "ringer-ring": return .ringerSwitch(silent: false)
        case "lock-screen": return .lockScreen
        case "unlock-screen": return .unlockScreen
        case "control-center": return .controlCenter
        case "dismiss-control-center": return .dismissControlCenter
        case "mute-built-in-mic": return .muteBuiltInMic
        case "unmute-built-in-mic": return .unmuteBuiltInMic
        case "volume-up": return .volumeUp
        case "volume-down": return .volumeDown
        case "incoming-call": return .incomingCall(caller: try map["caller"]?.string("caller") ?? "Caller")
        case "answer-call": return .answerCall
        case "decline-call": return .declineCall
        case "hang-up": return .hangUp
        case "alarm": return .alarm
        case "dismiss-alarm": return .dismissAlarm
        case "siri": return .siri
        case "siri-end": return .siriEnd
        case "launch": return .launch(app: try app())
        case "foreground": return .foreground(app: try app())
        case "background": return .background(app: try app())
        case "suspend": return .suspend(app: try app())
        case "terminate": return .terminate(app: try app())
        case "media-server-crash":
            return .mediaServerCrash(restartDelay: try map["restart-after"].map { v throws(SourceError) in
                try duration(v, "restart-after")
            } ?? .seconds(1))
        default: // network-dropout
            return .networkDropout(duration: try duration(map.required("for"), "for"))
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
