import ArgumentParser
import Conformance
import Foundation
import MediaServer
import Scenario

/// `soundcheck conformance`: the bench's verdict, requirement by requirement, for one platform.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Write the conformance report: every catalogued requirement with its status and checks.",
        discussion: """
            Runs the scenarios in-process for the platform, reads Swift test outcomes from an xUnit \
            file (Tools/test writes one), and writes conformance.md, conformance.html, conformance.json \
            and junit.xml. A requirement passes only when it has checks and all of them pass. Exits 1 \
            if any requirement fails.
            """
    )

    @Option(help: ArgumentHelp(PlatformOption.help))
    var platform = "ios17"

    @Option(help: "Folder to write the report into.")
    var out = "conformance-report"

    @Option(help: "Swift Testing xUnit results (swift test --xunit-output X writes X-swift-testing.xml); without it tests are 'not run'.")
    var testResults: String?

    @Option(help: "Scenario folders or files.")
    var scenarios: [String] = ["Scenarios"]

    @Option(help: "The package's Tests folder, scanned for tests that name requirements (default: Tests, when there is one).")
    var tests: String?

    func run() throws {
        let profile = try PlatformOption.parse(platform)
        let catalog: [Requirement]
        do { catalog = try RequirementCatalog.load() } catch { throw UserError(error.description) }
        let files: [String]
        do { files = try ScenarioFiles.collect(scenarios) } catch { throw UserError(error.description) }
        let scenarioChecks = ScenarioChecks.run(files: files, platform: profile)
        let declarations = try testDeclarations()
        let results: TestResults?
        do { results = try testResults.map(TestResults.load(file:)) } catch { throw UserError("\(error)") }
        let testChecks = declarations.map { test in
            ConformanceCheck(kind: .test, name: "\(test.file): \(test.displayName)", requirementIDs: test.requirementIDs,
                             outcome: results?.outcome(of: test) ?? .notRun("no test results given (--test-results)"))
        }
        let report = ConformanceReport(catalog: catalog, checks: scenarioChecks.checks + testChecks, scenarioRuns: scenarioChecks.runs,
                                       platform: profile.description, testResultsGiven: results != nil)
        try OutputFile.makeFolder(out, what: "the report folder")
        for (name, text) in [("conformance.md", MarkdownWriter.render(report)), ("conformance.html", HTMLWriter.render(report)),
                             ("conformance.json", JSONWriter.render(report)), ("junit.xml", JUnitWriter.render(report))] {
            try OutputFile.write(text, to: (out as NSString).appendingPathComponent(name), what: "the report")
        }
        print("\(report.platform): \(report.total) requirements — \(report.count(.passed)) passed, \(report.count(.failed)) failed, "
            + "\(report.count(.notYetImplemented)) not yet implemented, \(report.count(.notChecked)) not checked; "
            + "\(report.findings.count) app rule violations; written to \(out) (open \((out as NSString).appendingPathComponent("conformance.html")))")
        if report.hasFailures { throw ExitCode(1) }
    }

    /// The Swift tests that name requirements. Without `--tests`, the `Tests` folder of the
    /// working directory when there is one (an installed binary run elsewhere has none).
    func testDeclarations() throws -> [TestDeclaration] {
        let folder = tests ?? "Tests"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            if tests == nil { return [] }
            throw UserError("\(folder): no such folder (--tests names the package's Tests folder)")
        }
        do { return try TestDeclaration.scan(testsFolder: URL(fileURLWithPath: folder)) } catch {
            throw UserError("cannot read the tests folder '\(folder)': \(error.localizedDescription)")
        }
    }
}
