/// A requirement ID that is no longer in the catalog, kept so scenario files and tests written
/// against it still load. A renamed requirement does not need one: its entry lists the old ID
/// under `aliases:`, and the old ID keeps meaning the same requirement. A retired ID was split
/// into several requirements, or never named a catalogued one (a scenario's or a suite's own
/// name), so it cannot stand for one: a use of it loads with a warning naming the replacements
/// and proves none of them, since the check may cover only one part of what the old ID said.
///
/// In the area file the old ID would belong to:
///
/// ```yaml
/// - retired: SESSION-HW-PREFERENCE
///   replaced-by: [SESSION-HW-PREFERRED-SAMPLE-RATE, SESSION-HW-PREFERENCES-ARE-REQUESTS]
///   why: split into the request and what the hardware grants
/// ```
public struct RetiredRequirement: Sendable, Equatable {
    public let id: String
    /// Catalogued IDs that say what the old one said, between them; never empty.
    public let replacedBy: [String]
    /// Why it was retired rather than renamed, in a few words.
    public let why: String
    /// Where the `retired:` entry was written.
    public let origin: CatalogLocation

    public init(id: String, replacedBy: [String], why: String, origin: CatalogLocation) {
        self.id = id
        self.replacedBy = replacedBy
        self.why = why
        self.origin = origin
    }

    /// "retired (why); use A or B instead" — the warning's tail wherever the ID is used.
    public var advice: String {
        let names = replacedBy.count == 1 ? replacedBy[0]
            : replacedBy.dropLast().joined(separator: ", ") + " or " + replacedBy.last!
        return "retired (\(why)); name \(names) instead"
    }
}
