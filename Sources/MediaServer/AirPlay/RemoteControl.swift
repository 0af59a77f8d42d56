import SimCore
import VirtualDevices

/// A remote-control command as the system delivers it to the Now Playing app (lock screen,
/// Control Center, a headset's button, a car), with its payload.
public enum RemoteCommand: Sendable, Hashable {
    case play, pause, togglePlayPause, stop, nextTrack, previousTrack
    case skipForward(seconds: Double), skipBackward(seconds: Double)
    case changePlaybackPosition(seconds: Double)
    case changePlaybackRate(Float)
    /// Press (`begin`) and release of a seek button (MPSeekCommandEvent's type).
    case seekForward(begin: Bool), seekBackward(begin: Bool)
    /// Feedback; `negative` withdraws it (MPFeedbackCommandEvent's isNegative).
    case like(negative: Bool), dislike(negative: Bool), bookmark(negative: Bool)
    case rating(Float)
    /// MPRepeatType and MPShuffleType raw values.
    case changeRepeatMode(Int), changeShuffleMode(Int)
    /// A language option by its identifier, with MPChangeLanguageOptionSetting's raw value.
    case enableLanguageOption(identifier: String, setting: Int), disableLanguageOption(identifier: String, setting: Int)

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
        case .seekForward: "seek-forward"
        case .seekBackward: "seek-backward"
        case .like: "like"
        case .dislike: "dislike"
        case .bookmark: "bookmark"
        case .rating: "rating"
        case .changeRepeatMode: "change-repeat-mode"
        case .changeShuffleMode: "change-shuffle-mode"
        case .enableLanguageOption: "enable-language-option"
        case .disableLanguageOption: "disable-language-option"
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
    /// The app lock screen and headset commands go to: on iOS the last app to play non-mixable
    /// audio while receiving remote-control events; on a Mac the last app that told
    /// `MPNowPlayingInfoCenter` it is playing (`setNowPlayingPlaybackState`).
    public var nowPlayingApp: AppID? {
        device.profile.family == .computer ? macNowPlayingApp : policy.activation.nowPlaying
    }

    /// An app set `MPNowPlayingInfoCenter.playbackState` (raw value: unknown 0, playing 1,
    /// paused 2, stopped 3, interrupted 4). "This property only applies to macOS. You must set
    /// this property every time the app begins or halts playback, otherwise remote control
    /// functionality may not work as expected": on a Mac an app that says it is playing becomes
    /// the Now Playing app, and stays it while paused or stopped until another app says it is
    /// playing; an app that never says so gets no remote commands. On iOS it is only traced.
    public func setNowPlayingPlaybackState(_ state: UInt, for app: AppID) {
        let names = ["unknown", "playing", "paused", "stopped", "interrupted"]
        record(.nowPlayingState, ["app": .string(app.name), "state": .string(state < 5 ? names[Int(state)] : String(state))])
        if state == 1, device.profile.family == .computer { macNowPlayingApp = app }
    }

    public func remoteControlEndpoint(for app: AppID) -> RemoteControlEndpoint {
        attachment(for: app, key: "RemoteControlEndpoint") { RemoteControlEndpoint() }
    }

    /// The user presses a remote control: the command reaches the Now Playing app's handler, in
    /// its context; the trace says which app answered and how.
    public func sendRemoteCommand(_ command: RemoteCommand, from source: RemoteCommandSource) {
        var fields: [String: TraceValue] = ["command": .string(command.name), "source": .string(source.rawValue)]
        guard let app = nowPlayingApp else {
            fields["app"] = .null
            record(.remoteCommand, fields)
            return
        }
        fields["app"] = .string(app.name)
        let endpoint = remoteControlEndpoint(for: app)
        let status = AppContext.run(as: AppBinding(server: self, app: app)) { endpoint.deliver?(command) }
        fields["status"] = status.map { .integer($0) } ?? .null
        record(.remoteCommand, fields)
    }
}
