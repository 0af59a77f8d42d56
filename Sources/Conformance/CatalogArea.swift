/// An area of the catalog: one YAML file and the ID prefixes its requirements use. An ID belongs to
/// the area with the longest matching prefix, so `SESSION-INTERRUPT-…` lives in `interruption`,
/// not `session`, and `MIDI-BLE-…` in `midi-ble`, not `core-midi`. The prefixes follow the IDs the
/// existing tests already use.
public struct CatalogArea: Sendable, Equatable {
    public let name: String
    public let prefixes: [String]

    public static let all: [CatalogArea] = [
        CatalogArea(name: "session", prefixes: ["SESSION"]),
        CatalogArea(name: "interruption", prefixes: ["SESSION-INTERRUPT"]),
        CatalogArea(name: "hardware", prefixes: ["SESSION-HW"]),
        CatalogArea(name: "permission", prefixes: ["SESSION-PERMISSION"]),
        CatalogArea(name: "reset", prefixes: ["SESSION-RESET"]),
        CatalogArea(name: "routing", prefixes: ["ROUTING"]),
        CatalogArea(name: "multichannel", prefixes: ["MULTICHANNEL"]),
        CatalogArea(name: "formats-files", prefixes: ["FORMAT", "FILE"]),
        CatalogArea(name: "player-recorder", prefixes: ["PLAYER", "RECORDER"]),
        CatalogArea(name: "engine", prefixes: ["ENGINE"]),
        CatalogArea(name: "audio-units", prefixes: ["AU"]),
        CatalogArea(name: "openal", prefixes: ["OPENAL"]),
        CatalogArea(name: "inter-app-audio", prefixes: ["IAA"]),
        CatalogArea(name: "component-manager", prefixes: ["COMPONENT"]),
        CatalogArea(name: "core-midi", prefixes: ["MIDI"]),
        CatalogArea(name: "midi-ble", prefixes: ["MIDI-BLE"]),
        CatalogArea(name: "airplay2", prefixes: ["AIRPLAY"]),
        CatalogArea(name: "now-playing", prefixes: ["NOW-PLAYING", "REMOTE-COMMAND"]),
        CatalogArea(name: "app-lifecycle", prefixes: ["UIKIT"]),
        CatalogArea(name: "speech", prefixes: ["SPEECH"]),
        CatalogArea(name: "capture", prefixes: ["CAPTURE"]),
    ]

    /// The area an ID belongs to and the prefix that decided it, by longest matching prefix.
    public static func owner(of id: String) -> (area: CatalogArea, prefix: String)? {
        var best: (area: CatalogArea, prefix: String)?
        for area in all {
            for prefix in area.prefixes where id == prefix || id.hasPrefix(prefix + "-") {
                if prefix.count > (best?.prefix.count ?? -1) { best = (area, prefix) }
            }
        }
        return best
    }
}

/// The platform names a requirement may list: the media server's profiles (`PlatformProfile.all`,
/// kept in step by a test) plus `macos` for behaviour documented only for the Mac.
public enum CatalogPlatform {
    public static let names = ["ios6", "ios7", "ios8", "ios14", "ios17", "ios26", "macos"]
}
