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
        guard let builtIn = builtIn[nameOrPath] else {
            let known = builtInIDs
            let hint = closestName(to: nameOrPath, among: known).map { " Did you mean '\($0)'?" } ?? ""
            throw SourceError(file: nameOrPath, line: 0, column: 0,
                              message: "no such device profile.\(hint) Built-in profiles: \(known.joined(separator: ", "))")
        }
        return try builtIn.get()
    }

    /// The built-in profiles, parsed once per process: every scenario, check and device loads one,
    /// and parsing its YAML again was a quarter of the time a scenario took to parse.
    private static let builtIn: [String: Result<DeviceProfile, SourceError>] = Dictionary(uniqueKeysWithValues: EmbeddedYAML.files.map { file in
        (String(file.name.dropLast(".yaml".count)), Result { () throws(SourceError) in try parse(file.text, file: "Profiles/\(file.name)") })
    })

    /// Loads a profile file; every problem is a `SourceError` naming the file, line and rule.
    public static func load(file path: String, displayName: String? = nil) throws(SourceError) -> DeviceProfile {
        let shown = displayName ?? path
        return try parse(TextFile.read(path, shownAs: shown), file: shown)
    }

    public static func parse(_ text: String, file: String) throws(SourceError) -> DeviceProfile {
        try ProfileReader.read(YAMLValue.parse(text, file: file))
    }
}
