import Foundation
import VirtualDevices

/// Checks that a catalog's sources really say something: every seed phrase occurs in its seed
/// transcript and every reference section is a numbered heading of its note. Run where the shared
/// folders exist (tests, CI); the catalog itself loads without them.
public struct SourceCheck {
    /// File name → contents of the talks' transcripts, when the machine has them.
    public let seeds: [String: String]
    /// File name → the numbers of its numbered headings (`8`, `2.1`).
    public let referenceHeadings: [String: Set<String>]

    public init(seeds: [String: String], references: [String: String]) {
        self.seeds = seeds.mapValues(Self.normalized)
        self.referenceHeadings = references.mapValues(Self.headingNumbers)
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
            guard let headings = referenceHeadings[file] else { return at.error("reference note '\(file)' is not in the reference folder") }
            return headings.contains(String(section.dropFirst())) ? nil : at.error("\(file) has no heading numbered \(section)")
        }
    }

    /// Lowercased, with every run of whitespace as one space.
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The numbers that start Markdown headings: `## 8. Error codes` → 8, `### 2.1 Table` → 2.1.
    static func headingNumbers(in text: String) -> Set<String> {
        var numbers: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.drop { $0 == " " }
            let number = title.prefix { $0.isNumber || $0 == "." }
            let trimmed = number.hasSuffix(".") ? number.dropLast() : number
            if !trimmed.isEmpty, title.dropFirst(number.count).first == " " { numbers.insert(String(trimmed)) }
        }
        return numbers
    }
}
