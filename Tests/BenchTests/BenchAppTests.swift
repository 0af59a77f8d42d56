import Foundation
import SimCore
import Soundcheck
import Testing

/// The bench over a user's own app type: a registered app runs in scenario files, the report's app
/// rules judge it, explore drives its actions, and bad registrations and bad files are reported.
@Suite("Bench: your app in scenarios")
struct BenchAppTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scenarios")

    static func podcasts(_ bug: TonePodcastPlayer.Bug? = nil) -> BenchApp<TonePodcastPlayer> {
        BenchApp("Podcasts", backgroundModes: [.audio], entitlements: [], make: { try TonePodcastPlayer(bug: bug) })
            .action("play") { try $0.play() }
            .action("pause") { $0.pause() }
            .action("skipForward") { try $0.skip(by: 30) }
            .isPlaying { $0.isPlaying }
    }

    @Test("a registered app runs in a scenario file and passes: steps, states, notifications and port audio")
    func passes() throws {
        let result = try Bench(apps: [Self.podcasts()]).run(scenario: Self.scenarios.appendingPathComponent("unplug-pauses.yaml"))
        #expect(result.passed, "\(result)")
        #expect(result.appFindings.isEmpty)
        let kinds = result.result?.trace.events.map(\.kind) ?? []
        #expect(kinds.contains("app.Podcasts.started") && kinds.contains("app.Podcasts.stopped"))
        let skip = result.result?.trace.events.first { $0.kind == "scenario.step" && $0.fields["do"] == .string("skipForward") }
        #expect(skip?.time == HostTime(nanoseconds: 1_000_000_000))
    }

    @Test("a player that keeps playing on unplug fails the scenario at the unplug step, by the app rule and the speaker's audio")
    func plantedUnplugBugFailsScenario() throws {
        let file = Self.scenarios.appendingPathComponent("unplug-pauses.yaml")
        let result = try Bench(apps: [Self.podcasts(.keepsPlayingOnUnplug)]).run(scenario: file)
        #expect(!result.passed)
        #expect(result.appFindings.map(\.rule) == ["kept-playing-on-unplug"])
        let text = result.description
        // The detach step is line 15, column 5 of the file.
        #expect(text.contains("\(file.path):15:5: Podcasts did not pause when headphones were unplugged (app rule kept-playing-on-unplug)"), "\(text)")
        #expect(text.contains("audio on Speaker from 2s100ms to 4s: expected silent"), "the speaker's audio check fails too: \(text)")
        #expect(text.contains("reproduce: bench.run(scenario: URL(fileURLWithPath: \"\(file.path)\"), seed: 7, platform: \"ios17\")"), "\(text)")
    }

    @Test("next to a reference app: a player that resumes without shouldResume fails at the step that ended the call")
    func plantedResumeBugFailsScenario() throws {
        let file = Self.scenarios.appendingPathComponent("call-ends-without-should-resume.yaml")
        let correct = try Bench(apps: [Self.podcasts()]).run(scenario: file)
        #expect(correct.passed, "\(correct)")
        let result = try Bench(apps: [Self.podcasts(.resumesWithoutShouldResume)]).run(scenario: file)
        #expect(result.appFindings.map(\.rule) == ["resume-without-should-resume"])
        #expect(result.description.contains(
            "\(file.path):19:5: Podcasts resumed playback after an interruption without shouldResume (app rule resume-without-should-resume)"),
            "\(result)")
    }

    @Test("an app may opt out of a rule, with its reason")
    func exemption() throws {
        let dj = Self.podcasts(.keepsPlayingOnUnplug).exempt(from: "kept-playing-on-unplug", because: "a DJ's cue mix keeps going")
        let result = try Bench(apps: [dj]).run(scenario: Self.scenarios.appendingPathComponent("unplug-pauses.yaml"))
        #expect(result.appFindings.isEmpty)
    }

    @Test("explore finds the planted bug, shrinks it to at most 5 steps, and the written file replays it through the bench")
    func exploreFindsPlantedBug() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-explore-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bench = Bench(apps: [Self.podcasts(.keepsPlayingOnUnplug)])
        let exploration = try bench.explore(apps: ["Podcasts"], runs: 300, seed: 7, steps: 12, writingFindingsTo: folder, stoppingAfter: 1)
        #expect(exploration.findings.map(\.failure.invariant) == ["kept-playing-on-unplug"], "\(exploration)")
        let finding = try #require(exploration.findings.first)
        #expect(finding.minimal.steps.count <= 5, "\(finding.minimal.yaml)")
        let file = try #require(finding.file)
        let replay = try bench.run(scenario: URL(fileURLWithPath: file), invariants: true)
        #expect(!replay.passed)
        #expect(replay.appFindings.map(\.rule).contains("kept-playing-on-unplug"), "\(replay)")
        #expect(replay.invariantFailures.map(\.invariant).contains("kept-playing-on-unplug"), "\(replay)")
    }

    @Test("explore over the correct player finds no broken rule")
    func exploreCorrectPlayer() throws {
        let exploration = try Bench(apps: [Self.podcasts()]).explore(apps: ["Podcasts"], runs: 30, seed: 7, steps: 12)
        #expect(exploration.findings.isEmpty, "\(exploration)")
        #expect(exploration.invalidScripts.isEmpty, "\(exploration)")
    }
}
