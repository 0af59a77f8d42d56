/// Identifies a voice an app plays through the media server (later: one AVAudioPlayer).
public struct VoiceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: VoiceID, rhs: VoiceID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "voice#\(rawValue)" }
}
