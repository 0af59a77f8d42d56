import MediaServer

/// When the route's old device goes away (headphones unplugged), a playing app must pause, or
/// private listening suddenly comes out of the speaker. Applies to playback apps (media players);
/// a call or a DJ's cue mix has its own reasons to keep going.
public struct KeptPlayingOnUnplugRule: AppRule {
    public let id = "kept-playing-on-unplug"
    public init() {}

    public func violations(in trace: AppTrace) -> [(index: Int, app: String, message: String)] {
        var found: [(Int, String, String)] = []
        for i in trace.indices {
            guard case let .notification(app, .routeChange(.oldDeviceUnavailable, _)) = trace.records[i].fact,
                  trace.isPlaying(app, before: i), trace.category(of: app, before: i) == SessionCategory.playback.name else { continue }
            let paused = trace.sameTime(after: i).contains { trace.isAppEvent($0, "stopped", of: app) }
            if !paused { found.append((i, app, "did not pause when headphones were unplugged")) }
        }
        return found
    }
}
