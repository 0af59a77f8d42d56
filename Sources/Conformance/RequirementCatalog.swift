import Foundation
import VirtualDevices

/// The requirement catalog: YAML files, one per area, read into `Requirement`s sorted by ID.
/// Reading never stops at the first problem in a folder: each file and each entry is checked, and
/// all problems come back together, so one run of the tests shows everything to fix.
public enum RequirementCatalog {
    /// The catalog compiled into the module (`Sources/Conformance/Catalog/*.yaml`).
    public static func load() throws(CatalogProblems) -> [Requirement] {
        var errors: [SourceError] = []
        let requirements = parse(files: EmbeddedYAML.files.map { ($0.name, $0.text) }, errors: &errors)
        guard errors.isEmpty else { throw CatalogProblems(errors: errors) }
        return requirements
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
        var requirements: [Requirement] = []
        for file in files {
            requirements += CatalogFileReader(file: file.name).read(file.text, errors: &errors)
        }
        errors += duplicateIDErrors(requirements)
        return requirements.sorted { $0.id < $1.id }
    }

    /// One error per repeated ID, at the later place, naming the first.
    static func duplicateIDErrors(_ requirements: [Requirement]) -> [SourceError] {
        var first: [String: CatalogLocation] = [:]
        var errors: [SourceError] = []
        for requirement in requirements {
            if let earlier = first[requirement.id] {
                errors.append(requirement.origin.error("duplicate id '\(requirement.id)'; first defined at \(earlier.description)"))
            } else {
                first[requirement.id] = requirement.origin
            }
        }
        return errors
    }
}
