/// Core Audio's `AudioChannelLabel`: the physical position a channel feeds. Raw values are
/// CoreAudioBaseTypes.h's (`kAudioChannelLabel_Left` = 1, `…_Discrete_0` = 1<<16, …).
public struct ChannelLabel: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let unused = ChannelLabel(rawValue: 0)
    public static let left = ChannelLabel(rawValue: 1)
    public static let right = ChannelLabel(rawValue: 2)
    public static let center = ChannelLabel(rawValue: 3)
    public static let lfeScreen = ChannelLabel(rawValue: 4)
    public static let leftSurround = ChannelLabel(rawValue: 5)
    public static let rightSurround = ChannelLabel(rawValue: 6)
    public static let leftCenter = ChannelLabel(rawValue: 7)
    public static let rightCenter = ChannelLabel(rawValue: 8)
    public static let centerSurround = ChannelLabel(rawValue: 9)
    public static let leftSurroundDirect = ChannelLabel(rawValue: 10)
    public static let rightSurroundDirect = ChannelLabel(rawValue: 11)
    public static let rearSurroundLeft = ChannelLabel(rawValue: 33)
    public static let rearSurroundRight = ChannelLabel(rawValue: 34)
    public static let mono = ChannelLabel(rawValue: 42)
    public static let headphonesLeft = ChannelLabel(rawValue: 301)
    public static let headphonesRight = ChannelLabel(rawValue: 302)
    public static let discrete = ChannelLabel(rawValue: 400)
    public static let unknown = ChannelLabel(rawValue: 0xFFFF_FFFF)

    /// `kAudioChannelLabel_Discrete_N` = (1<<16) | N.
    public static func discrete(_ index: UInt16) -> ChannelLabel { ChannelLabel(rawValue: 1 << 16 | UInt32(index)) }

    private static let names: [UInt32: String] = [
        0: "Unused", 1: "Left", 2: "Right", 3: "Center", 4: "LFEScreen", 5: "LeftSurround",
        6: "RightSurround", 7: "LeftCenter", 8: "RightCenter", 9: "CenterSurround",
        10: "LeftSurroundDirect", 11: "RightSurroundDirect", 33: "RearSurroundLeft",
        34: "RearSurroundRight", 42: "Mono", 301: "HeadphonesLeft", 302: "HeadphonesRight",
        400: "Discrete", 0xFFFF_FFFF: "Unknown",
    ]

    /// The label's name without the `kAudioChannelLabel_` prefix (`Left`, `Discrete_3`).
    public var description: String {
        if rawValue >> 16 == 1 { return "Discrete_\(rawValue & 0xFFFF)" }
        return Self.names[rawValue] ?? "Label(\(rawValue))"
    }

    /// Parses the names `description` produces, as profile files spell them.
    public init?(name: String) {
        if name.hasPrefix("Discrete_"), let index = UInt16(name.dropFirst("Discrete_".count)) {
            self = .discrete(index)
            return
        }
        guard let match = Self.names.first(where: { $0.value == name }) else { return nil }
        self.init(rawValue: match.key)
    }

    /// Every name `init(name:)` accepts apart from `Discrete_N`, sorted, for error messages.
    public static var knownNames: [String] { names.values.sorted() }
}
