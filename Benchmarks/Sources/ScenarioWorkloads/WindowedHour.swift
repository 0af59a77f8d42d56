import Scenario
import SimCore

/// One hour of a phone's day, checked on three ports with windows of one length: Music plays its
/// 1 kHz tone on wired headphones while Maps speaks a prompt every five minutes (ducking it);
/// the headphones come out at 15 min (Music pauses, the user plays it again on the speaker), go
/// back in at 30 min, and HDMI arrives at 40 min and takes the route. Each check starts inside
/// the phase it is about and lasts `window` (cut at the hour), so with short windows it looks at
/// that phase and with long ones it spans the phases after it: a tone check then holds on the
/// tone's mean over the window, a silence check on the receiver over all of it.
public enum WindowedHour {
    public static func yaml(window: HostDuration, minutes: Int = 60) -> String {
        let end = HostDuration.seconds(Int64(minutes) * 60)
        func span(from start: HostDuration) -> String {
            let to = min(start + window, end)
            return "from: \(start), to: \(to)"
        }
        var steps = [
            "  - { at: 0s, do: launch, app: Maps }",
            "  - { at: 0s, do: launch, app: Music }",
            "  - { at: 100ms, do: play, app: Music }",
        ]
        var timed: [(at: Int, line: String)] = []
        for minute in stride(from: 2, to: minutes, by: 5) {
            timed.append((minute * 60, "  - { at: \(minute)m, do: prompt, app: Maps }"))
            timed.append((minute * 60 + 3, "  - { at: \(minute)m3s, do: prompt-finished, app: Maps }"))
        }
        timed.append((15 * 60, "  - { at: 15m, do: detach, accessory: \"wired-headphones#1\" }"))
        timed.append((15 * 60 + 1, "  - { at: 15m1s, do: play, app: Music }"))
        timed.append((30 * 60, "  - { at: 30m, do: attach, accessory: wired-headphones }"))
        timed.append((40 * 60, "  - { at: 40m, do: attach, accessory: \"hdmi:2\" }"))
        steps += timed.filter { $0.at < minutes * 60 }.sorted { $0.at < $1.at }.map(\.line)
        return """
        scenario: windowed-hour
        description: Music with prompts on headphones, the speaker and HDMI for \(minutes) minutes, checked with \(window) windows.
        seed: 1
        exhaustive: false
        accessories: [wired-headphones]
        duration: \(minutes)m
        apps:
          Music: { model: media-player }
          Maps: { model: navigation, background-audio: true }
        steps:
        \(steps.joined(separator: "\n"))
        expect:
          - { \(span(from: .seconds(60))), port: Headphones, audio: { tone: 1000, above: -40 }, channels: [1] }
          - { \(span(from: .seconds(16 * 60))), port: Speaker, audio: { tone: 1000, above: -40 }, channels: [1] }
          - { \(span(from: .seconds(41 * 60))), port: HDMIOutput, audio: { tone: 1000, above: -40 }, channels: [1] }
          - { \(span(from: .seconds(1))), port: Receiver, audio: silent }
          - { \(span(from: .seconds(61))), port: Headphones, audio: sounding }

        """
    }

    /// Parses and runs it; the result's failures are empty when every check held.
    public static func run(window: HostDuration, minutes: Int = 60) throws -> ScenarioResult {
        let scenario = try Scenario.parse(yaml(window: window, minutes: minutes), file: "windowed-hour.yaml")
        return try ScenarioRunner().run(scenario)
    }
}
