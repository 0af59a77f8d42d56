import Foundation
import Scenario
import SimCore
import VirtualDevices

/// A scenario's `requirements:` list must name requirements the catalog has. An ID it lacks would
/// make the scenario count for nothing while looking like a check, so both `soundcheck run` and
/// the conformance report fail such a scenario instead of running it.
public enum ScenarioRequirementNames {
    /// The built-in catalog's IDs; empty when the catalog cannot be read (its own tests say why).
    public static let catalogued: Set<String> = Set(((try? RequirementCatalog.load()) ?? []).map(\.id))

    /// One error per uncatalogued ID, at its place in the file, with the closest catalogued ID.
    public static func problems(in scenario: Scenario, text: String, catalogued: Set<String> = catalogued) -> [SourceError] {
        let candidates = catalogued.sorted()
        return scenario.requirements.filter { !catalogued.contains($0) }.map { id in
            let (line, column) = position(of: id, in: text)
            let hint = closestName(to: id, among: candidates).map { " (did you mean \($0)?)" } ?? ""
            return SourceError(file: scenario.file, line: line, column: column,
                               message: "requirement '\(id)' is not in the catalog\(hint); a scenario may name only catalogued requirements")
        }
    }

    /// Reads the file and checks it; nil when it names only catalogued IDs or cannot be read.
    public static func problems(in scenario: Scenario) -> [SourceError] {
        guard let text = try? String(contentsOfFile: scenario.file, encoding: .utf8) else { return [] }
        return problems(in: scenario, text: text)
    }

    /// The 1-based line and column of `id` as a whole word, preferring the `requirements:` line.
    static func position(of id: String, in text: String) -> (line: Int, column: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        let ordered = lines.indices.filter { lines[$0].starts(with: "requirements:") } + lines.indices
        let word = Array(id)
        for index in ordered {
            let line = lines[index]
            for start in line.indices where line[start...].starts(with: word) {
                let end = start + word.count
                if (start == 0 || !isIDCharacter(line[start - 1])) && (end == line.count || !isIDCharacter(line[end])) {
                    return (index + 1, start + 1)
                }
            }
        }
        return (0, 0)
    }

    private static func isIDCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-"
    }
}
