import Explore
import Foundation
import Scenario
import Testing

/// Every reference model with each of its declared mistakes (`MistakeMatrix`) is caught by an
/// invariant named to catch it within 10,000 runs and shrunk to at most five steps.
///
/// The search itself is `soundcheck explore --mistakes --seed 2026 --runs 10000 --out
/// Tests/ExploreTests/Mistakes` (minutes in a release build, so not in CI): it printed the run at
/// which each cell was first caught (`foundAt`) and wrote each cell's shrunk scenario to
/// `Mistakes/MODEL--MISTAKE.yaml`. CI checks both cheaply: each cell's run of seed 2026 is
/// generated again (run k depends on the seed and k alone) and must still be caught by a catcher,
/// and each shrunk file, at most five steps, must still break a catcher first. A change to the
/// generator, an app or an invariant that loses a cell fails here; run the search again then.
@Suite struct MistakeTests {
    static let seed: UInt64 = 2026
    static let budget = 10_000

    /// Every mistake a model declares has an invariant named to catch it.
    @Test func everyDeclaredMistakeHasACatcher() {
        #expect(Set(MistakeMatrix.cells().compactMap(\.mistake)).subtracting(MistakeMatrix.catchers.keys).isEmpty)
    }

    /// Every cell has the run the search caught it at, within the budget, unless it is listed as
    /// not yet searched to the end (`unsearched`).
    @Test func everyCellWasCaughtWithinTheBudget() {
        let cells = Set(MistakeMatrix.cells().map(\.description))
        #expect(cells.subtracting(Self.foundAt.keys) == Self.unsearched)
        #expect(Self.foundAt.values.allSatisfy { $0 < Self.budget })
    }

    static let recorded = MistakeMatrix.cells().filter { foundAt[$0.description] != nil }

    @Test(arguments: recorded) func generatedRunCatchesTheMistake(_ cell: AppUnderTest) throws {
        let mistake = try #require(cell.mistake)
        let run = try #require(Self.foundAt[cell.description])
        let outcome = MistakeMatrix.explore(cell, seed: Self.seed, runs: 1, firstRun: run, shrinkBudget: 0)
        let finding = try #require(outcome.finding, "\(cell) was not caught at run \(run): \(outcome.otherFailures)")
        #expect(MistakeMatrix.catchers[mistake]?.contains(finding.failure.invariant) == true)
    }

