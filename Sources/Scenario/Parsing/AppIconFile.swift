import Foundation
import UIKit
import VirtualDevices

/// Reads an app's `icon:` — the icon the app ships, a PNG file (a relative path is relative to
/// the scenario file). Inter-App Audio hosts and nodes show each other's icons
/// (`AudioComponentGetIcon`, `AudioOutputUnitGetHostIcon`):
///
/// ```yaml
/// apps:
///   Synth: { model: iaa-instrument, icon: icons/sine-synth.png, audio-components: [...] }
/// ```
enum AppIconFile {
    static func read(_ value: YAMLValue, scenarioFile: String) throws(SourceError) -> Data {
        let path = try value.string("icon")
        guard !path.isEmpty else { throw value.error("icon: needs the path of a PNG image") }
        let folder = (scenarioFile as NSString).deletingLastPathComponent
        let resolved = path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        let url = URL(fileURLWithPath: resolved).standardizedFileURL
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw value.error("icon '\(path)' does not exist (looked for \(url.path); a relative path is relative to the scenario file)")
        }
        guard UIImage(data: data) != nil else { throw value.error("icon '\(path)' is not a PNG image (app icons are PNG files)") }
        return data
    }
}
