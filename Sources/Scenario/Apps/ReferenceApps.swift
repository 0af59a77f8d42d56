/// The built-in reference apps, one per kind the 2014 session-activation advice describes.
enum ReferenceApps {
    static let sharedMistakes = [
        "ignores-interruptions", "resumes-without-should-resume", "ignores-media-services-reset",
        "never-deactivates", "no-notify-others",
    ]

    static let models: [ScenarioAppModel] = [
        ScenarioAppModel(name: "game", commands: ["play", "pause", "effect"],
                         mistakes: sharedMistakes + ["ignores-secondary-audio-hint"]) { GameApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "media-player", commands: ["play", "pause", "stop"],
                         mistakes: sharedMistakes + ["activates-at-launch", "ignores-route-change"],
                         backgroundAudio: true) { MediaPlayerApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "podcast", commands: ["play", "pause", "stop"],
                         mistakes: sharedMistakes + ["activates-at-launch", "ignores-route-change"],
                         backgroundAudio: true) { PodcastApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "navigation", commands: ["prompt", "prompt-finished"], mistakes: sharedMistakes,
                         backgroundAudio: true) { NavigationApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "voip", commands: ["start-call", "end-call", "speaker-on", "speaker-off"],
                         mistakes: sharedMistakes, backgroundAudio: true) { VoIPApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "recorder", commands: ["record", "stop"], mistakes: sharedMistakes,
                         backgroundAudio: true) { RecorderApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "dj", commands: ["play", "stop"], mistakes: sharedMistakes) { DJApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "synth", commands: ["play", "stop"], mistakes: sharedMistakes,
                         backgroundAudio: true) { SynthApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "timed-synth", commands: ["play", "stop"], mistakes: sharedMistakes,
                         backgroundAudio: true) { TimedSynthApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "engine-synth", commands: ["play", "stop"], mistakes: sharedMistakes,
                         backgroundAudio: true) { EngineSynthApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "queue-player", commands: ["play", "pause"], mistakes: sharedMistakes + ["restarts-hardware-queue"],
                         backgroundAudio: true) { AudioQueuePlayerApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "aac-queue-player", commands: ["play", "pause"], mistakes: sharedMistakes + ["restarts-hardware-queue"],
                         backgroundAudio: true) { AACQueuePlayerApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "openal-game", commands: ["play", "pause", "move-left", "move-right"],
                         mistakes: sharedMistakes + ["keeps-openal-context"]) { OpenALGameApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "long-form-player", commands: ["play", "pause", "stop", "next-track", "replace-next-track"], mistakes: sharedMistakes,
                         backgroundAudio: true) { LongFormPlayerApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "iaa-host", commands: IAAHostApp.commands, mistakes: sharedMistakes, backgroundAudio: true) { IAAHostApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "iaa-instrument", commands: IAANodeApp.commands, mistakes: sharedMistakes + ["publishes-wrong-version"],
                         backgroundAudio: true) { IAANodeApp(configuration: $0, log: $1) },
        ScenarioAppModel(name: "iaa-effect", commands: IAANodeApp.commands, mistakes: sharedMistakes + ["publishes-wrong-version"],
                         backgroundAudio: true) { IAAEffectApp(configuration: $0, log: $1) },
    ]
}
