import Foundation
import MediaServer
import Testing
@testable import BuiltInChecks
@testable import Conformance

/// The talks' transcripts, which the repository does not carry: a folder named by the
/// environment variable `SOUNDCHECK_SEEDS` (`.ci/run` sets it when the machine has them).
enum Transcripts {
    static var folder: URL? {
        ProcessInfo.processInfo.environment["SOUNDCHECK_SEEDS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }
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

    @Test("cites every talk at least 20 times")
    func everyTalkCited() {
        for talk in RequirementSource.talks {
            let count = catalog.filter { if case .talk(talk, _, _) = $0.source { true } else { false } }.count
            #expect(count >= 20, "\(talk.citation) is cited by \(count) requirements")
        }
    }

    @Test("speaks of the media server's platform profiles, plus macos")
    func platformNamesMatchProfiles() {
        #expect(CatalogPlatform.names == PlatformProfile.all.map(\.description) + ["macos"])
    }

    @Test("quotes phrases the talks really say (skipped, visibly, when SOUNDCHECK_SEEDS names no transcript folder)",
          .enabled(if: Transcripts.folder != nil, "SOUNDCHECK_SEEDS is not set: the talks' transcripts are not on this machine, phrases not checked"))
    func phrasesAreSaid() throws {
        let folder = try #require(Transcripts.folder)
        let check = try #require(SourceCheck(transcriptFolder: folder), "SOUNDCHECK_SEEDS names \(folder.path), which does not exist")
        let problems = check.problems(in: catalog)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }
}
