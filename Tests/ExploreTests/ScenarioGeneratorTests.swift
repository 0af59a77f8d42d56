import Explore
import Scenario
import Testing

@Suite struct ScenarioGeneratorTests {
    let generator = ScenarioGenerator(apps: AppUnderTest.shipped(.standard), steps: 12)

    @Test func sameSeedAndRunGiveTheSameScriptWhateverRanBefore() {
        let alone = generator.script(run: 7, seed: 42)
        _ = (0..<7).map { generator.script(run: $0, seed: 42) }
        #expect(generator.script(run: 7, seed: 42) == alone)
        #expect(generator.script(run: 8, seed: 42) != alone)
        #expect(generator.script(run: 7, seed: 43) != alone)
    }

    @Test func everyGeneratedScriptParsesAsAScenario() throws {
        for run in 0..<200 {
            let script = generator.script(run: run, seed: 5)
            let scenario = try script.scenario(file: "generated.yaml", registry: .standard)
            // A run that opens with a scene may end early (its tail is random); none is longer.
            #expect((1...12).contains(scenario.steps.count))
            #expect(scenario.apps.map(\.name) == script.apps.map(\.name))
        }
    }

    /// A scene sets up, at the start of a run, one app taking the audio from another and giving
    /// it back: random steps alone rarely line that up within a few steps. Over 300 runs of a
    /// media player beside a game, the game takes the audio after the player started and gives it
    /// back within the first seven steps in many runs, in each way a scene draws.
    @Test func scenesSetUpOneAppTakingTheAudioFromAnother() {
        let generator = ScenarioGenerator(apps: [AppUnderTest(model: "media-player", mistake: "resumes-without-should-resume"),
                                                 AppUnderTest(model: "game")], steps: 12)
        var scenes = 0
        var givenBack: Set<String> = []
        for run in 0..<300 {
            let steps = Array(generator.script(run: run, seed: 9).steps.prefix(7))
            guard let play = steps.firstIndex(where: { $0.verb == "play" && $0.app == "MediaPlayer" }),
                  let take = steps[play...].firstIndex(where: { ["set-category", "activate", "play"].contains($0.verb) && $0.app == "Game" }),
                  let back = steps[take...].first(where: { ["deactivate", "pause", "background", "terminate"].contains($0.verb) && $0.app == "Game" })
            else { continue }
            scenes += 1
            givenBack.insert(back.verb + (back.fields.first { $0.key == "notify-others" }.map { " notify-others: \($0.value)" } ?? ""))
        }
        #expect(scenes >= 25, "only \(scenes) of 300 runs")
        let ways: Set<String> = ["deactivate notify-others: true", "deactivate notify-others: false", "pause", "background", "terminate"]
        #expect(ways.subtracting(givenBack).isEmpty, "never given back by: \(ways.subtracting(givenBack).sorted())")
    }
}
