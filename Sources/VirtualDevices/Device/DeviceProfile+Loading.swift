import Foundation
import SimCore

extension DeviceProfile {
    /// The profiles shipped with Soundcheck, by id, sorted.
    public static var builtInIDs: [String] {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Profiles"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Loads a built-in profile by id (`iphone`), or a profile file by path (`./my-phone.yaml`).
    public static func load(_ nameOrPath: String) throws(SourceError) -> DeviceProfile {
        if nameOrPath.hasSuffix(".yaml") || nameOrPath.contains("/") {
            return try load(file: nameOrPath)
        }
        guard let url = Bundle.module.url(forResource: nameOrPath, withExtension: "yaml", subdirectory: "Profiles")
        else {
            let known = builtInIDs
            let hint = closestName(to: nameOrPath, among: known).map { " Did you mean '\($0)'?" } ?? ""
            throw SourceError(file: nameOrPath, line: 0, column: 0,
                              message: "no such device profile.\(hint) Built-in profiles: \(known.joined(separator: ", "))")
        }
        return try load(file: url.path, displayName: "Profiles/\(nameOrPath).yaml")
    }

    /// Loads a profile file; every problem is a `SourceError` naming the file, line and rule.
    public static func load(file path: String, displayName: String? = nil) throws(SourceError) -> DeviceProfile {
        let shown = displayName ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError(file: shown, line: 0, column: 0, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SourceError(file: shown, line: 0, column: 0, message: "the file is not UTF-8 text")
        }
        return try parse(text, file: shown)
    }

    public static func parse(_ text: String, file: String) throws(SourceError) -> DeviceProfile {
        try ProfileReader.read(YAMLValue.parse(text, file: file))
    }
}
