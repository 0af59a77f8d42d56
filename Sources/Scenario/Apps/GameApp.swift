import OpenAVFAudio

/// A game: ambient (mixes with other audio, obeys the silent switch), active whenever it is in
/// the foreground, its soundtrack (secondary audio) muted while another app's primary audio
/// plays — the `silenceSecondaryAudioHint` — and its effects always playing. It pauses in the
/// background and plays again when it becomes active.
///
/// Mistake: `ignores-secondary-audio-hint` (the soundtrack plays over the user's music).
public final class GameApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .ambient }
    override public class var defaultTone: Int? { 440 }
    public private(set) var soundtrackMuted = false

    override public func didLaunch() {
        // At launch the app is already in the foreground: activate as didBecomeActive would.
        play(because: "launch")
        if session.secondaryAudioShouldBeSilencedHint { secondaryAudioHint(begin: true) }
    }

    override public func didBecomeActive() { if !isPlaying { play(because: "became-active") } }

    /// A game pauses when the user leaves it, and starts again only when it is back in front
    /// (without the audio background mode it may not start playing from the background).
    override public func didEnterBackground() {
        wasPlayingBeforeInterruption = false
        setPlaying(false, because: "background")
    }

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        default: setPlaying(false, because: "user")
        }
    }

    override public func secondaryAudioHint(begin: Bool) {
        guard !makes("ignores-secondary-audio-hint"), begin != soundtrackMuted else { return }
        soundtrackMuted = begin
        setSoundGain(begin ? 0 : 1)
        log(begin ? "soundtrack-muted" : "soundtrack-unmuted")
    }
}
