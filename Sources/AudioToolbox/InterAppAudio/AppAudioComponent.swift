import CoreAudioTypes

/// One entry of an app's Info.plist `AudioComponents` array: the component the app declares it
/// provides (type, subtype and manufacturer as four-char codes, name, version 0xMMMMmmDD) and its
/// tags. Declaring it makes an Inter-App Audio node discoverable (and launchable) before it runs;
/// the app then checks it in with `AudioOutputUnitPublish`, which must match it exactly.
public struct AppAudioComponent: Hashable, Sendable {
    public var description: AudioComponentDescription
    public var name: String
    public var version: UInt32
    /// System tags (`tags` in the entry): standard ones such as "Synthesizer" or custom words.
    public var tags: [String]

    public init(type: OSType, subtype: OSType, manufacturer: OSType, name: String, version: UInt32, tags: [String] = []) {
        description = AudioComponentDescription(componentType: type, componentSubType: subtype, componentManufacturer: manufacturer,
                                                componentFlags: 0, componentFlagsMask: 0)
        self.name = name
        self.version = version
        self.tags = tags
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.description.sameComponent(as: rhs.description) && lhs.name == rhs.name && lhs.version == rhs.version && lhs.tags == rhs.tags
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description.componentType)
        hasher.combine(description.componentSubType)
        hasher.combine(description.componentManufacturer)
        hasher.combine(name)
        hasher.combine(version)
    }
}

/// Four-char codes as Info.plist writes them: "auri" ⇄ 0x61757269.
public enum FourCC {
    /// The code of a four-character ASCII string, nil for anything else.
    public static func code(_ text: String) -> OSType? {
        let bytes = Array(text.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return bytes.reduce(0) { $0 << 8 | OSType($1) }
    }

    public static func text(_ code: OSType) -> String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: code >> (24 - 8 * $0)) }, as: UTF8.self)
    }
}
