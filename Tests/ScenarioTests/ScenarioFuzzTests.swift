import Foundation
import SimCore
import Testing
@testable import Scenario

/// Mutated scenario texts never crash the parser, the validator or the runner. The edits are the
/// ones people make; the coverage-guided fuzz target `scenario` (Tools/fuzz, docs/fuzzing.md) makes
/// the long runs over arbitrary bytes.
@Suite("Scenario fuzzing")
struct ScenarioFuzzTests {
    static let cases = 2_000

    /// Small edits people (and merges) make: lines lost, doubled or swapped, typos, other
    /// numbers and times, keys that do not exist.
    static func mutate(_ text: String, _ random: inout SimRandom) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = 1 + Int(random.uniform(below: 3))
        for _ in 0..<edits where !lines.isEmpty {
            let index = Int(random.uniform(below: UInt64(lines.count)))
            switch random.uniform(below: 7) {
            case 0: lines.remove(at: index)
            case 1: lines.insert(lines[index], at: index)
            case 2: lines.swapAt(index, Int(random.uniform(below: UInt64(lines.count))))
            case 3:
                var characters = Array(lines[index])
                guard !characters.isEmpty else { continue }
                let position = Int(random.uniform(below: UInt64(characters.count)))
                characters[position] = random.pick(Array("{}[]:,-# \"'0123456789abcxyz@&*!|>"))
                lines[index] = String(characters)
            case 4: lines[index] = replaceNumber(in: lines[index], &random)
            case 5: lines[index] = lines[index].replacingOccurrences(
                of: random.pick(["s", "ms", "0s", "1s", "2s"]), with: random.pick(["ms", "h", "us", "m", "", "-1s", "1.5s", "99999999h"]))
            default:
                let key = random.pick(["bogus", "atx", "appp", "stat", "mistake", "category", "at", "do", "expect"])
                lines.insert(random.chance(1, in: 2) ? "\(key): 1" : "  - { \(key): 1 }", at: index)
            }
        }
        return lines.joined(separator: "\n")
    }

    static func replaceNumber(in line: String, _ random: inout SimRandom) -> String {
        guard let digit = line.firstIndex(where: \.isNumber) else { return line }
        let replacement = random.pick(["0", "1", "7", "100", "65535", "4294967296", "9223372036854775807", "99999999999999999999"])
        return line.replacingCharacters(in: digit...digit, with: replacement)
    }

    /// Every valid mutant parses and validates; one in `runEvery` also runs. A run costs forty
    /// parses (60 ms against 1.5 ms in a debug build: the shipped scenarios include minutes of
    /// AirPlay streaming), so one in 25 keeps the runs near a third of the test's time.
    static let runEvery = 25

    /// The cases come in four batches, each with its own stream: the test runner spreads them over
    /// the cores and none is left running alone at the end of the suite.
    static let batches = 4

    @Test("2,000 mutated scenarios (four batches) parse and validate, and one valid mutant in 25 runs, without crashing",
          arguments: 0..<batches)
    func fuzz(batch: Int) throws {
        let sources = try ScenarioFixtures.allScenarioFiles().map { try String(contentsOfFile: $0, encoding: .utf8) }
        var random = SimRandom(seed: 20_261_122 + UInt64(batch))
        var parsed = 0, ran = 0, rejected = 0
        let runner = ScenarioRunner(eventBudget: 400)
        let cases = Self.cases / Self.batches
        for number in 0..<cases {
            let text = Self.mutate(random.pick(sources), &random)
            do {
                let scenario = try Scenario.parse(text, file: "fuzz-\(batch)-\(number).yaml")
                parsed += 1
                // Bounded by a small event budget.
                if parsed % Self.runEvery == 0 {
                    _ = try runner.run(scenario)
                    ran += 1
                }
            } catch {
                rejected += 1
                #expect(!error.message.isEmpty)
            }
        }
        #expect(parsed + rejected == cases)
        #expect(parsed > cases / 10, "mutations should leave many scenarios valid")
        #expect(rejected > cases / 10, "mutations should break many scenarios")
        #expect(ran > cases / 250, "a valid mutant in 25 should run")
        print("fuzz batch \(batch): \(parsed) valid (\(ran) run), \(rejected) rejected")
    }
}
