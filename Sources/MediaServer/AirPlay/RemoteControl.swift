import SimCore
import VirtualDevices

/// A remote-control command as the system delivers it to the Now Playing app (lock screen,
/// Control Center, a headset's button, a car), with its payload.
public enum RemoteCommand: Sendable, Hashable {
    case play, pause, togglePlayPause, stop, nextTrack, previousTrack
    case skipForward(seconds: Double), skipBackward(seconds: Double)
    case changePlaybackPosition(seconds: Double)
    case changePlaybackRate(Float)

    /// The scenario spelling (`pause`, `skip-forward` …).
    public var name: String {
        switch self {
        case .play: "play"
        case .pause: "pause"
        case .togglePlayPause: "toggle-play-pause"
        case .stop: "stop"
        case .nextTrack: "next-track"
        case .previousTrack: "previous-track"
        case .skipForward: "skip-forward"
        case .skipBackward: "skip-backward"
        case .changePlaybackPosition: "change-playback-position"
        case .changePlaybackRate: "change-playback-rate"
        }
    }
}

/// Where a remote command comes from (`siri`: the user asked Siri, e.g. "pause", which reaches
/// the Now Playing app even while Siri interrupts it).
public enum RemoteCommandSource: String, Sendable, CaseIterable {
    case lockScreen = "lock-screen", controlCenter = "control-center", headset, car, siri
}

/// How an app's MediaPlayer facade receives remote commands: it installs `deliver`, which
/// answers with the handler's status raw value (`MPRemoteCommandHandlerStatus`), or nil when
/// the app has no enabled target for the command.
public final class RemoteControlEndpoint: @unchecked Sendable {
    public var deliver: ((RemoteCommand) -> Int?)?
    public init() {}
}

extension AudioServer {
    /// The app lock screen and headset commands go to (the last app to play non-mixable audio
    /// while receiving remote-control events).
    public var nowPlayingApp: AppID? { policy.activation.nowPlaying }

    public func remoteControlEndpoint(for app: AppID) -> RemoteControlEndpoint {
        attachment(for: app, key: "RemoteControlEndpoint") { RemoteControlEndpoint() }
    }

    /// The user presses a remote control: the command reaches the Now Playing app's handler, in
    /// its context; the trace says which app answered and how.
    public func sendRemoteCommand(_ command: RemoteCommand, from source: RemoteCommandSource) {
        var fields: [String: TraceValue] = ["command": .string(command.name), "source": .string(source.rawValue)]
        guard let app = nowPlayingApp else {
            fields["app"] = .null
            record("remote.command", fields)
            return
        }
        fields["app"] = .string(app.name)
        let endpoint = remoteControlEndpoint(for: app)
        let status = AppContext.run(as: AppBinding(server: self, app: app)) { endpoint.deliver?(command) }
        fields["status"] = status.map { .integer($0) } ?? .null
        record("remote.command", fields)
    }
}
