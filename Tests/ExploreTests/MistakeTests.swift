import Explore
import Scenario
import Testing

/// A reference app with one of its `mistakes:` is caught by an invariant and the failure shrinks
/// to at most five steps. The partners (shipped apps without mistakes) give the mistake something
/// to break: audio to interrupt, duck or resume. `catchers` names, for every mistake, the
/// invariants that may catch it, so a cell's finding must be the right one.
///
/// The cells are the mistakes proven so far; the whole matrix (every model of the registry with
/// every mistake it declares) is not yet caught (issue 16).
@Suite struct MistakeTests {
    static let registry = ScenarioAppRegistry.standard
    static let partners = ["media-player", "game", "navigation"].map { AppUnderTest(model: $0) }

    /// The invariants that may catch each mistake (its first finding must be one of them).
    static let catchers: [String: Set<String>] = [
        "ignores-interruptions": ["kept-playing-through-interruption"],
        "resumes-without-should-resume": ["resume-without-should-resume"],
        "ignores-media-services-reset": ["ignored-media-services-reset"],
        "never-deactivates": ["kept-others-interrupted", "kept-others-ducked", "left-others-ducked"],
        "no-notify-others": ["no-notify-others"],
        "activates-at-launch": ["activated-at-launch"],
        "ignores-route-change": ["kept-playing-on-unplug"],
        "ignores-secondary-audio-hint": ["ignored-secondary-audio-hint"],
        "keeps-openal-context": ["kept-openal-context"],
    ]

    /// Mistakes only a release before iOS 17 shows: from iOS 17 the system itself interrupts the
    /// Now Playing session when its route loses a device, so the app stops whatever it does with
    /// the route change.
    static let platforms: [String: String] = ["ignores-route-change": "ios14"]

    static let cells = [
        "media-player:ignores-media-services-reset", "media-player:ignores-route-change",
        "game:ignores-secondary-audio-hint", "navigation:never-deactivates",
    ].map { try! AppUnderTest(parsing: $0, registry: registry) }

    @Test(arguments: cells) func referenceAppMistakeIsCaughtAndShrunk(_ app: AppUnderTest) throws {
        let mistake = try #require(app.mistake)
        let catchers = try #require(Self.catchers[mistake], "no invariant is named to catch \(mistake): add one")
        var options = Explorer.Options(apps: [app] + Self.partners)
        options.platform = Self.platforms[mistake] ?? options.platform
        options.runs = 2_000
        options.shrinkLimit = 1
        options.stopAfterFindings = 1
        let summary = Explorer(options: options).explore()
        let finding = try #require(summary.findings.first, "\(app) was not caught in \(summary.runsCompleted) runs")
        #expect(catchers.contains(finding.failure.invariant), "\(app): \(finding.failure.invariant): \(finding.failure.message)")
        #expect(finding.minimal.steps.count <= 5, "\(app): \(finding.minimal.yaml)")
        #expect(finding.minimal.apps.contains { $0.model == app.model && $0.mistakes == [mistake] })
    }
}
