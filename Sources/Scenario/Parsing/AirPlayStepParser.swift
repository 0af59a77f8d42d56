import MediaServer
import VirtualDevices

/// Reads the long-form audio steps:
/// - `{ at: 1s, do: pick-route, ports: ["Living Room 1"] }`: the user picks AirPlay speakers for
///   long-form audio (an empty list goes back to the local route);
/// - `{ at: 5s, do: remote-command, command: pause, source: lock-screen }`: a remote control
///   sends a command to the Now Playing app (`skip-forward`/`skip-backward` take `interval:`,
///   `change-playback-position` takes `position:`, `change-playback-rate` takes `rate:`;
///   `seek-forward`/`seek-backward` take `seek: begin|end`; `like`, `dislike` and `bookmark` take
///   `negative:`; `rating` takes `rating:`; `change-repeat-mode` takes `mode: off|one|all`,
///   `change-shuffle-mode` `mode: off|items|collections`; `enable-language-option` and
///   `disable-language-option` take `option:` (the identifier) and `setting:`).
enum AirPlayStepParser {
    static let verbs = ["pick-route", "remote-command"]
    static let keys = ["ports", "command", "source", "interval", "position", "rate", "seek", "negative", "rating", "mode", "option", "setting"]

    static func step(_ verb: String, _ map: YAMLMapping) throws(SourceError) -> StepAction {
        if verb == "pick-route" {
            let ports = try map.required("ports").list("ports").map { item throws(SourceError) in try item.string("port (a name, UID or type)") }
            return .pickRoute(ports)
        }
        let source = try map["source"]?.choice("remote command source", RemoteCommandSource.allCases.map { ($0.rawValue, $0) }) ?? .lockScreen
        return .remoteCommand(try command(map), source: source)
    }

    private static func command(_ map: YAMLMapping) throws(SourceError) -> RemoteCommand {
        let simple: [(String, RemoteCommand)] = [("play", .play), ("pause", .pause), ("toggle-play-pause", .togglePlayPause),
                                                 ("stop", .stop), ("next-track", .nextTrack), ("previous-track", .previousTrack)]
        let names = simple.map(\.0) + ["skip-forward", "skip-backward", "change-playback-position", "change-playback-rate",
                                       "seek-forward", "seek-backward", "like", "dislike", "bookmark", "rating",
                                       "change-repeat-mode", "change-shuffle-mode", "enable-language-option", "disable-language-option"]
        let name = try map.required("command").choice("remote command", names.map { ($0, $0) })
        if let command = simple.first(where: { $0.0 == name })?.1 { return command }
        let negative = try map["negative"]?.bool("negative") ?? false
        switch name {
        case "skip-forward": return .skipForward(seconds: try seconds(map, "interval", default: 15))
        case "skip-backward": return .skipBackward(seconds: try seconds(map, "interval", default: 15))
        case "change-playback-position": return .changePlaybackPosition(seconds: try seconds(map, "position", default: nil))
        case "change-playback-rate": return .changePlaybackRate(Float(try map.required("rate").int("rate (percent)", in: 0...400)) / 100)
        case "seek-forward", "seek-backward":
            let begin = try map.required("seek").choice("seek phase", [("begin", true), ("end", false)])
            return name == "seek-forward" ? .seekForward(begin: begin) : .seekBackward(begin: begin)
        case "like": return .like(negative: negative)
        case "dislike": return .dislike(negative: negative)
        case "bookmark": return .bookmark(negative: negative)
        case "rating": return .rating(Float(try map.required("rating").int("rating", in: 0...100)))
        case "change-repeat-mode": return .changeRepeatMode(try map.required("mode").choice("repeat mode", [("off", 0), ("one", 1), ("all", 2)]))
        case "change-shuffle-mode":
            return .changeShuffleMode(try map.required("mode").choice("shuffle mode", [("off", 0), ("items", 1), ("collections", 2)]))
        default:
            let option = try map.required("option").string("language option identifier")
            let settings: [(String, Int)] = [("none", 0), ("now-playing-item-only", 1), ("permanent", 2)]
            let setting = try map["setting"]?.choice("language option setting", settings) ?? 1
            return name == "enable-language-option" ? .enableLanguageOption(identifier: option, setting: setting)
                : .disableLanguageOption(identifier: option, setting: setting)
        }
    }

    private static func seconds(_ map: YAMLMapping, _ key: String, default value: Double?) throws(SourceError) -> Double {
        guard let item = map[key] else {
            if let value { return value }
            _ = try map.required(key)
            return 0
        }
        return Double(try item.time(key).nanoseconds) / 1e9
    }
}
