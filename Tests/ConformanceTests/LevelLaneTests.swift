import Foundation
import Scenario
import Testing
@testable import BuiltInChecks
@testable import Conformance

/// The report's level lanes come from the render path's output: one lane per port channel, silent
/// before the music starts and at the music's level while and after it plays.
@Suite("Level lanes")
struct LevelLaneTests {
    static let text = """
        scenario: lanes
        apps:
          Music: { model: media-player }
          Maps: { model: navigation, options: [duckOthers] }
        steps:
          - { at: 0s, do: launch, app: Music }
          - { at: 100ms, do: play, app: Music }
          - { at: 1s, do: launch, app: Maps }
          - { at: 2s, do: prompt, app: Maps }
          - { at: 4s, do: prompt-finished, app: Maps }
        expect:
          - { at: 7s, app: Music, state: { playing: true } }
        """

    @Test("a lane per port channel shows when the music sounds")
    func duckingShowsInTheLanes() throws {
        let result = try ScenarioRunner().run(try Scenario.parse(Self.text, file: "lanes.yaml"))
        let timeline = Timeline(trace: result.trace)
        let labels = timeline.levels.map(\.label)
        #expect(labels.contains("Speaker 1") && labels.contains("Speaker 2"))
        let speaker = try #require(timeline.levels.first { $0.label == "Speaker 1" })
        func peak(at seconds: Double) -> Int64 { speaker.peakDB[Int(seconds * 1e9) / Int(speaker.stepNanoseconds)] }
        #expect(peak(at: 0.05) == -100, "nothing plays before the music starts")
        #expect(peak(at: 1.5) > -20, "the music plays at full level")
        #expect(peak(at: 6.0) > -20, "the music is back at full level after the prompt")
        let svg = TimelineSVG.render(timeline)
        #expect(svg.contains("class=\"level\"") && svg.contains(">Speaker 1</text>"))
    }
}
