import SimCore
import VirtualDevices

/// Reads one catalog file (a YAML list of entries) for the area named by the file's stem.
struct CatalogFileReader {
    let file: String

    static let entryKeys = ["id", "statement", "source", "platforms", "not-checkable", "aliases"]
    static let retiredKeys = ["retired", "replaced-by", "why"]
    static let talkKeys = ["talk", "phrase"]
    static let docKeys = ["doc"]

    var areaName: String { file.hasSuffix(".yaml") ? String(file.dropLast(5)) : file }

    /// What one file holds: its requirements, and the retired IDs of its area.
    struct Contents {
        var requirements: [Requirement] = []
        var retired: [RetiredRequirement] = []
    }

    func read(_ text: String, errors: inout [SourceError]) -> Contents {
        guard let area = CatalogArea.all.first(where: { $0.name == areaName }) else {
            let names = CatalogArea.all.map(\.name)
            let hint = closestName(to: areaName, among: names).map { "; did you mean '\($0).yaml'?" } ?? ""
            errors.append(SourceError(file: file, line: 0, column: 0, message: "unknown area '\(areaName)'\(hint) (areas: \(names.joined(separator: ", ")))"))
            return Contents()
        }
        let entries: [YAMLValue]
        do {
            entries = try YAMLValue.parse(text, file: file).list("a catalog file")
        } catch {
            errors.append(error)
            return Contents()
        }
        var contents = Contents()
        for entry in entries {
            do {
                if entry.key("retired") != nil {
                    contents.retired.append(try retired(entry))
                } else {
                    contents.requirements.append(try requirement(entry, area: area))
                }
            } catch {
                errors.append(error)
            }
        }
        return contents
    }

    func requirement(_ entry: YAMLValue, area: CatalogArea) throws(SourceError) -> Requirement {
        let fields = try entry.mapping("a requirement", allowed: Self.entryKeys)
        let idValue = try fields.required("id")
        let id = try idValue.string("id")
        try checkID(id, at: idValue, area: area)
        let statement = try fields.required("statement").string("statement")
        guard !statement.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw try fields.required("statement").error("statement must not be empty")
        }
        let source = try self.source(try fields.required("source"))
        let platforms = try self.platforms(try fields.required("platforms"))
        var notCheckable: String?
        if let reason = fields["not-checkable"] {
            notCheckable = try reason.string("not-checkable")
            guard notCheckable?.trimmingCharacters(in: .whitespaces).isEmpty == false else {
                throw reason.error("not-checkable must say why the behaviour cannot be checked in a simulator")
            }
        }
        var aliases: [String] = []
        for alias in try fields["aliases"]?.list("aliases") ?? [] {
            let old = try alias.string("alias")
            try checkKebab(old, at: alias)
            aliases.append(old)
        }
        return Requirement(id: id, statement: statement, source: source, platforms: platforms, area: area.name,
                           origin: CatalogLocation(idValue), notCheckable: notCheckable, aliases: aliases)
    }

    /// `- retired: OLD-ID` with `replaced-by:` (catalogued IDs, checked once every file is read)
    /// and `why:`. Its prefix need not be the area's: an old ID may predate the areas' prefixes.
    func retired(_ entry: YAMLValue) throws(SourceError) -> RetiredRequirement {
        let fields = try entry.mapping("a retired ID", allowed: Self.retiredKeys)
        let idValue = try fields.required("retired")
        let id = try idValue.string("retired")
        try checkKebab(id, at: idValue)
        let replacements = try fields.required("replaced-by")
        var replacedBy: [String] = []
        for value in try replacements.list("replaced-by") { replacedBy.append(try value.string("replaced-by")) }
        guard !replacedBy.isEmpty else { throw replacements.error("replaced-by must name the requirements that say what '\(id)' said") }
        let whyValue = try fields.required("why")
        let why = try whyValue.string("why")
        guard !why.trimmingCharacters(in: .whitespaces).isEmpty else { throw whyValue.error("why must say why the ID was retired") }
        return RetiredRequirement(id: id, replacedBy: replacedBy, why: why, origin: CatalogLocation(idValue))
    }

    func checkKebab(_ id: String, at value: YAMLValue) throws(SourceError) {
        let kebab = id.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
        guard kebab else { throw value.error("id '\(id)' must be UPPER-KEBAB (A-Z, 0-9, single hyphens)") }
    }

    func checkID(_ id: String, at value: YAMLValue, area: CatalogArea) throws(SourceError) {
        try checkKebab(id, at: value)
        let owner = CatalogArea.owner(of: id)
        guard owner?.area != area else { return }
        let expected = area.prefixes.map { "'\($0)-'" }.joined(separator: " or ")
        let elsewhere = owner.map { " (that prefix belongs to \($0.area.name).yaml)" } ?? ""
        throw value.error("id '\(id)' must start with \(expected), the prefix of area '\(area.name)'\(elsewhere)")
    }

    func source(_ value: YAMLValue) throws(SourceError) -> RequirementSource {
        guard case let .mapping(mapping) = value.node else { throw value.error("source must be a mapping: { talk, phrase } or { doc }") }
        // The old forms named files outside the repository; say what to write instead.
        if let seedKey = value.key("seed") {
            let file = mapping.first { $0.key.string == "seed" }?.value.string ?? ""
            let talk = RequirementSource.talks.first { $0.transcript == file }.map { "talk: \($0.citation)" } ?? "talk: WWDC YEAR session N"
            throw seedKey.error("'seed:' names a transcript file; cite the talk instead: { \(talk), phrase: … }")
        }
        if let referenceKey = value.key("reference") {
            throw referenceKey.error("'reference:' names a note outside the repository; cite Apple's documentation by name instead: { doc: \"…\" }")
        }
        if mapping.keys.contains(where: { $0.string == "doc" }) {
            let docValue = try value.mapping("a source", allowed: Self.docKeys).required("doc")
            let name = try docValue.string("doc")
            guard name.count >= 4 else { throw docValue.error("doc '\(name)' must name the documentation page, header or specification") }
            return .doc(name, at: CatalogLocation(docValue))
        }
        let fields = try value.mapping("a source", allowed: Self.talkKeys)
        let talk = try fields.required("talk").choice("talk", RequirementSource.talks.map { ($0.citation, $0) })
        let phraseValue = try fields.required("phrase")
        let phrase = try phraseValue.string("phrase")
        guard phrase.count >= 8 else { throw phraseValue.error("phrase '\(phrase)' is too short to locate anything (8 characters at least)") }
        return .talk(talk, phrase: phrase, at: CatalogLocation(phraseValue))
    }

    func platforms(_ value: YAMLValue) throws(SourceError) -> [String] {
        let items = try value.list("platforms")
        guard !items.isEmpty else { throw value.error("platforms must name at least one platform") }
        var names: [String] = []
        for item in items {
            let name = try item.choice("platform", CatalogPlatform.names.map { ($0, $0) })
            if names.contains(name) { throw item.error("platform '\(name)' is listed twice") }
            names.append(name)
        }
        return names
    }
}
