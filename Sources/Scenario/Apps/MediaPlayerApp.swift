import AVFAudio
import UIKit

/// A media player (Music, streaming radio): playback, non-mixable, background audio. It waits
/// for the user's play to activate, resumes after an interruption only with `shouldResume`, and
/// pauses when the route's old device (the headphones) goes away.
///
/// Mistakes: `activates-at-launch` (interrupts other audio just by being opened),
/// `ignores-route-change` (keeps playing out of the speaker when the headphones are pulled).
public class MediaPlayerApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playback }

    override public func didLaunch() {
        // The Now Playing app may go active from the background (to resume after a call).
        UIApplication.shared.beginReceivingRemoteControlEvents()
        if makes("activates-at-launch") { activate() }
    }

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        case "pause": setPlaying(false, because: "user")
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }

    override public func routeChanged(reason: AVAudioSession.RouteChangeReason) {
        guard reason == .oldDeviceUnavailable, isPlaying, !makes("ignores-route-change") else { return }
        setPlaying(false, because: "old-device-unavailable")
    }
}

/// A podcast player: a media player whose speech uses the `spokenAudio` mode, so navigation
/// prompts with `interruptSpokenAudioAndMixWithOthers` pause it instead of talking over it.
public final class PodcastApp: MediaPlayerApp, @unchecked Sendable {
    override public class var defaultTone: Int? { 800 }
    override public class var defaultMode: AVAudioSession.Mode { .spokenAudio }
}