    @Test(arguments: recorded) func shrunkScenarioStillBreaksACatcher(_ cell: AppUnderTest) throws {
        let mistake = try #require(cell.mistake)
        let file = Self.folder.appendingPathComponent(MistakeMatrix.fileName(cell)).path
        let scenario = try Scenario.load(file: file)
        #expect(scenario.steps.count <= 5)
        #expect(scenario.apps.contains { $0.model == cell.model && $0.configuration.mistakes.contains(mistake) })
        let (_, broken) = try ScriptRunner().check(scenario)
        let first = try #require(broken.first, "\(file) no longer breaks an invariant")
        #expect(MistakeMatrix.catchers[mistake]?.contains(first.invariant) == true, "\(file): \(first.invariant): \(first.message)")
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Mistakes")

    /// The run of seed 2026 at which the search first caught each cell.
    static let foundAt: [String: Int] = [
        "aac-queue-player:ignores-interruptions": 23,
        "aac-queue-player:ignores-media-services-reset": 3,
        "aac-queue-player:restarts-hardware-queue": 48,
        "dj:ignores-interruptions": 23,
        "dj:ignores-media-services-reset": 3,
        "engine-synth:ignores-interruptions": 23,
        "engine-synth:ignores-media-services-reset": 3,
        "game:ignores-interruptions": 3,
        "game:ignores-media-services-reset": 3,
        "game:ignores-secondary-audio-hint": 6,
        "iaa-effect:ignores-media-services-reset": 3,
        "iaa-effect:publishes-wrong-version": 0,
        "iaa-host:ignores-interruptions": 27,
        "iaa-host:ignores-media-services-reset": 3,
        "iaa-instrument:ignores-media-services-reset": 3,
        "iaa-instrument:publishes-wrong-version": 0,
        "long-form-player:ignores-interruptions": 27,
        "long-form-player:ignores-media-services-reset": 3,
        "media-player:ignores-interruptions": 23,
        "media-player:ignores-media-services-reset": 3,
        "media-player:ignores-route-change": 1,
        "media-player:no-notify-others": 1_620,
        "midi-keys:ignores-media-services-reset": 3,
        "navigation:ignores-interruptions": 10,
        "navigation:ignores-media-services-reset": 3,
        "navigation:never-deactivates": 12,
        "openal-game:ignores-interruptions": 27,
        "openal-game:ignores-media-services-reset": 3,
        "openal-game:keeps-openal-context": 27,
        "podcast:ignores-interruptions": 23,
        "podcast:ignores-media-services-reset": 3,
        "podcast:ignores-route-change": 1,
        "queue-player:ignores-interruptions": 23,
        "queue-player:ignores-media-services-reset": 3,
        "queue-player:restarts-hardware-queue": 48,
        "recorder:ignores-interruptions": 10,
        "recorder:ignores-media-services-reset": 3,
        "synth:ignores-interruptions": 3,
        "synth:ignores-media-services-reset": 3,
        "timed-synth:ignores-interruptions": 3,
        "timed-synth:ignores-media-services-reset": 3,
        "voip:bypasses-voice-processing": 77,
        "voip:ignores-interruptions": 27,
        "voip:ignores-media-services-reset": 3,
    ]

    /// Cells without a recorded catch: searched to the end without one (`notCaught`), or not yet
    /// searched to the end (`notYetSearched`: on the shared machine the session ran each for 60
    /// runs or less, in a debug build at a fraction of a core). The interruption-ending,
    /// deactivation and launch mistakes need several apps in a coherent order:
    /// media-player:no-notify-others took 1,621 runs.
    static let unsearched: Set<String> = notCaught.union(notYetSearched)

    /// Searched to the end (10,000 runs of seed 2026, release build) and not caught: the generator
    /// does not yet make the situation these need often enough (issue 16 stays open for them).
    static let notCaught: Set<String> = [
        "media-player:activates-at-launch", "media-player:never-deactivates", "media-player:resumes-without-should-resume",
    ]

    static let notYetSearched: Set<String> = [
        "aac-queue-player:never-deactivates",
        "aac-queue-player:no-notify-others",
        "aac-queue-player:resumes-without-should-resume",
        "dj:never-deactivates",
        "dj:no-notify-others",
        "dj:resumes-without-should-resume",
        "engine-synth:never-deactivates",
        "engine-synth:no-notify-others",
        "engine-synth:resumes-without-should-resume",
        "game:resumes-without-should-resume",
        "iaa-host:resumes-without-should-resume",
        "long-form-player:never-deactivates",
        "long-form-player:no-notify-others",
        "long-form-player:resumes-without-should-resume",
        "navigation:no-notify-others",
        "navigation:resumes-without-should-resume",
        "openal-game:never-deactivates",
        "openal-game:no-notify-others",
        "openal-game:resumes-without-should-resume",
        "podcast:activates-at-launch",
        "podcast:never-deactivates",
        "podcast:no-notify-others",
        "podcast:resumes-without-should-resume",
        "queue-player:never-deactivates",
        "queue-player:no-notify-others",
        "queue-player:resumes-without-should-resume",
        "recorder:never-deactivates",
        "recorder:no-notify-others",
        "recorder:resumes-without-should-resume",
        "synth:never-deactivates",
        "synth:no-notify-others",
        "synth:resumes-without-should-resume",
        "timed-synth:never-deactivates",
        "timed-synth:no-notify-others",
        "timed-synth:resumes-without-should-resume",
        "voip:never-deactivates",
        "voip:no-notify-others",
        "voip:resumes-without-should-resume",
    ]
}
