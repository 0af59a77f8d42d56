import Scenario

/// A scenario with `count` apps (games, media players and podcasts in turn) launched over two
/// seconds, the players starting to play as they launch, with one audio check at the end.
public enum ManyApps {
    public static func yaml(count: Int) -> String {
        let models = ["game", "media-player", "podcast"]
        var lines = ["scenario: many-apps", "description: \(count) apps launch and play.", "seed: 3",
                     "duration: 3s", "exhaustive: false", "apps:"]
        for index in 0..<count { lines.append("  App\(index): { model: \(models[index % 3]) }") }
        lines.append("steps:")
        for index in 0..<count {
            let at = 1 + index * 2_000 / count
            lines.append("  - { at: \(at)ms, do: launch, app: App\(index) }")
            if index % 3 != 0 { lines.append("  - { at: \(at)ms, do: play, app: App\(index) }") }
        }
        lines += ["expect:", "  - { from: 2500ms, to: 3s, port: Speaker, audio: sounding }", ""]
        return lines.joined(separator: "\n")
    }

    public static func run(count: Int) throws -> ScenarioResult {
        try ScenarioRunner().run(try Scenario.parse(yaml(count: count), file: "many-apps.yaml"))
    }
}
