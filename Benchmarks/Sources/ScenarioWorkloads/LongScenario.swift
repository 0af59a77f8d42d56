import Scenario
import SimCore

/// A scenario of `minutes` minutes: Music plays on wired headphones while HDMI is attached; the
/// audio checks look at three ports (HDMI carries the tone, the receiver and the speaker stay
/// silent) near the start, in the middle and near the end. Built in code so its length can vary.
public enum LongScenario {
    public static func yaml(minutes: Int) -> String {
        let middle = "\(minutes / 2)m", late = "\(minutes - 1)m"
        return """
        scenario: long-run-three-ports
        description: Music on headphones for \(minutes) minutes, HDMI attached, three ports checked.
        seed: 1
        accessories: [wired-headphones, "hdmi:2"]
        duration: \(minutes)m
        apps:
          Music: { model: media-player }
        steps:
          - { at: 0s, do: launch, app: Music }
          - { at: 100ms, do: play, app: Music }
        expect:
          - { from: 1s, to: 2s, port: HDMIOutput, audio: { tone: 1000, above: -15 } }
          - { from: \(middle), to: \(middle)1s, port: HDMIOutput, audio: { tone: 1000, above: -15 } }
          - { from: \(late), to: \(late)1s, port: HDMIOutput, audio: { tone: 1000, above: -15 } }
          - { from: 1s, to: 2s, port: Receiver, audio: silent }
          - { from: \(late), to: \(late)1s, port: Receiver, audio: silent }
          - { from: \(late), to: \(late)1s, port: Speaker, audio: silent }

        """
    }

    /// Parses and runs it; the result's failures are empty when every check held.
    public static func run(minutes: Int) throws -> ScenarioResult {
        let scenario = try Scenario.parse(yaml(minutes: minutes), file: "long-run-three-ports.yaml")
        return try ScenarioRunner().run(scenario)
    }
}
