import Foundation
import SimCore

extension DeviceProfile {
    /// The profiles shipped with Soundcheck (`Profiles/*.yaml`, compiled into the module), by id, sorted.
    public static var builtInIDs: [String] {
        EmbeddedYAML.files.map { String($0.name.dropLast(".yaml".count)) }
    }

    /// Loads a built-in profile by id (`iphone`), or a profile file by path (`./my-phone.yaml`).
    public static func load(_ nameOrPath: String) throws(SourceError) -> DeviceProfile {
        if nameOrPath.hasSuffix(".yaml") || nameOrPath.contains("/") {
            return try load(file: nameOrPath)
        }
        guard let embedded = EmbeddedYAML.files.first(where: { $0.name == "\(nameOrPath).yaml" }) else {
            let known = builtInIDs
            let hint = closestName(to: nameOrPath, among: known).map { " Did you mean '\($0)'?" } ?? ""
            throw SourceError(file: nameOrPath, line: 0, column: 0,
                              message: "no such device profile.\(hint) Built-in profiles: \(known.joined(separator: ", "))")
        }
        return try parse(embedded.text, file: "Profiles/\(embedded.name)")
    }

    /// Loads a profile file; every problem is a `SourceError` naming the file, line and rule.
    public static func load(file path: String, displayName: String? = nil) throws(SourceError) -> DeviceProfile {
        let shown = displayName ?? path
        return try parse(TextFile.read(path, shownAs: shown), file: shown)
    }

    public static func parse(_ text: String, file: String) throws(SourceError) -> DeviceProfile {
        try ProfileReader.read(YAMLValue.parse(text, file: file))
    }
}
