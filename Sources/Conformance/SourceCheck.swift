import Foundation
import VirtualDevices

/// Checks that a catalog's sources really say something: every seed phrase occurs in its seed
/// transcript and every reference section is a numbered heading of its note. Run where the shared
/// folders exist (tests, CI); the catalog itself loads without them.
public struct SourceCheck {
    /// File name → contents, e.g. loaded from `../shared/seeds`.
    public let seeds: [String: String]
    public let references: [String: String]

    public init(seeds: [String: String], references: [String: String]) {
        self.seeds = seeds.mapValues(Self.normalized)
        self.references = references
    }

    /// Reads every file of `seedsFolder` and `referenceFolder`; nil when either folder is missing.
    public init?(seedsFolder: URL, referenceFolder: URL) {
        func texts(_ folder: URL) -> [String: String]? {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
            var result: [String: String] = [:]
            for name in names {
                result[name] = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
            return result
        }
        guard let seeds = texts(seedsFolder), let references = texts(referenceFolder) else { return nil }
        self.init(seeds: seeds, references: references)
    }

    /// One error per source that cannot be found, at the phrase or section that is wrong.
    public func problems(in requirements: [Requirement]) -> [SourceError] {
        requirements.compactMap(problem)
    }

    func problem(_ requirement: Requirement) -> SourceError? {
        switch requirement.source {
        case let .seed(file, phrase, at):
            guard let text = seeds[file] else { return at.error("seed file '\(file)' is not in the seeds folder") }
            return text.contains(Self.normalized(phrase)) ? nil : at.error("phrase '\(phrase)' does not occur in \(file)")
        case let .reference(file, section, at):
            guard let text = references[file] else { return at.error("reference note '\(file)' is not in the reference folder") }
            return Self.hasHeading(section, in: text) ? nil : at.error("\(file) has no heading numbered \(section)")
        }
    }

    /// Lowercased, with every run of whitespace as one space.
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A Markdown heading whose text starts with the number: `## 8. Error codes`, `### 2.1 Table`.
    static func hasHeading(_ section: String, in text: String) -> Bool {
        let number = String(section.dropFirst())
        return text.split(separator: "\n").contains { line in
            guard line.hasPrefix("#") else { return false }
            let title = line.drop { $0 == "#" }.drop { $0 == " " }
            return title.hasPrefix(number + " ") || title.hasPrefix(number + ". ")
        }
    }
}
