/// The built-in reference apps, one per kind the 2014 session-activation advice describes.
enum ReferenceApps {
    /// Mistakes in how an app that plays reacts to interruptions and resets.
    static let interruptionMistakes = ["ignores-interruptions", "resumes-without-should-resume", "ignores-media-services-reset"]
    /// Mistakes in giving the audio back: only an app that deactivates its session when it is done
    /// can make them (a game stays active in the foreground, as the 2014 talk advises games; an
    /// Inter-App Audio host or node stays active while it may be connected; mixable sessions that
    /// never deactivate interrupt nobody).
    static let deactivationMistakes = ["never-deactivates", "no-notify-others"]
    static let sharedMistakes = interruptionMistakes + deactivationMistakes
    /// A mixable session is interrupted only by the system — a call, an alarm, Siri — never by
    /// another app's activation (only a non-mixable session interrupts, and only non-mixable
    /// ones, or spoken audio), and the system's "ended" carries shouldResume (or, after an
    /// answered call before iOS 8, does not come): so a mixable app cannot resume without it.
    static let mixableInterruptionMistakes = ["ignores-interruptions", "ignores-media-services-reset"]
    /// An app whose only way to stop is a pause: a paused player may keep its session active (the
    /// 2014 talk: "once you've made your session active you can leave it active"), so never
    /// deactivating is no mistake for it; deactivating without notifying others still is.
    static let pausingPlayerMistakes = interruptionMistakes + ["no-notify-others"]
    /// An Inter-App Audio node plays only for its host (its own `play` is a bare unit start), so
    /// of the shared mistakes only the reset one shows; it can publish the wrong component.
    static let nodeMistakes = ["ignores-media-services-reset", "publishes-wrong-version"]

    static let models: [ScenarioAppModel] = [
        ScenarioAppModel(name: "game", commands: ["play", "pause", "effect"],
                         mistakes: mixableInterruptionMistakes + ["ignores-secondary-audio-hint"]) { GameApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "media-player", commands: ["play", "pause", "stop"],
                         mistakes: sharedMistakes + ["activates-at-launch", "ignores-route-change"],
                         backgroundAudio: true) { MediaPlayerApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "podcast", commands: ["play", "pause", "stop"],
                         mistakes: sharedMistakes + ["activates-at-launch", "ignores-route-change"],
                         backgroundAudio: true) { PodcastApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "navigation", commands: ["prompt", "prompt-finished"], mistakes: mixableInterruptionMistakes + deactivationMistakes,
                         backgroundAudio: true) { NavigationApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "voip", commands: ["start-call", "end-call", "speaker-on", "speaker-off"],
                         mistakes: sharedMistakes + ["bypasses-voice-processing"], backgroundAudio: true) { VoIPApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "recorder", commands: ["record", "stop"], mistakes: sharedMistakes,
                         backgroundAudio: true) { RecorderApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "dj", commands: ["play", "stop"], mistakes: sharedMistakes) { DJApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "synth", commands: ["play", "stop"], mistakes: sharedMistakes,
                         backgroundAudio: true) { SynthApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "timed-synth", commands: ["play", "stop"], mistakes: sharedMistakes,
                         backgroundAudio: true) { TimedSynthApp(configuration: $0, log: $1) },
        // A MIDI controller makes no sound and never activates its session: only the reset mistake shows.
        ScenarioAppModel(name: "midi-keys", commands: MIDIKeysApp.commands, mistakes: ["ignores-media-services-reset"]) { MIDIKeysApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "engine-synth", commands: ["play", "stop"], mistakes: sharedMistakes,
                         backgroundAudio: true) { EngineSynthApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "queue-player", commands: ["play", "pause"], mistakes: pausingPlayerMistakes + ["restarts-hardware-queue"],
                         backgroundAudio: true) { AudioQueuePlayerApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "aac-queue-player", commands: ["play", "pause"], mistakes: pausingPlayerMistakes + ["restarts-hardware-queue"],
                         backgroundAudio: true) { AACQueuePlayerApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "openal-game", commands: ["play", "pause", "move-left", "move-right"],
                         mistakes: pausingPlayerMistakes + ["keeps-openal-context"]) { OpenALGameApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "long-form-player", commands: ["play", "pause", "stop", "next-track", "replace-next-track"], mistakes: sharedMistakes,
                         backgroundAudio: true) { LongFormPlayerApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "iaa-host", commands: IAAHostApp.commands, mistakes: mixableInterruptionMistakes, backgroundAudio: true) { IAAHostApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "iaa-instrument", commands: IAANodeApp.commands, mistakes: nodeMistakes,
                         backgroundAudio: true) { IAANodeApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "iaa-effect", commands: IAANodeApp.commands, mistakes: nodeMistakes,
                         backgroundAudio: true) { IAAEffectApp(configuration: $0, log: $1) },
    ]
}
