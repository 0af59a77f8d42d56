/// Where a requirement is documented: a phrase said in one of the five WWDC talks that are
/// Soundcheck's specification, or a piece of Apple documentation (or a published spec) by name.
public enum RequirementSource: Sendable, Equatable {
    /// `phrase` is a short case-insensitive substring of what the talk's speakers say (whitespace
    /// runs count as one space).
    case talk(Talk, phrase: String, at: CatalogLocation)
    /// A class, header, technical Q&A, guide or specification, by the name its publisher uses.
    case doc(String, at: CatalogLocation)

    /// One of the talks (docs/sources.md says what each contributes).
    public struct Talk: Sendable, Equatable {
        /// How the catalog cites it: `WWDC 2010 session 412`.
        public let citation: String
        public let title: String
        /// The file name of its transcript in the transcript set the source check reads
        /// (`SOUNDCHECK_SEEDS`); the repository does not carry the transcripts.
        public let transcript: String
    }

    public static let talks = [
        Talk(citation: "WWDC 2010 session 412", title: "Audio Development for iPhone OS, Part 1", transcript: "002_14e980e8bdae805b.txt"),
        Talk(citation: "WWDC 2012 session 505", title: "Audio Session and Multiroute Audio in iOS", transcript: "004_77f3f87b8d835520.txt"),
        Talk(citation: "WWDC 2013 session 602", title: "What's New in Core Audio for iOS", transcript: "001_915866e75434371f.txt"),
        Talk(citation: "WWDC 2014 session 501", title: "What's New in Core Audio", transcript: "000_9934ddbb76e71876.txt"),
        Talk(citation: "WWDC 2017 session 509", title: "Introducing AirPlay 2", transcript: "003_e762fd0413f4549b.txt"),
    ]
}

extension RequirementSource: CustomStringConvertible {
    /// The citation as a reader looks it up: the talk (`WWDC 2010 session 412`) or the doc's name.
    public var description: String {
        switch self {
        case let .talk(talk, _, _): talk.citation
        case let .doc(name, _): name
        }
    }
}
