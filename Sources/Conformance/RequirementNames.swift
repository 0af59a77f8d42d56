/// Every name a requirement has gone by: the catalog's IDs, the old IDs renamed entries keep as
/// `aliases:`, and retired IDs. Scenario files, test names and the report ask it what a written ID
/// means, so an ID once published keeps loading after the catalog renames or retires it
/// (`Tests/ConformanceTests/requirement-ids.txt` holds every published ID, and a test fails when
/// one stops resolving).
public struct RequirementNames: Sendable {
    /// What a written ID stands for.
    public enum Meaning: Sendable, Equatable {
        /// A catalogued ID.
        case current(String)
        /// An old ID of a renamed requirement: `current` is its ID now.
        case alias(of: String)
        case retired(RetiredRequirement)
        /// Not an ID the catalog has ever had.
        case unknown
    }

    /// Catalogued IDs, sorted.
    public let ids: [String]
    private let catalogued: Set<String>
    /// Old ID → current ID.
    public let aliases: [String: String]
    /// Retired ID → its entry.
    public let retired: [String: RetiredRequirement]

    public init(requirements: [Requirement], retired: [RetiredRequirement]) {
        ids = requirements.map(\.id).sorted()
        catalogued = Set(ids)
        var aliases: [String: String] = [:]
        for requirement in requirements { for old in requirement.aliases { aliases[old] = requirement.id } }
        self.aliases = aliases
        self.retired = Dictionary(retired.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The built-in catalog's names; empty when the catalog cannot be read (its own tests say why).
    public static let builtIn: RequirementNames = {
        guard let contents = try? RequirementCatalog.loadContents() else { return RequirementNames(requirements: [], retired: []) }
        return RequirementNames(requirements: contents.requirements, retired: contents.retired)
    }()

    public func meaning(of id: String) -> Meaning {
        if catalogued.contains(id) { return .current(id) }
        if let current = aliases[id] { return .alias(of: current) }
        if let entry = retired[id] { return .retired(entry) }
        return .unknown
    }

    /// The catalogued ID a written one counts for: itself, or the entry an alias renamed. Nil for
    /// a retired or unknown ID, which counts for nothing.
    public func current(_ id: String) -> String? {
        switch meaning(of: id) {
        case let .current(id), let .alias(of: id): id
        case .retired, .unknown: nil
        }
    }

    /// Every name that loads (catalogued, alias or retired), sorted: what did-you-mean hints search.
    public var allNames: [String] { (ids + aliases.keys + retired.keys).sorted() }
}
