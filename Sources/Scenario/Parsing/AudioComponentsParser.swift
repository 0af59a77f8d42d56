import AudioToolbox
import VirtualDevices

/// Reads an app's `audio-components:` — its Info.plist `AudioComponents` entries, which make it
/// an Inter-App Audio node:
///
/// ```yaml
/// audio-components:
///   - { type: auri, subtype: sine, manufacturer: Demo, name: "Demo: Sine Synth", version: 1, tags: [Synthesizer] }
/// ```
///
/// `type` is one of the four remote types (`aurg` generator, `auri` instrument, `aurx` effect,
/// `aurm` music effect); subtype and manufacturer are four ASCII characters; version is
/// 0xMMMMmmDD (`1` is 0.0.1; write `0x10000` for 1.0.0).
enum AudioComponentsParser {
    static let remoteTypes = [("aurg", kAudioUnitType_RemoteGenerator), ("auri", kAudioUnitType_RemoteInstrument),
                              ("aurx", kAudioUnitType_RemoteEffect), ("aurm", kAudioUnitType_RemoteMusicEffect)]

    static func components(_ value: YAMLValue) throws(SourceError) -> [AppAudioComponent] {
        var components: [AppAudioComponent] = []
        for item in try value.list("audio-components") {
            let component = try component(item)
            if components.contains(where: { $0.description.componentSubType == component.description.componentSubType
                && $0.description.componentType == component.description.componentType }) {
                throw item.error("the app already declares a \(FourCC.text(component.description.componentType)) component with subtype \(FourCC.text(component.description.componentSubType)): type, subtype and manufacturer must be unique")
            }
            components.append(component)
        }
        return components
    }

    private static func component(_ item: YAMLValue) throws(SourceError) -> AppAudioComponent {
        let map = try item.mapping("an audio component", allowed: ["type", "subtype", "manufacturer", "name", "version", "tags"])
        let type = try map.required("type").choice("component type (Inter-App Audio)", remoteTypes)
        let nameValue = try map.required("name")
        let name = try nameValue.string("name")
        guard !name.isEmpty else { throw nameValue.error("a component's name must not be empty") }
        var tags: [String] = []
        if let list = map["tags"] { tags = try list.names("tags") }
        return AppAudioComponent(type: type, subtype: try code(map.required("subtype"), "subtype"),
                                 manufacturer: try code(map.required("manufacturer"), "manufacturer"), name: name,
                                 version: UInt32(try map.required("version").int("version (0xMMMMmmDD)", in: 0...Int(UInt32.max))),
                                 tags: tags)
    }

    private static func code(_ value: YAMLValue, _ what: String) throws(SourceError) -> OSType {
        let text = try value.string(what)
        guard let code = FourCC.code(text) else { throw value.error("\(what) '\(text)' must be exactly four ASCII characters") }
        return code
    }
}
