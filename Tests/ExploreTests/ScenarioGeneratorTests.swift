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
            #expect(scenario.steps.count == 12)
            #expect(scenario.apps.map(\.name) == script.apps.map(\.name))
        }
    }
}
