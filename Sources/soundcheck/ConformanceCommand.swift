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
            Runs the scenarios in-process for the platform and the checks compiled into the bench, \
            reads Swift test outcomes from an xUnit \
            file (Tools/test writes one), and writes conformance.md, conformance.html, conformance.json \
            and junit.xml. A requirement passes only when it has checks and all of them pass. Exits 1 \
            if any requirement fails.
            """
    )

    @Option(help: "Platform profile (ios6 … ios26).")
    var platform = "ios17"

    @Option(help: "Folder to write the report into.")
    var out = "conformance-report"

    @Option(help: "Swift Testing xUnit results (swift test --xunit-output X writes X-swift-testing.xml); without it tests are 'not run'.")
    var testResults: String?

    @Option(help: "Scenario folders or files.")
    var scenarios: [String] = ["Scenarios"]

    @Option(help: "The package's Tests folder, scanned for tests that name requirements.")
    var tests = "Tests"

    func run() throws {
        guard let profile = PlatformProfile(name: platform) else { throw UserError("unknown platform '\(platform)' (expected ios6 … ios26)") }
        let catalog: [Requirement]
        do { catalog = try RequirementCatalog.load() } catch { throw UserError(error.description) }
        let files: [String]
        do { files = try ScenarioFiles.collect(scenarios) } catch { throw UserError(error.description) }
        let scenarioChecks = ScenarioChecks.run(files: files, platform: profile)
        let declarations: [TestDeclaration]
        do { declarations = try TestDeclaration.scan(testsFolder: URL(fileURLWithPath: tests)) } catch {
            throw UserError("cannot read the tests folder '\(tests)': \(error)")
        }
        let results: TestResults?
        do { results = try testResults.map(TestResults.load(file:)) } catch { throw UserError("\(error)") }
        let testChecks = declarations.map { test in
            ConformanceCheck(kind: .test, name: "\(test.file): \(test.displayName)", requirementIDs: test.requirementIDs,
                             outcome: results?.outcome(of: test) ?? .notRun("no test results given (--test-results)"))
        }
        let builtIn = BuiltInChecks.run(on: profile, catalog: catalog)
        let report = ConformanceReport(catalog: catalog, checks: scenarioChecks.checks + builtIn + testChecks, scenarioRuns: scenarioChecks.runs,
                                       platform: profile.description, testResultsGiven: results != nil)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for (name, text) in [("conformance.md", MarkdownWriter.render(report)), ("conformance.html", HTMLWriter.render(report)),
                             ("conformance.json", JSONWriter.render(report)), ("junit.xml", JUnitWriter.render(report))] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: out).appendingPathComponent(name))
        }
        print("\(report.platform): \(report.total) requirements — \(report.count(.passed)) passed, \(report.count(.failed)) failed, "
            + "\(report.count(.notYetImplemented)) not yet implemented, \(report.count(.notCheckable)) not checkable, "
            + "\(report.count(.notChecked)) not checked; "
            + "\(report.findings.count) app rule violations; written to \(out)")
        if report.hasFailures { throw ExitCode(1) }
    }
}
