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

    @Test("every built-in check passes on every platform all its requirements name", arguments: BuiltInChecks.all.map(\.name))
    func passes(name: String) throws {
        let check = try #require(BuiltInChecks.all.first { $0.name == name })
        let catalog = try Self.catalog.get()
        var platforms = PlatformProfile.all.filter { check.applies(on: $0, catalog: catalog) }
        // A Mac-only check runs on the newest release's media server, as the report runs it.
        if platforms.isEmpty, check.isMacOnly(catalog: catalog), let newest = PlatformProfile.all.last { platforms = [newest] }
        #expect(!platforms.isEmpty, "its requirements share no platform")
        for platform in platforms {
            let outcome = check.run(platform: platform)
            #expect(outcome == .passed, "\(platform.description): \(outcome.detail ?? "")")
        }
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
