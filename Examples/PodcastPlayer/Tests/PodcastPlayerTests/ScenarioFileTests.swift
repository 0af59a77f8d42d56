import Foundation
import PodcastPlayer
import Soundcheck
import Testing

/// The player through scenario files: the same files a `soundcheck run` reads, with the player
/// registered under its scenario name.
@Suite struct ScenarioFileTests {
    @Test func everyScenarioPassesWithTheAppRules() throws {
        let bench = Bench(apps: [PodcastBench.app()])
        for result in try bench.run(folder: PodcastBench.scenarios) {
            #expect(result.passed, "\(result)")
            #expect(result.appFindings.isEmpty, "\(result)")
        }
    }

    @Test func aPlayerThatIgnoresTheUnplugIsCaught() throws {
        let bench = Bench(apps: [PodcastBench.app { PlaysOnFromSpeaker() }])
        let result = try bench.run(scenario: PodcastBench.scenario("unplug-pauses"))
        #expect(!result.passed)
        let report = "\(result)"
        // Where (file:line:column of the expectation) and what was observed.
        #expect(report.contains("unplug-pauses.yaml:"), "\(report)")
        #expect(result.appFindings.contains { $0.rule == "kept-playing-on-unplug" && $0.app == "Podcasts" }, "\(report)")
    }

    @Test func aPlayerThatResumesUntoldIsCaught() throws {
        let bench = Bench(apps: [PodcastBench.app { ResumesWhenNotTold() }])
        let result = try bench.run(scenario: PodcastBench.scenario("call-without-should-resume-waits"))
        #expect(!result.passed)
        // Caught where the file says it must wait: the state expected at 6 s.
        #expect("\(result)".contains("call-without-should-resume-waits.yaml:24:5: state of Podcasts at 6s differs: playing expected false, observed true"), "\(result)")
    }
}
