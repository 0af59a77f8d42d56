import MediaServer
import VirtualDevices

/// Reads the long-form audio steps:
/// - `{ at: 1s, do: pick-route, ports: ["Living Room 1"] }`: the user picks AirPlay speakers for
///   long-form audio (an empty list goes back to the local route);
/// - `{ at: 5s, do: remote-command, command: pause, source: lock-screen }`: a remote control
///   sends a command to the Now Playing app (`skip-forward`/`skip-backward` take `interval:`,
///   `change-playback-position` takes `position:`, `change-playback-rate` takes `rate:`).
enum AirPlayStepParser {
    static let verbs = ["pick-route", "remote-command"]
    static let keys = ["ports", "command", "source", "interval", "position", "rate"]

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
        let names = simple.map(\.0) + ["skip-forward", "skip-backward", "change-playback-position", "change-playback-rate"]
        let name = try map.required("command").choice("remote command", names.map { ($0, $0) })
        if let command = simple.first(where: { $0.0 == name })?.1 { return command }
        switch name {
        case "skip-forward": return .skipForward(seconds: try seconds(map, "interval", default: 15))
        case "skip-backward": return .skipBackward(seconds: try seconds(map, "interval", default: 15))
        case "change-playback-position": return .changePlaybackPosition(seconds: try seconds(map, "position", default: nil))
        default: return .changePlaybackRate(Float(try map.required("rate").int("rate (percent)", in: 0...400)) / 100)
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
