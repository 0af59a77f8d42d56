import Foundation
import SimCore
import Testing
import VirtualDevices
@testable import Scenario

/// Anchors, aliases and merge keys in every YAML reader (scenarios, event scripts, profiles):
/// whatever the mix, each document is accepted or refused with a located error in bounded time.
/// Before the alias bound, an alias used as a key made Yams' duplicate-key check take time that
/// doubled with each level of nesting (350 bytes: 29 s).
@Suite("YAML alias fuzzing")
struct YAMLAliasFuzzTests {
    static let cases = 600

    /// A random document: a top-level mapping of real and made-up keys whose values are scalars,
    /// flow lists and mappings, with anchors on some nodes and aliases (as values, as keys, and in
    /// `<<:` merge keys) to earlier anchors, nested up to four levels.
    struct Generator {
        var random: SimRandom
        var anchors: [String] = []

        mutating func node(depth: Int) -> String {
            let anchor = random.chance(1, in: 3) ? "&n\(anchors.count) " : ""
            let text: String
            switch depth >= 4 ? 0 : random.uniform(below: 4) {
            case 0: text = anchor + random.pick(["1", "x", "iphone", "1s", "true", "\"q\"", "game", "[]", "{}"])
            case 1: text = anchor + "[" + (0..<Int(random.uniform(below: 5))).map { _ in value(depth: depth + 1) }.joined(separator: ", ") + "]"
            default: text = anchor + "{" + (0..<Int(random.uniform(below: 5))).map { _ in pair(depth: depth + 1) }.joined(separator: ", ") + "}"
            }
            if !anchor.isEmpty { anchors.append("n\(anchors.count)") }
            return text
        }

        mutating func value(depth: Int) -> String {
            if !anchors.isEmpty, random.chance(1, in: 3) { return "*" + random.pick(anchors) }
            return node(depth: depth)
        }

        mutating func pair(depth: Int) -> String {
            if !anchors.isEmpty, random.chance(1, in: 6) { return "<<: *" + random.pick(anchors) }
            if !anchors.isEmpty, random.chance(1, in: 8) { return "? *\(random.pick(anchors)) : " + value(depth: depth) }
            let key = random.pick(["scenario", "script", "profile", "seed", "steps", "apps", "expect", "accessories", "k", "j"])
            return "\(key)\(anchors.count): " + value(depth: depth)
        }

        mutating func document() -> String {
            let head = random.pick(["scenario: fuzz\n", "script: fuzz\n", "profile: fuzz\nname: Fuzz\n", ""])
            return head + (0..<(1 + Int(random.uniform(below: 12)))).map { _ in pair(depth: 0) }.joined(separator: "\n") + "\n"
        }
    }

    @Test("600 documents with anchors, aliases and merge keys: every reader finishes each in bounded time")
    func fuzz() throws {
        var generator = Generator(random: SimRandom(seed: 20_261_122).fork("yaml-aliases"))
        let clock = ContinuousClock()
        var refusedAliasKeys = 0, slowest = Duration.zero
        for number in 0..<Self.cases {
            generator.anchors = []
            let text = generator.document()
            let file = "alias-\(number).yaml"
            let elapsed = clock.measure {
                for read in [{ _ = try Scenario.parse(text, file: file) }, { _ = try EventScript.parse(text, file: file) },
                             { _ = try DeviceProfile.parse(text, file: file) }] as [() throws -> Void] {
                    do { try read() } catch let error as SourceError {
                        #expect(!error.message.isEmpty)
                        if error.message.contains("cannot be a mapping key") {
                            refusedAliasKeys += 1
                            #expect(error.line > 0, "an alias key is located: \(error)")
                        }
                    } catch {
                        Issue.record("\(file): not a SourceError: \(error)\n\(text)")
                    }
                }
            }
            slowest = max(slowest, elapsed)
            #expect(elapsed < .seconds(2), "\(file) took \(elapsed):\n\(text)")
        }
        #expect(refusedAliasKeys > 30, "the generator makes alias keys often enough to matter: \(refusedAliasKeys)")
        print("YAML alias fuzzing: \(Self.cases) documents, \(refusedAliasKeys) alias-key refusals, slowest \(slowest)")
    }

    @Test("the issue's case: alias keys nested 20 deep are refused in milliseconds, at the first alias key")
    func nestedAliasKeys() {
        let text = (1..<20).reduce("a0: &a0 {x: 1}\n") { text, level in
            text + "a\(level): &a\(level) {? *a\(level - 1) : 1, k: *a\(level - 1)}\n"
        }
        let clock = ContinuousClock()
        var caught: SourceError?
        let elapsed = clock.measure {
            do { _ = try Scenario.parse(text, file: "keys.yaml") } catch let error as SourceError { caught = error } catch {}
        }
        #expect(caught?.description == "keys.yaml:2:12: an alias (*a0) cannot be a mapping key; write the key out")
        #expect(elapsed < .seconds(1))
    }

    @Test("aliases as values and merge keys still read, and a document that expands past the bound is refused")
    func expansionBound() throws {
        let fine = try YAMLValue.parse("base: &b {x: 1}\nuse: *b\nmerged: {<<: *b, y: 2}\n", file: "fine.yaml")
        #expect(try fine.mapping("a test", allowed: ["base", "use", "merged"])["use"]?.mapping("use", allowed: ["x"])["x"]?.int("x") == 1)
        let laughs = (1..<8).reduce("l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n") { text, level in
            text + "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(throws: SourceError(file: "laughs.yaml", line: 5, column: 55,
                                    message: "with its aliases expanded the document has more than 100000 nodes; write the repeated parts out or use fewer aliases")) {
            _ = try YAMLValue.parse(laughs, file: "laughs.yaml")
        }
    }
}
