import Foundation
import Testing

/// `soundcheck conformance` from the command line, in the package root as Tools/report runs it.
@Suite("soundcheck conformance")
struct ConformanceCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What these reports run: two areas of `Scenarios/` and one AirPlay scenario, with session,
    /// routing and AirPlay timelines in the HTML, instead of all of it. Each whole-folder report
    /// runs every scenario again (tens of CPU seconds in a debug build), and the whole folder's
    /// report is already regenerated and compared byte for byte with the committed `Reports/` at
    /// the end of every `Tools/test`, and its scenarios run and replay in `ScenarioFolderTests`.
    /// For the same reason they skip the built-in checks (about 18 CPU seconds per report in a debug
    /// build): `Tools/test`'s report and the copied-binary test run them.
    static let sampleScenarios = ["Scenarios/session", "Scenarios/routing", "Scenarios/airplay/airplay1-gaps-on-dropout.yaml"]

    static func report(_ extra: [String] = []) throws -> (status: Int32, output: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-conformance-\(getpid())-\(UUID().uuidString)")
        let run = try CLIProcessTests.run(["conformance", "--out", folder.path]
                                          + sampleScenarios.flatMap { ["--scenarios", root.appendingPathComponent($0).path] }
                                          + ["--tests", root.appendingPathComponent("Tests").path, "--no-built-in-checks"] + extra)
        return (run.status, run.output + run.errors, folder)
    }

    @Test("writes the four report files, with counts that add up to the catalog, the same bytes twice")
    func writesDeterministicReport() throws {
        let first = try Self.report(), second = try Self.report()
        #expect(first.status == 0, "\(first.output)")
        // "ios17: N requirements — P passed, F failed, Y not yet implemented, C not checked; …"
        let numbers = first.output.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.dropFirst()
        #expect(numbers.count >= 6 && Array(numbers.prefix(6)).dropFirst().reduce(0, +) == numbers.first,
                "the status counts add up to the catalog size: \(first.output)")
        for name in ["conformance.md", "conformance.html", "conformance.json", "junit.xml"] {
            let a = try Data(contentsOf: first.folder.appendingPathComponent(name))
            let b = try Data(contentsOf: second.folder.appendingPathComponent(name))
            #expect(!a.isEmpty && a == b, "\(name) differs between two runs")
        }
        let markdown = try String(contentsOf: first.folder.appendingPathComponent("conformance.md"), encoding: .utf8)
        #expect(markdown.contains("| total | passed | failed | not yet implemented | not checkable | not checked |"))
        #expect(markdown.contains("no test results given"))
        #expect(markdown.contains("built-in checks not run (--no-built-in-checks)"))
        let html = try String(contentsOf: first.folder.appendingPathComponent("conformance.html"), encoding: .utf8)
        #expect(html.contains("<svg") && html.contains("<style>") && !html.contains("<script"))
    }

    @Test("reads Swift Testing xUnit results and rejects an unknown platform")
    func testResultsAndErrors() throws {
        let results = try CLIProcessTests.temporaryFile("results-swift-testing.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="TestResults">
            <testcase classname="NoSuchTests.Nothing" name="nothing()" time="0.1"/>
            </testsuite></testsuites>
            """)
        let run = try Self.report(["--test-results", results])
        #expect(run.status == 0, "\(run.output)")
        let markdown = try String(contentsOf: run.folder.appendingPathComponent("conformance.md"), encoding: .utf8)
        #expect(markdown.contains("not in the test results"))
        let bad = try CLIProcessTests.run(["conformance", "--platform", "ios99x", "--out", run.folder.path])
        #expect(bad.status != 0)
        #expect(bad.errors.contains("The value 'ios99x' is invalid for '--platform <platform>'"))
    }
}
