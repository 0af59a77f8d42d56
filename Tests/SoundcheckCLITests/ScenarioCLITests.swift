import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `soundcheck run` and `soundcheck replay` in child processes.
@Suite("soundcheck run and replay")
struct ScenarioCLITests {
    static let passing = """
        scenario: cli-pass
        seed: 5
        apps:
          Game: { model: game }
        steps:
          - { at: 0s, do: launch, app: Game }
          - { at: 1s, do: incoming-call }
          - { at: 2s, do: decline-call }
        expect:
          - { at: 1s, app: Game, notification: interruption, type: began }
          - { at: 2s, app: Game, notification: interruption, type: ended, options: [shouldResume] }
        """

    static func folder(_ name: String, files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-run-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (file, text) in files {
            let url = directory.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory.path
    }

    @Test("a passing folder exits 0 with a progress line, the seed, a summary table and the event rate")
    func passing() throws {
        let folder = try Self.folder("pass", files: ["a/one.yaml": Self.passing, "b/two.yaml": Self.passing])
        let run = try CLIProcessTests.run(["run", folder])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("PASS \(folder)/a/one.yaml (cli-pass, seed 5, ios17"))
        #expect(run.output.contains("scenario") && run.output.contains("result"))
        #expect(run.output.contains("2 scenarios: 2 passed, 0 failed;"))
        #expect(run.output.contains("events/s"))
        #expect(run.output.range(of: "a/one.yaml")!.lowerBound < run.output.range(of: "b/two.yaml")!.lowerBound)
    }

    @Test("a failing scenario exits 1 and prints the failure and the command that reproduces it")
    func failing() throws {
        let folder = try Self.folder("fail", files: ["fail.yaml": Self.passing.replacingOccurrences(of: "type: began", with: "type: ended")])
        let run = try CLIProcessTests.run(["run", folder, "--seed", "3", "--platform", "ios8"])
        #expect(run.status == 1)
        #expect(run.output.contains("FAIL"))
        #expect(run.output.contains("fail.yaml:10:5: expected notify.interruption app=Game type=ended at 1s not observed by t=1s"))
        #expect(run.output.contains("reproduce: soundcheck run \(folder)/fail.yaml --seed 3 --platform ios8"))
    }

    @Test("an invalid scenario exits 1 with file:line:column")
    func invalid() throws {
        let folder = try Self.folder("invalid", files: ["bad.yaml": Self.passing.replacingOccurrences(of: "model: game", with: "model: gme")])
        let run = try CLIProcessTests.run(["run", folder])
        #expect(run.status == 1)
        #expect(run.output.contains("bad.yaml:4:18: unknown app model 'gme'; did you mean 'game'?"))
    }

    @Test("--trace writes a trace per scenario that replay reproduces byte for byte, and a changed one is caught")
    func traceAndReplay() throws {
        let folder = try Self.folder("replay", files: ["one.yaml": Self.passing])
        let traces = folder + "/traces"
        #expect(try CLIProcessTests.run(["run", folder + "/one.yaml", "--trace", traces]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: traces)
        #expect(files.count == 1)
        let trace = traces + "/" + files[0]
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.hasPrefix("{\"format\":\"soundcheck-trace/1\",\"platform\":\"ios17\""))
        #expect(text.contains("\"source\":\"") && !text.contains(folder), "the header names the scenario by content, not by path")
        let replay = try CLIProcessTests.run(["replay", trace, "--scenarios", folder])
        #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
        #expect(replay.output.contains("identical"))

        try Data(text.replacingOccurrences(of: "\"type\":\"began\"", with: "\"type\":\"ended\"").utf8).write(to: URL(fileURLWithPath: trace))
        let mismatch = try CLIProcessTests.run(["replay", trace, "--scenarios", folder])
        #expect(mismatch.status == 1)
        #expect(mismatch.output.contains("DIFFERENT at line"))
        #expect(mismatch.output.contains("recorded: ") && mismatch.output.contains("\"type\":\"ended\""))
        #expect(mismatch.output.contains("replayed: ") && mismatch.output.contains("\"type\":\"began\""))
    }

    @Test("--junit writes valid JUnit XML with a test case per scenario")
    func junit() throws {
        let folder = try Self.folder("junit", files: [
            "ok.yaml": Self.passing, "bad.yaml": Self.passing.replacingOccurrences(of: "type: began", with: "type: ended"),
        ])
        let report = folder + "/report.xml"
        #expect(try CLIProcessTests.run(["run", folder, "--junit", report]).status == 1)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 2)
        #expect(try document.nodes(forXPath: "//testcase/failure").count == 1)
        #expect(document.rootElement()?.attribute(forName: "failures")?.stringValue == "1")
    }

    @Test("--suggest prints the expectations a run would satisfy")
    func suggest() throws {
        let folder = try Self.folder("suggest", files: ["s.yaml": Self.passing])
        let run = try CLIProcessTests.run(["run", folder, "--suggest"])
        #expect(run.output.contains("  - { at: 1s, app: Game, notification: interruption, type: began, reason: default }"))
        #expect(run.output.contains("  - { at: 2s, app: Game, notification: interruption, type: ended, options: [shouldResume] }"))
    }

    @Test("an app's file: is found next to its scenario, whatever the working directory")
    func fileBesideScenario() throws {
        let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios")
        for (directory, path) in [(scenarios, "audio/player-plays-file.yaml"),
                                  (scenarios.appendingPathComponent("audio"), "player-plays-file.yaml"),
                                  (FileManager.default.temporaryDirectory, scenarios.appendingPathComponent("audio/player-plays-file.yaml").path)] {
            let run = try CLIProcessTests.run(["run", path], in: directory)
            #expect(run.status == 0, "from \(directory.path): \(run.output)\(run.errors)")
            #expect(run.output.contains("PASS \(path)"), "\(run.output)")
        }
    }
}
