import Foundation
import VirtualDevices

/// Checks that the catalog's talk citations really quote their talks: every phrase occurs in the
/// talk's transcript. The transcripts are Apple's and not in the repository; CI names a folder
/// holding them in `SOUNDCHECK_SEEDS` (`.ci/run`), and the catalog itself loads without them.
public struct SourceCheck {
    /// Transcript file name → its text, normalized.
    public let transcripts: [String: String]

    public init(transcripts: [String: String]) {
        self.transcripts = transcripts.mapValues(Self.normalized)
    }

    /// Reads the transcripts of every talk from `folder`; nil when the folder is missing.
    public init?(transcriptFolder folder: URL) {
        guard FileManager.default.fileExists(atPath: folder.path) else { return nil }
        var texts: [String: String] = [:]
        for talk in RequirementSource.talks {
            texts[talk.transcript] = try? String(contentsOf: folder.appendingPathComponent(talk.transcript), encoding: .utf8)
        }
        self.init(transcripts: texts)
    }

    /// One error per phrase that cannot be found, at the phrase.
    public func problems(in requirements: [Requirement]) -> [SourceError] {
        requirements.compactMap(problem)
    }

    func problem(_ requirement: Requirement) -> SourceError? {
        guard case let .talk(talk, phrase, at) = requirement.source else { return nil }
        guard let text = transcripts[talk.transcript] else {
            return at.error("the transcript of \(talk.citation) (\(talk.transcript)) is not in the transcript folder")
        }
        return text.contains(Self.normalized(phrase)) ? nil : at.error("phrase '\(phrase)' is not said in \(talk.citation)")
    }

    /// Lowercased, with every run of whitespace as one space.
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
