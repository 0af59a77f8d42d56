import Testing
import VirtualDevices
@testable import BuiltInChecks
@testable import Conformance

/// What a catalog author sees when an entry is wrong: one message per problem, at the exact place.
@Suite("Malformed catalog entries")
struct MalformedCatalogTests {
    static let talk = "WWDC 2010 session 412"

    func problems(_ files: [(name: String, text: String)]) -> [String] {
        var errors: [SourceError] = []
        _ = RequirementCatalog.parse(files: files, errors: &errors)
        return errors.map(\.description)
    }

    func entry(id: String = "SESSION-EXAMPLE", platforms: String = "[ios8]") -> String {
        """
        - id: \(id)
          statement: Something holds.
          source: { talk: \(Self.talk), phrase: "last in wins" }
          platforms: \(platforms)

        """
    }

    @Test("a well-formed entry reads back with its area and location")
    func wellFormed() throws {
        var errors: [SourceError] = []
        let requirements = RequirementCatalog.parse(files: [("session.yaml", entry())], errors: &errors)
        #expect(errors.isEmpty)
        let requirement = try #require(requirements.first)
        #expect(requirement.id == "SESSION-EXAMPLE")
        #expect(requirement.area == "session")
        #expect(requirement.platforms == ["ios8"])
        #expect(requirement.origin == CatalogLocation(file: "session.yaml", line: 1, column: 7))
    }

    @Test("an unknown key names the key it resembles")
    func unknownKey() {
        let text = """
        - id: SESSION-EXAMPLE
          statment: Something holds.
        """
        #expect(problems([("session.yaml", text)]) == [
            "session.yaml:2:3: unknown key 'statment' in a requirement; did you mean 'statement'? (allowed: id, statement, source, platforms, not-checkable, aliases)",
        ])
    }

    @Test("a missing field is reported at its entry")
    func missingField() {
        let text = """
        - id: SESSION-EXAMPLE
          statement: Something holds.
          platforms: [ios8]
        """
        #expect(problems([("session.yaml", text)]) == ["session.yaml:1:3: a requirement needs the key 'source'"])
    }

    @Test("a duplicate id names both places, even across files")
    func duplicateID() {
        #expect(problems([("routing.yaml", entry(id: "ROUTING-X")), ("session.yaml", entry() + entry() + entry(id: "SESSION-Y"))]) == [
            "session.yaml:5:7: duplicate id 'SESSION-EXAMPLE'; first defined at session.yaml:1:7",
        ])
    }

    @Test("an id outside its area's prefix says which area it belongs to")
    func wrongPrefix() {
        #expect(problems([("session.yaml", entry(id: "SESSION-INTERRUPT-X"))]) == [
            "session.yaml:1:7: id 'SESSION-INTERRUPT-X' must start with 'SESSION-', the prefix of area 'session' (that prefix belongs to interruption.yaml)",
        ])
        #expect(problems([("now-playing.yaml", entry(id: "ROUTING-X"))]) == [
            "now-playing.yaml:1:7: id 'ROUTING-X' must start with 'NOW-PLAYING-' or 'REMOTE-COMMAND-', the prefix of area 'now-playing' (that prefix belongs to routing.yaml)",
        ])
        #expect(problems([("session.yaml", entry(id: "Session-x"))]) == [
            "session.yaml:1:7: id 'Session-x' must be UPPER-KEBAB (A-Z, 0-9, single hyphens)",
        ])
    }

    @Test("an unknown platform name suggests the nearest one")
    func unknownPlatform() {
        #expect(problems([("session.yaml", entry(platforms: "[ios8, iso17]"))]) == [
            "session.yaml:4:21: unknown platform 'iso17'; did you mean 'ios17'? (expected one of: ios6, ios7, ios8, ios14, ios17, ios26, macos)",
        ])
    }

    @Test("an unknown talk or area file is named")
    func unknownFiles() {
        let text = """
        - id: SESSION-EXAMPLE
          statement: Something holds.
          source: { talk: WWDC 2010 session 413, phrase: "last in wins" }
          platforms: [ios8]
        """
        #expect(problems([("session.yaml", text)]).first?.hasPrefix("session.yaml:3:19: unknown talk 'WWDC 2010 session 413'; did you mean 'WWDC 2010 session 412'?") == true)
        #expect(problems([("sesion.yaml", entry())]) == [
            "sesion.yaml: unknown area 'sesion'; did you mean 'session.yaml'? (areas: session, interruption, hardware, permission, reset, routing, multichannel, formats-files, player-recorder, engine, audio-units, openal, inter-app-audio, component-manager, core-midi, midi-ble, airplay2, now-playing, app-lifecycle, speech, capture)",
        ])
    }

    @Test("a phrase the talk does not say is located; a doc source names its documentation")
    func sourcesNotFound() throws {
        let text = """
        - id: SESSION-EXAMPLE
          statement: Something holds.
          source: { talk: \(Self.talk), phrase: "first in wins" }
          platforms: [ios8]
        - id: SESSION-OTHER
          statement: Something else holds.
          source: { doc: "AVAudioSession.setActive(_:options:)" }
          platforms: [ios8]
        """
        var errors: [SourceError] = []
        let requirements = RequirementCatalog.parse(files: [("session.yaml", text)], errors: &errors)
        #expect(errors.isEmpty)
        #expect(requirements.map(\.source.description) == ["WWDC 2010 session 412", "AVAudioSession.setActive(_:options:)"])
        let transcript = "002_14e980e8bdae805b.txt"
        let check = SourceCheck(transcripts: [transcript: "Whatever happened LAST,\n   wins; last in\nwins."])
        #expect(check.problems(in: requirements).map(\.description) == [
            "session.yaml:3:50: phrase 'first in wins' is not said in WWDC 2010 session 412",
        ])
        #expect(SourceCheck(transcripts: [:]).problems(in: requirements).map(\.description) == [
            "session.yaml:3:50: the transcript of WWDC 2010 session 412 (002_14e980e8bdae805b.txt) is not in the transcript folder",
        ])
        let fixed = SourceCheck(transcripts: [transcript: "first\nIN   wins"])
        #expect(fixed.problems(in: requirements).isEmpty)
    }

    @Test("the old seed: and reference: sources say what to write instead")
    func oldSources() {
        let entry = { (source: String) in "- id: SESSION-OTHER\n  statement: Something holds.\n  source: \(source)\n  platforms: [ios8]\n" }
        #expect(problems([("session.yaml", entry("{ seed: 002_14e980e8bdae805b.txt, phrase: \"last in wins\" }"))]) == [
            "session.yaml:3:13: 'seed:' names a transcript file; cite the talk instead: { talk: WWDC 2010 session 412, phrase: … }",
        ])
        #expect(problems([("session.yaml", entry("{ reference: engine.md, section: \"§4.4\" }"))]) == [
            "session.yaml:3:13: 'reference:' names a note outside the repository; cite Apple's documentation by name instead: { doc: \"…\" }",
        ])
    }

    @Test("a source is either { talk, phrase } or { doc }")
    func sourceShape() {
        let text = """
        - id: SESSION-OTHER
          statement: Something holds.
          source: { doc: "AVAudioSession", phrase: "something long" }
          platforms: [ios8]
        """
        #expect(problems([("session.yaml", text)]) == ["session.yaml:3:36: unknown key 'phrase' in a source (allowed: doc)"])
    }

    @Test("YAML syntax errors keep their line and column")
    func syntaxError() {
        let problems = problems([("session.yaml", "- id: [unclosed\n")])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("session.yaml:") == true)
    }
}
