import ArgumentParser
import BuiltInChecks
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
            and junit.xml. A requirement fails when a check that ran failed, and passes when a check that \
            ran passed; checks that did not run (tests without --test-results, scenarios pinned to \
            another release) are listed as 'not run here' and count neither way. Built-in checks of \
            other releases' behaviour run on those releases. Exits 1 if any requirement fails.
            """
    )

    @Option(help: "Platform profile.")
    var platform = PlatformOption.default

    @Option(help: "Folder to write the report into.")
    var out = "conformance-report"

    @Option(help: "Swift Testing xUnit results (swift test --xunit-output X writes X-swift-testing.xml); repeatable, for a suite run in several parts; without it tests are 'not run here'.")
    var testResults: [String] = []

    @Option(help: "Scenario folders or files.")
    var scenarios: [String] = ["Scenarios"]

    @Option(help: ArgumentHelp("Run only share K of N of the scenarios and write their runs (scenario-runs-K-of-N.json) to --out, for --merge; no report.", valueName: "K/N"))
    var shard: Shard?

    @Option(help: ArgumentHelp("Build the report from the scenario-runs files of all N shards in these folders instead of running the scenarios (repeatable).", valueName: "folder"))
    var merge: [String] = []

    @Option(help: "The package's Tests folder, scanned for tests that name requirements (default: Tests, when there is one).")
    var tests: String?

    @Flag(inversion: .prefixedNo, help: "Run the checks compiled into the bench (the default). With --no-built-in-checks they are listed as 'not run here': a quick report of your own scenarios.")
    var builtInChecks = true

    func run() throws {
        let profile = platform.profile
        let contents: RequirementCatalog.Contents
        do { contents = try RequirementCatalog.loadContents() } catch { throw UserError(error.description) }
        let catalog = contents.requirements
        // What the user gave is checked before anything runs: a bad results file or report folder
        // is said at once, not after a minute of scenarios and checks.
        let declarations = try testDeclarations()
        let results: TestResults?
        do { results = try testResults.isEmpty ? nil : TestResults.load(files: testResults) } catch { throw UserError("\(error)") }
        try OutputFile.makeFolder(out, what: shard == nil ? "the report folder" : "the shard folder")
        guard let scenarioChecks = try scenarioChecks(platform: profile) else { return }
        let testChecks = declarations.map { test in
            ConformanceCheck(kind: .test, name: "\(test.file): \(test.displayName)", requirementIDs: test.requirementIDs,
                             outcome: results?.outcome(of: test) ?? .notRun("no test results given (--test-results)"))
        }
        let builtIn: [ConformanceCheck]
        if builtInChecks {
            Self.progress("running the \(BuiltInChecks.all.count) built-in checks")
            builtIn = BuiltInChecks.run(on: profile, catalog: catalog)
        } else {
            builtIn = BuiltInChecks.all.map { check in
                ConformanceCheck(kind: .builtIn, name: check.name, requirementIDs: check.requirementIDs,
                                 outcome: .notRun("built-in checks not run (--no-built-in-checks)"))
            }
        }
        for run in scenarioChecks.runs {
            for warning in ScenarioRequirementNames.warnings(file: run.file, requirementIDs: run.check.requirementIDs) {
                FileHandle.standardError.write(Data("\(warning.description)\n".utf8))
            }
        }
        let report = ConformanceReport(catalog: catalog, retired: contents.retired, checks: scenarioChecks.checks + builtIn + testChecks, scenarioRuns: scenarioChecks.runs,
                                       platform: profile.description, testResultsGiven: results != nil)
        try OutputFile.writeAll([("conformance.md", MarkdownWriter.render(report)), ("conformance.html", HTMLWriter.render(report)),
                                 ("conformance.json", JSONWriter.render(report)), ("junit.xml", JUnitWriter.render(report))],
                                into: out, what: "the report")
        print("\(report.platform): \(report.total) requirements — \(report.count(.passed)) passed, \(report.count(.failed)) failed, "
            + "\(report.count(.notYetImplemented)) not yet implemented, \(report.count(.notCheckable)) not checkable, "
            + "\(report.count(.notChecked)) not checked; "
            + "\(report.findings.count) app rule violations; written to \(out) (open \((out as NSString).appendingPathComponent("conformance.html")))")
        // What failed, so a red run says why without opening the report.
        for check in report.checks {
            if case let .failed(why) = check.outcome { print("FAIL \(check.label): \(why.split(separator: "\n").first ?? "")") }
        }
        for (id, checks) in report.uncataloguedIDs { print("FAIL \(id) is not in the catalog (named by \(checks.joined(separator: ", ")))") }
        if report.hasFailures { throw ExitCode(1) }
    }

    /// Progress goes to standard error, one line per scenario, so a report of a whole folder
    /// (a minute or more in a debug build) shows what it is doing and the output stays the result.
    static func progress(_ line: String) {
        FileHandle.standardError.write(Data("conformance: \(line)\n".utf8))
    }

    /// A scenario has finished: `done` of `count`, in the order the cores finish them.
    static func scenarioProgress(done: Int, count: Int, file: String) {
        progress("[\(done)/\(count)] \(file)")
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

    /// The scenario runs: made here, or merged from the shards' files; nil after writing a share.
    func scenarioChecks(platform: PlatformProfile) throws -> ScenarioChecks? {
        if !merge.isEmpty {
            do {
                let files = try merge.flatMap { folder in
                    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                        .filter { $0.hasPrefix("scenario-runs-") && $0.hasSuffix(".json") }
                        .map { (folder as NSString).appendingPathComponent($0) }
                }
                return try ScenarioShard.merge(files.map(ScenarioShard.read(file:)), platform: platform.description, sources: merge)
            } catch let error as UserError { throw error } catch let error as ShardError { throw UserError(error.description) } catch {
                throw UserError("cannot read the shards under \(merge.joined(separator: ", ")): \(error.localizedDescription)")
            }
        }
        let files: [String]
        do { files = try ScenarioFiles.collect(scenarios) } catch { throw UserError(error.description) }
        guard let shard else { return ScenarioChecks.run(files: files, platform: platform, progress: Self.scenarioProgress) }
        let share = ScenarioShard(index: shard.index, count: shard.count, platform: platform.description,
                                  runs: ScenarioChecks.run(files: shard.share(of: files.sorted()), platform: platform,
                                                           progress: Self.scenarioProgress).runs)
        let path = (out as NSString).appendingPathComponent(share.fileName)
        try OutputFile.write(String(decoding: try share.json(), as: UTF8.self), to: path, what: "the shard's runs")
        print("share \(shard.index)/\(shard.count): \(share.runs.count) scenarios run, written to \(path); "
            + "merge all \(shard.count) with `soundcheck conformance --merge FOLDER…`")
        return nil
    }
}
