/// Where a requirement is documented: a phrase that occurs in one of the seed transcripts, or a
/// numbered section of one of the reference notes.
public enum RequirementSource: Sendable, Equatable {
    /// `phrase` is a short case-insensitive substring of the seed transcript (whitespace runs,
    /// including the subtitle line breaks of some transcripts, count as one space).
    case seed(file: String, phrase: String, at: CatalogLocation)
    /// `section` is written `§N` or `§N.M` and names a numbered heading of the reference note.
    case reference(file: String, section: String, at: CatalogLocation)

    public var file: String {
        switch self {
        case let .seed(file, _, _), let .reference(file, _, _): file
        }
    }

    /// The talks' transcripts the catalog may cite (docs/sources.md names them).
    public static let seedFiles = [
        "000_9934ddbb76e71876.txt", "001_915866e75434371f.txt", "002_14e980e8bdae805b.txt",
        "003_e762fd0413f4549b.txt", "004_77f3f87b8d835520.txt",
    ]

    /// The research notes the catalog may cite, by file name.
    public static let referenceFiles = [
        "airplay.md", "avaudiosession.md", "engine.md", "midi.md", "peers.md", "perf.md",
    ]
}
