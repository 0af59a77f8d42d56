import Scenario
import SimCore

/// A long-form session of `minutes` minutes: the long-form player streams to a multi-room group of
/// three AirPlay 2 speakers, refilling their two-minute buffers through the renderer, with a 10 s
/// Wi-Fi dropout every ten minutes (each ridden out on the buffers) and a skip to the next track
/// every seven. The checks look at the speakers near the start and the end: the tone plays, and
/// the three play the same instants within 1 ms. Built in code so its length can vary.
public enum LongFormSession {
    public static func yaml(minutes: Int) -> String {
        let late = "\(minutes - 1)m"
        var steps = [
            "  - { at: 0s, do: launch, app: Player }",
            "  - { at: 500ms, do: pick-route, ports: [\"Living Room 1\", \"Living Room 2\", \"Living Room 3\"] }",
            "  - { at: 1s, do: play, app: Player }",
        ]
        var events: [(minute: Int, line: String)] = []
        for minute in stride(from: 5, to: minutes, by: 10) {
            events.append((minute, "  - { at: \(minute)m, do: network-dropout, for: 10s }"))
        }
        for minute in stride(from: 7, to: minutes, by: 7) {
            events.append((minute, "  - { at: \(minute)m30s, do: next-track, app: Player }"))
        }
        steps += events.sorted { $0.minute < $1.minute }.map(\.line)
        return """
        scenario: long-form-session
        description: A long-form player on three AirPlay 2 speakers for \(minutes) minutes, with dropouts and skips.
        seed: 17
        accessories: ["airplay:2", "airplay:2", "airplay:2"]
        duration: \(minutes)m
        apps:
          Player: { model: long-form-player }
        steps:
        \(steps.joined(separator: "\n"))
        expect:
          - { from: 2s, to: 4s, port: "Living Room 1", audio: { tone: 440 } }
          - { from: 2s, to: 10s, port: "Living Room 1", audio: { aligned-with: "Living Room 2", within: 1ms } }
          - { from: \(late), to: \(late)8s, port: "Living Room 3", audio: sounding }
          - { from: \(late), to: \(late)8s, port: "Living Room 1", audio: { aligned-with: "Living Room 3", within: 1ms } }

        """
    }

    /// Parses and runs it; the result's failures are empty when every check held.
    public static func run(minutes: Int) throws -> ScenarioResult {
        let scenario = try Scenario.parse(yaml(minutes: minutes), file: "long-form-session.yaml")
        // About 95 scheduler events a simulated second (a network tick every 20 ms, a speaker
        // cycle every 1,024 frames): the default budget of 200,000 would stop it after half an hour.
        return try ScenarioRunner(eventBudget: max(200_000, minutes * 60 * 200)).run(scenario)
    }
}
