import Foundation
import MediaServer
import Testing
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

    /// A check that never asks which platform it runs on (a codec, a kernel, a file format) runs
    /// once: on the other platforms it would run the same deterministic program again.
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
        for platform in platforms {
            let (outcome, readPlatform) = check.trial(platform: platform)
            #expect(outcome == .passed, "\(platform.description): \(outcome.detail ?? "")")
            if !readPlatform { break }
        }
    }

    @Test("a check that asks for its platform is told it; one that does not is known not to depend on it")
    func platformUse() {
        let asks = BuiltInCheck(["FORMAT-STANDARD"], "asks") { p in p.expect(p.platform == .ios8, "on iOS 8") }
        #expect(asks.trial(platform: .ios8) == (.passed, true))
        #expect(asks.trial(platform: .ios17).readPlatform)
        let device = BuiltInCheck(["FORMAT-STANDARD"], "makes a device") { p in _ = try p.device() }
        #expect(device.trial(platform: .ios17).readPlatform, "device() runs the device on the check's platform")
        let codec = BuiltInCheck(["FORMAT-STANDARD"], "a codec") { p in p.expect(1 + 1, equals: 2, "arithmetic") }
        #expect(codec.trial(platform: .ios17) == (.passed, false))
    }

    @Test("built-in checks name only catalogued requirements, and their names are unique")
    func namesCatalogued() throws {
        let ids = Set(try RequirementCatalog.load().map(\.id))
        for check in BuiltInChecks.all {
            #expect(check.requirementIDs.allSatisfy(ids.contains), "\(check.name) names \(check.requirementIDs.filter { !ids.contains($0) })")
        }
        #expect(Set(BuiltInChecks.all.map(\.name)).count == BuiltInChecks.all.count)
    }

    @Test("a failing expectation fails the check with its line and message")
    func failureIsReported() {
        let check = BuiltInCheck(["FORMAT-STANDARD"], "fails on purpose") { p in p.expect(1, equals: 2, "one") }
        #expect(check.run(platform: .ios17).detail?.contains("one is 1, expected 2") == true)
    }
}
