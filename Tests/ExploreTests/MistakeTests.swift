import Explore
import Scenario
import Testing

/// A reference app configured with one of its `mistakes:` is caught by an app invariant and the
/// failure shrinks to at most five steps. The partners (shipped apps without mistakes) give the
/// mistake something to break: audio to interrupt, duck or resume.
@Suite struct MistakeTests {
    static let partners = ["media-player", "game", "navigation"].map { AppUnderTest(model: $0) }

    static func explore(_ app: AppUnderTest, runs: Int, seed: UInt64 = 1) -> Explorer.Summary {
        var options = Explorer.Options(apps: [app] + partners)
        options.runs = runs
        options.seed = seed
        options.shrinkLimit = 1
        return Explorer(options: options).explore()
    }

    @Test func mediaPlayerThatDeactivatesWithoutNotifyingOthersIsCaughtAndShrunk() throws {
        let summary = Self.explore(AppUnderTest(model: "media-player", mistake: "no-notify-others"), runs: 120)
        let finding = try #require(summary.findings.first)
        #expect(finding.failure.invariant == "no-notify-others")
        #expect(finding.minimal.steps.count <= 5)
        #expect(finding.minimal.apps.contains { $0.mistakes == ["no-notify-others"] })
    }

    @Test func mediaPlayerThatIgnoresAResetIsCaughtAndShrunk() throws {
        let summary = Self.explore(AppUnderTest(model: "media-player", mistake: "ignores-media-services-reset"), runs: 5)
        let finding = try #require(summary.findings.first)
        #expect(finding.failure.invariant == "ignored-media-services-reset")
        #expect(finding.minimal.steps.count <= 5)
        #expect(finding.minimal.steps.contains { $0.verb == "media-server-crash" })
    }
}
