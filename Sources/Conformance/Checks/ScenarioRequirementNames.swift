import Foundation
import Scenario
import SimCore
import VirtualDevices

/// A scenario's `requirements:` list must name requirements the catalog has. An ID it lacks would
/// make the scenario count for nothing while looking like a check, so both `soundcheck run` and
/// the conformance report fail such a scenario instead of running it. An old ID still loads: a
/// renamed requirement's alias counts for it, and a retired ID gives a warning naming what
/// replaced it (`RequirementNames`).
public enum ScenarioRequirementNames {
    /// One error per uncatalogued ID, at its place in the file, with the closest name that loads.
    public static func problems(in scenario: Scenario, text: String, names: RequirementNames = .builtIn) -> [SourceError] {
        let candidates = names.allNames
        return scenario.requirements.filter { names.meaning(of: $0) == .unknown }.map { id in
            let (line, column) = position(of: id, in: text)
            let hint = closestName(to: id, among: candidates).map { " (did you mean \($0)?)" } ?? ""
            return SourceError(file: scenario.file, line: line, column: column,
                               message: "requirement '\(id)' is not in the catalog\(hint); a scenario may name only catalogued requirements")
        }
    }

    /// Reads the file and checks it; empty when it names only IDs that load or cannot be read.
    public static func problems(in scenario: Scenario) -> [SourceError] {
        guard let text = try? String(contentsOfFile: scenario.file, encoding: .utf8) else { return [] }
        return problems(in: scenario, text: text)
    }

    /// One warning per retired ID the file names, at its place, naming its replacements. The
    /// scenario still runs; it proves none of them until it names them.
    public static func warnings(file: String, requirementIDs: [String], text: String, names: RequirementNames = .builtIn) -> [SourceError] {
        requirementIDs.compactMap { id in
            guard case let .retired(entry) = names.meaning(of: id) else { return nil }
            let (line, column) = position(of: id, in: text)
            return SourceError(file: file, line: line, column: column, message: "warning: requirement '\(id)' is \(entry.advice)")
        }
    }

    /// Reads the file and warns about its retired IDs.
    public static func warnings(in scenario: Scenario) -> [SourceError] {
        warnings(file: scenario.file, requirementIDs: scenario.requirements)
    }

    public static func warnings(file: String, requirementIDs: [String]) -> [SourceError] {
        guard requirementIDs.contains(where: { RequirementNames.builtIn.retired[$0] != nil }),
              let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        return warnings(file: file, requirementIDs: requirementIDs, text: text)
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
