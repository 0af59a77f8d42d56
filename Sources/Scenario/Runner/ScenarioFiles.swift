import Foundation
import VirtualDevices

/// Finds scenario files: files as given, folders searched recursively for `.yaml`/`.yml`, in
/// sorted order so runs list (and number) them the same everywhere.
public enum ScenarioFiles {
    public static func collect(_ paths: [String]) throws(SourceError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SourceError(file: path, line: 0, column: 0, message: "no such file or folder")
            }
            guard isDirectory.boolValue else { files.append(path); continue }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                .map { "\(base)/\($0)" }
                .filter { !isEventScript(atPath: $0) }
            files += found.sorted()
        }
        return files
    }

    /// `soundcheck simulate`'s device event scripts (top-level `script:`) live beside scenarios
    /// (`Scenarios/devices/`); a folder run skips them.
    public static func isEventScript(atPath path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix("script:") }
            && !text.split(separator: "\n").contains { $0.hasPrefix("scenario:") }
    }
}
