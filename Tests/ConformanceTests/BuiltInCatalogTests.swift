import Foundation
import MediaServer
import Testing
@testable import Conformance

/// The shared folders next to the repository (CI has them; a bare clone may not).
enum SharedFolders {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared")
    static let seeds = root.appendingPathComponent("seeds")
    static let reference = root.appendingPathComponent("reference")
    static var exist: Bool { FileManager.default.fileExists(atPath: seeds.path) && FileManager.default.fileExists(atPath: reference.path) }
}

@Suite("The built-in requirement catalog")
struct BuiltInCatalogTests {
    let catalog: [Requirement]

    init() throws {
        do { catalog = try RequirementCatalog.load() } catch { Issue.record("\(error)"); throw error }
    }

    @Test("loads with no problems, sorted by id, and every id is unique")
    func loadsSortedAndUnique() {
        #expect(catalog.map(\.id) == catalog.map(\.id).sorted())
        #expect(Set(catalog.map(\.id)).count == catalog.count)
    }

    @Test("holds at least 300 requirements")
    func isLarge() { #expect(catalog.count >= 300) }

    @Test("has requirements in every area")
    func everyAreaPresent() {
        for area in CatalogArea.all {
            #expect(catalog.contains { $0.area == area.name }, "no requirement in \(area.name).yaml")
        }
    }

    @Test("cites every seed transcript at least 20 times")
    func everySeedCited() {
        for seed in RequirementSource.seedFiles {
            let count = catalog.filter { if case .seed(seed, _, _) = $0.source { true } else { false } }.count
            #expect(count >= 20, "\(seed) is cited by \(count) requirements")
        }
    }

    @Test("speaks of the media server's platform profiles, plus macos")
    func platformNamesMatchProfiles() {
        #expect(CatalogPlatform.names == PlatformProfile.all.map(\.description) + ["macos"])
    }

    @Test("quotes phrases that occur in their seeds and sections that exist in the references",
          .enabled(if: SharedFolders.exist, "../shared/seeds and ../shared/reference are not next to the package; phrases not checked"))
    func sourcesExist() throws {
        let check = try #require(SourceCheck(seedsFolder: SharedFolders.seeds, referenceFolder: SharedFolders.reference))
        let problems = check.problems(in: catalog)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }
}
