import Foundation
import VirtualDevices

/// The requirement catalog: YAML files, one per area, read into `Requirement`s sorted by ID.
/// Reading never stops at the first problem in a folder: each file and each entry is checked, and
/// all problems come back together, so one run of the tests shows everything to fix.
public enum RequirementCatalog {
    /// The requirements, sorted by ID, and the retired IDs, sorted too.
    public struct Contents: Sendable {
        public let requirements: [Requirement]
        public let retired: [RetiredRequirement]
    }

    /// The catalog compiled into the module (`Sources/Conformance/Catalog/*.yaml`).
    public static func load() throws(CatalogProblems) -> [Requirement] {
        try loadContents().requirements
    }

    /// The compiled-in catalog with its retired IDs.
    public static func loadContents() throws(CatalogProblems) -> Contents {
        var errors: [SourceError] = []
        let contents = parseContents(files: EmbeddedYAML.files.map { ($0.name, $0.text) }, errors: &errors)
        guard errors.isEmpty else { throw CatalogProblems(errors: errors) }
        return contents
    }

    /// Every `*.yaml` file of `folder`, in name order; file names in errors are relative to it.
    public static func load(folder: URL) throws(CatalogProblems) -> [Requirement] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".yaml") }.sorted()
        } catch {
            throw CatalogProblems(errors: [SourceError(file: folder.lastPathComponent, line: 0, column: 0, message: "cannot list the catalog folder: \(error)")])
        }
        var files: [(name: String, text: String)] = []
        var errors: [SourceError] = []
        for name in names {
            do {
                files.append((name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
            } catch {
                errors.append(SourceError(file: name, line: 0, column: 0, message: "cannot read the file: \(error)"))
            }
        }
        let requirements = parse(files: files, errors: &errors)
        guard errors.isEmpty else { throw CatalogProblems(errors: errors) }
        return requirements
    }

    /// Parses catalog texts given as (file name, contents); problems are appended to `errors`.
    public static func parse(files: [(name: String, text: String)], errors: inout [SourceError]) -> [Requirement] {
        parseContents(files: files, errors: &errors).requirements
    }

    public static func parseContents(files: [(name: String, text: String)], errors: inout [SourceError]) -> Contents {
        var requirements: [Requirement] = []
        var retired: [RetiredRequirement] = []
        for file in files {
            let contents = CatalogFileReader(file: file.name).read(file.text, errors: &errors)
            requirements += contents.requirements
            retired += contents.retired
        }
        errors += duplicateIDErrors(requirements, retired: retired)
        errors += replacementErrors(retired, catalogued: Set(requirements.map(\.id)))
        return Contents(requirements: requirements.sorted { $0.id < $1.id }, retired: retired.sorted { $0.id < $1.id })
    }

    /// One error per repeated name, at the later place, naming the first: an ID, an alias and a
    /// retired ID share one name space, or a written ID would mean two things.
    static func duplicateIDErrors(_ requirements: [Requirement], retired: [RetiredRequirement] = []) -> [SourceError] {
        var names: [(name: String, at: CatalogLocation)] = requirements.map { ($0.id, $0.origin) }
        names += requirements.flatMap { requirement in requirement.aliases.map { ($0, requirement.origin) } }
        names += retired.map { ($0.id, $0.origin) }
        var first: [String: CatalogLocation] = [:]
        var errors: [SourceError] = []
        for (name, at) in names {
            if let earlier = first[name] {
                errors.append(at.error("duplicate id '\(name)'; first defined at \(earlier.description)"))
            } else {
                first[name] = at
            }
        }
        return errors
    }

    /// A retired ID must point at requirements that exist.
    static func replacementErrors(_ retired: [RetiredRequirement], catalogued: Set<String>) -> [SourceError] {
        retired.flatMap { entry in
            entry.replacedBy.filter { !catalogued.contains($0) }.map { missing in
                entry.origin.error("retired '\(entry.id)' is replaced by '\(missing)', which is not in the catalog")
            }
        }
    }
}
