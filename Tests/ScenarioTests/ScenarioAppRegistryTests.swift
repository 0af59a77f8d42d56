import AVFAudio
import Testing
@testable import Scenario

/// An app written in Swift against the facade, registered under a model name of its own.
final class ChimeApp: ScenarioApp, @unchecked Sendable {
    let log: AppLog
    private(set) var isPlaying = false

    init(log: AppLog) {
        self.log = log
        try? AVAudioSession.sharedInstance().setCategory(.ambient)
    }

    func perform(_ command: String) {
        isPlaying = (try? AVAudioSession.sharedInstance().setActive(true)) != nil
        log("chimed", ["ok": String(isPlaying)])
    }
}

@Suite("Scenario app registry")
struct ScenarioAppRegistryTests {
    @Test("a registered Swift app can be declared, driven and checked by a scenario")
    func customApp() throws {
        var registry = ScenarioAppRegistry.standard
        registry.register(ScenarioAppModel(name: "chime", commands: ["chime"]) { _, log in ChimeApp(log: log) })
        let scenario = try Scenario.parse("""
            scenario: custom
            apps:
              Bell: { model: chime }
            steps:
              - { at: 0s, do: launch, app: Bell }
              - { at: 1s, do: chime, app: Bell }
            expect:
              - { at: 1s, app: Bell, app-event: chimed, with: { ok: "true" } }
              - { at: 1s, app: Bell, state: { active: true, playing: true, category: ambient } }
            """, file: "custom.yaml", registry: registry)
        let result = try ScenarioRunner(registry: registry).run(scenario)
        #expect(result.passed, "\(result.failureReport)")
        #expect(result.trace.jsonLines.contains("\"kind\":\"app.chime.chimed\""))
    }

    @Test("the standard registry has every reference app kind")
    func standard() {
        #expect(ScenarioAppRegistry.standard.models.map(\.name) ==
            ["game", "media-player", "podcast", "navigation", "voip", "recorder", "dj", "synth", "timed-synth", "midi-keys", "engine-synth", "queue-player", "aac-queue-player", "openal-game", "long-form-player",
             "iaa-host", "iaa-instrument", "iaa-effect"])
    }
}
