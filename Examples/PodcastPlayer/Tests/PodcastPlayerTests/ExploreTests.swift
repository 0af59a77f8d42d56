import Foundation
import PodcastPlayer
import Soundcheck
import Testing

/// Seeded random scenarios over the player's actions and the device's events, with the platform
/// invariants and the app rules after every step.
@Suite struct ExploreTests {
    @Test func exploringThePlayerFindsNothing() throws {
        let folder = try temporaryFolder("clean")
        let bench = Bench(apps: [PodcastBench.app()])
        let exploration = try bench.explore(apps: ["Podcasts"], runs: 40, seed: 7, steps: 10, writingFindingsTo: folder)
        #expect(exploration.findings.isEmpty, "\(exploration)")
    }

    @Test func exploringFindsThePlantedUnplugBugAndWritesAShortScenario() throws {
        let folder = try temporaryFolder("unplug")
        let bench = Bench(apps: [PodcastBench.app { PlaysOnFromSpeaker() }])
        let exploration = try bench.explore(apps: ["Podcasts"], runs: 300, seed: 3, steps: 8, writingFindingsTo: folder, stoppingAfter: 1)
        let finding = try #require(exploration.findings.first, "\(exploration)")
        #expect(finding.minimal.steps.count <= 5, "\(exploration)")
        // The scenario it wrote replays the failure.
        let file = try #require(exploration.files.first)
        let replay = try bench.run(scenario: file, invariants: true)
        #expect(!replay.passed, "\(replay)")
    }

    private func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("podcast-explore-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
