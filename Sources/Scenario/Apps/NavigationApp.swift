import AVFAudio

/// Turn-by-turn navigation: playback that ducks others (and interrupts spoken audio), active
/// only while a prompt speaks, deactivating with `notifyOthersOnDeactivation` after each prompt
/// so other audio returns to full volume and interrupted podcasts may resume.
public final class NavigationApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playback }
    override public class var defaultTone: Int? { 1_500 }
    override public class var defaultMode: AVAudioSession.Mode { .voicePrompt }
    override public class var defaultOptions: AVAudioSession.CategoryOptions {
        [.duckOthers, .interruptSpokenAudioAndMixWithOthers]
    }

    override public func perform(_ command: String) {
        switch command {
        case "prompt": play(because: "prompt")
        default:
            setPlaying(false, because: "prompt-finished")
            deactivate()
        }
    }
}
