import Foundation
import VirtualDevices

/// Finds scenario files: files as given, folders searched recursively for regular `.yaml`/`.yml`
/// files, sorted so runs list (and number) them the same everywhere. Each file gets a `name`
/// relative to the folder it was found under (`session/game.yaml`; a file given directly is named
/// by its last component), which does not depend on how the path was typed or where the run
/// started; `run --trace` names traces after it, so names must not collide.
///
/// Device event scripts (`soundcheck simulate`'s files, top-level `script:`) live beside scenarios
/// (`Scenarios/devices/`) but are not scenarios: a folder run skips them and says so, and naming
/// one directly is an error that says so (`Scenario.load`).
public enum ScenarioFiles {
    public struct Found: Sendable, Equatable {
        /// The path to open, as the user's argument spelled it plus the part found below it.
        public let path: String
        /// Relative to the folder given (`session/game.yaml`), or the file's own name.
        public let name: String
    }

    public struct Collection: Sendable {
        public var files: [Found] = []
        /// Event scripts a folder held, skipped.
        public var skippedEventScripts: [String] = []
    }

    /// The rule `run` states when it skips event scripts.
    public static let eventScriptRule = "a device event script (top-level 'script:'), not a scenario: folder runs skip these; run it with `soundcheck simulate FILE`"

    public static func collect(_ paths: [String]) throws(SourceError) -> [String] {
        try find(paths).files.map(\.path)
    }

    public static func find(_ paths: [String]) throws(SourceError) -> Collection {
        var collection = Collection()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SourceError(file: path, line: 0, column: 0, message: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                collection.files.append(Found(path: path, name: (path as NSString).lastPathComponent))
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let names = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                .filter { isRegularFile("\(base)/\($0)") }
                .sorted()
            for name in names {
                let found = Found(path: "\(base)/\(name)", name: name)
                if isEventScript(atPath: found.path) { collection.skippedEventScripts.append(found.path) } else { collection.files.append(found) }
            }
        }
        try checkNamesAreDistinct(collection.files)
        return collection
    }

    /// Two files with one name would overwrite each other's trace.
    static func checkNamesAreDistinct(_ files: [Found]) throws(SourceError) {
        var first: [String: String] = [:]
        for file in files {
            if let earlier = first[file.name] {
                throw SourceError(file: file.path, line: 0, column: 0,
                                  message: "has the same name '\(file.name)' as \(earlier) (its trace would overwrite the other's); run them separately")
            }
            first[file.name] = file.path
        }
    }

    static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }

    /// Whether the file is a device event script: a top-level `script:` and no `scenario:`.
    public static func isEventScript(atPath path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return false }
        return isEventScript(text: text)
    }

    public static func isEventScript(text: String) -> Bool {
        let lines = text.split(separator: "\n")
        return lines.contains { $0.hasPrefix("script:") } && !lines.contains { $0.hasPrefix("scenario:") }
    }
}
