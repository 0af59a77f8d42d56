import Foundation
import MediaServer
import Testing
@testable import BuiltInChecks
@testable import Conformance

/// The checks compiled into the bench (what `soundcheck conformance` runs) pass here too, so a
/// change that breaks one fails the test run, not only the report.
@Suite("Built-in checks")
struct BuiltInCheckTests {
    /// The catalog, read once for all the cases below: reading it per check (215 YAML parses in a
    /// debug build) cost more than running the checks.
    static let catalog = Result { try RequirementCatalog.load() }

    /// `Tools/test` makes the conformance report after the tests and fails when a check fails in
    /// it; it names the report's platform in `SOUNDCHECK_REPORT_PLATFORM`, and the run the report
    /// makes of each check is left to it, so no check runs twice on one platform. Without it (a
    /// plain `swift test`) every platform runs here.
    static let reportPlatform = ProcessInfo.processInfo.environment["SOUNDCHECK_REPORT_PLATFORM"].flatMap(PlatformProfile.init(name:))

    /// A release that answers every question a check's run asked of its platform (`since(_:)`,
    /// the release number) like a release it already ran on would run the same deterministic
    /// program again: it is skipped. A check that asks nothing (a codec, a file format) runs once.
    @Test("every built-in check passes on every platform all its requirements name", arguments: BuiltInChecks.all.map(\.name))
    func passes(name: String) throws {
        let check = try #require(BuiltInChecks.all.first { $0.name == name })
        let catalog = try Self.catalog.get()
        var platforms = check.isMacOnly(catalog: catalog) ? [PlatformProfile.default]
            : PlatformProfile.all.filter { check.applies(on: $0, catalog: catalog) }
        #expect(!platforms.isEmpty, "its requirements share no platform")
        if let reportPlatform = Self.reportPlatform, let reportRun = BuiltInChecks.reportRun(of: check, for: reportPlatform, catalog: catalog) {
            platforms.removeAll { $0 == reportRun.release }
        }
        var ran: [(platform: PlatformProfile, questions: RuleQuestions)] = []
        for platform in platforms where !ran.contains(where: { $0.questions.answeredAlike(by: $0.platform, platform) }) {
            let (outcome, questions) = check.trial(platform: platform)
            #expect(outcome == .passed, "\(platform.description): \(outcome.detail ?? "")")
            ran.append((platform, questions))
        }
    }

    @Test("a check's run writes down what it asked of its platform, so releases that answer alike run once")
    func platformQuestions() {
        let asks = BuiltInCheck(["FORMAT-STANDARD"], "asks which release") { p in p.expect(p.platform.release == 8, "on iOS 8") }
        let named = asks.trial(platform: .ios8)
        #expect(named.outcome == .passed)
        #expect(!named.questions.answeredAlike(by: .ios8, .ios7), "the release itself was read")
        // Equality and hashing are plain value comparisons: they ask nothing (a rule asks since(_:)).
        let compares = BuiltInCheck(["FORMAT-STANDARD"], "compares profiles") { p in
            p.expect(p.platform == .ios8 && Set([p.platform]).contains(.ios8), "equal to itself")
        }
        let compared = compares.trial(platform: .ios8)
        #expect(compared.outcome == .passed)
        #expect(compared.questions.isEmpty, "== and hashing wrote a question")
        let rule = BuiltInCheck(["FORMAT-STANDARD"], "asks a rule") { p in
            let device = try p.device()
            p.expect(device.server.platform.deactivatingWithRunningIOReturnsIsBusy, "iOS 8 to 25 say isBusy")
        }
        let ruled = rule.trial(platform: .ios17)
        #expect(ruled.outcome == .passed)
        #expect(ruled.questions.answeredAlike(by: .ios17, .ios14), "both are before iOS 26")
        #expect(!ruled.questions.answeredAlike(by: .ios17, .ios26))
        let codec = BuiltInCheck(["FORMAT-STANDARD"], "a codec") { p in p.expect(1 + 1, equals: 2, "arithmetic") }
        let coded = codec.trial(platform: .ios17)
        #expect(coded.outcome == .passed)
        #expect(coded.questions.isEmpty)
    }

    @Test("built-in checks name only catalogued requirements, and their names are unique")
    func namesCatalogued() throws {
        let ids = Set(try RequirementCatalog.load().map(\.id))
        for check in BuiltInChecks.all {
            #expect(check.requirementIDs.allSatisfy(ids.contains), "\(check.name) names \(check.requirementIDs.filter { !ids.contains($0) })")
        }
        #expect(Set(BuiltInChecks.all.map(\.name)).count == BuiltInChecks.all.count)
    }

    @Test("a failing expectation fails the check with its file, line and message; a throw names where the check is")
    func failureIsReported() {
        let line = #line + 1
        let check = BuiltInCheck(["FORMAT-STANDARD"], "fails on purpose") { p in p.expect(1, equals: 2, "one") }
        #expect(check.run(platform: .ios17).detail == "ConformanceTests/BuiltInCheckTests.swift:\(line): one is 1, expected 2")
        #expect(check.source == "ConformanceTests/BuiltInCheckTests.swift:\(line)")
        struct Broke: Error {}
        let throwing = BuiltInCheck(["FORMAT-STANDARD"], "throws on purpose") { _ in throw Broke() }
        #expect(throwing.run(platform: .ios17).detail == "\(throwing.source): threw Broke()")
    }
}
