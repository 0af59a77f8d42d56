import Foundation
import SimCore
import Soundcheck
import Testing

/// Bad input to the bench: names nobody registered are located in the file with the registered
/// names; an action that throws is the app's failure at its step and the run goes on; a factory
/// that throws fails the run naming the app.
@Suite("Bench: bad input")
struct BenchBadInputTests {
    /// Writes `steps` (and `apps`) into a scenario file of its own and returns its URL.
    static func scenario(_ name: String, apps: String = "  Podcasts: {}", steps: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-bad-input-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name + ".yaml")
        try "scenario: \(name)\nduration: 3s\napps:\n\(apps)\nsteps:\n\(steps)\n".write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    static let bench = Bench(apps: [BenchAppTests.podcasts()])

    @Test("an unregistered app is located at its declaration, with the registered names")
    func unregisteredApp() throws {
        let file = try Self.scenario("unregistered-app", apps: "  Podcast: {}", steps: "  - { at: 0s, do: launch, app: Podcast }")
        let error = try #require(throws: BenchError.self) { try Self.bench.run(scenario: file) }
        #expect(error.description.hasPrefix(
            "\(file.path):4:12: app 'Podcast' names no model: and no app is registered under that name; did you mean 'Podcasts'? "
                + "(registered apps and models: "), "\(error)")
        #expect(error.description.contains("media-player") && error.description.contains("Podcasts)"), "\(error)")
    }

    @Test("an unregistered action is located at its step, with the app's registered actions")
    func unregisteredAction() throws {
        let called = try Self.scenario("unregistered-call", steps: "  - { at: 0s, do: launch, app: Podcasts }\n  - { at: 1s, app: Podcasts, call: rewind }")
        let error = try #require(throws: BenchError.self) { try Self.bench.run(scenario: called) }
        #expect(error.description == "\(called.path):7:36: unknown action of a Podcasts app 'rewind' (expected one of: play, pause, skipForward)")

        let done = try Self.scenario("unregistered-do", steps: "  - { at: 0s, do: launch, app: Podcasts }\n  - { at: 1s, do: prompt, app: Podcasts }")
        let doError = try #require(throws: BenchError.self) { try Self.bench.run(scenario: done) }
        #expect(doError.description == "\(done.path):7:19: a Podcasts app has no 'prompt' control (it has: play, pause, skipForward)")
    }

    @Test("a registered action that throws is the app's failure at that step, and the run goes on")
    func throwingAction() throws {
        // skipForward throws while the player is paused; the play step after it still runs.
        let file = try Self.scenario("throwing-action", steps: """
              - { at: 0s, do: launch, app: Podcasts }
              - { at: 500ms, do: skipForward, app: Podcasts }
              - { at: 1s, do: play, app: Podcasts }
            """)
        let result = try Self.bench.run(scenario: file)
        #expect(!result.passed)
        #expect(result.description.contains(
            "\(file.path):7:5: the Podcasts app's action 'skipForward' threw nothing to skip to: no episode is loaded"), "\(result)")
        let trace = try #require(result.result?.trace.events)
        let failed = try #require(trace.first { $0.kind == "app.Podcasts.action-failed" })
        #expect(failed.time == HostTime(nanoseconds: 500_000_000) && failed.fields["action"] == .string("skipForward"))
        #expect(trace.contains { $0.kind == "app.Podcasts.started" && $0.time == HostTime(nanoseconds: 1_000_000_000) })
    }

    @Test("a factory that throws fails the run at the launch step, naming the app")
    func throwingFactory() throws {
        struct NoLicence: Error {}
        let broken = BenchApp("Broken", make: { () throws -> TonePodcastPlayer in throw NoLicence() }).action("play") { try $0.play() }
        let file = try Self.scenario("throwing-factory", apps: "  Broken: {}", steps: """
              - { at: 0s, do: launch, app: Broken }
              - { at: 1s, do: play, app: Broken }
            """)
        let result = try Bench(apps: [broken]).run(scenario: file)
        #expect(!result.passed)
        #expect(result.description.contains("\(file.path):6:5: the Broken app could not be created: its factory threw NoLicence()"), "\(result)")
        #expect(result.result?.trace.events.contains { $0.kind == "device.refused" && $0.fields["app"] == .string("Broken") } == true)
    }

    @Test("the report's app part is written for the user's scenarios: HTML with the finding, JUnit with the failure")
    func report() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-report-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bench = Bench(apps: [BenchAppTests.podcasts(.keepsPlayingOnUnplug)])
        let outcomes = try bench.run(folder: BenchAppTests.scenarios)
        try bench.writeReport(outcomes, to: folder)
        let html = try String(contentsOf: folder.appendingPathComponent("apps.html"), encoding: .utf8)
        #expect(html.contains("did not pause when headphones were unplugged <code>kept-playing-on-unplug</code>"))
        #expect(html.contains("<svg"))
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(outcomes.count == 2 && junit.contains("tests=\"2\" failures=\"1\" errors=\"0\""), "\(junit)")
        #expect(junit.contains("<failure message="))
    }
}
