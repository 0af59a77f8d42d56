import Foundation

/// Where `pauseSpeaking(at:)` and `stopSpeaking(at:)` take effect.
public enum AVSpeechBoundary: Int, @unchecked Sendable {
    /// At once, even inside a word.
    case immediate = 0
    /// When the word being spoken ends.
    case word = 1
}

/// A voice's quality level.
public enum AVSpeechSynthesisVoiceQuality: Int, @unchecked Sendable {
    case `default` = 1
    case enhanced = 2
    case premium = 3
}

/// A voice's gender.
public enum AVSpeechSynthesisVoiceGender: Int, @unchecked Sendable {
    case unspecified = 0
    case male = 1
    case female = 2
}

/// The identifier of the Alex voice, which a device has only once the user downloads it.
public let AVSpeechSynthesisVoiceIdentifierAlex = "com.apple.speech.voice.Alex"

extension AVSpeechSynthesizer {
    /// Whether the app may speak with the user's Personal Voice.
    public enum PersonalVoiceAuthorizationStatus: UInt, @unchecked Sendable {
        case notDetermined = 0
        case denied = 1
        case unsupported = 2
        case authorized = 3
    }

    /// Posted when the set of voices changes (a download, a Personal Voice); the simulated
    /// device's voices never change, so it is never posted.
    public static let availableVoicesDidChangeNotification = NSNotification.Name("AVSpeechSynthesisAvailableVoicesDidChangeNotification")

    /// Receives the synthesized audio of `write(_:toBufferCallback:)`.
    public typealias BufferCallback = (AVAudioBuffer) -> Void
    /// Receives the markers of `write(_:toBufferCallback:toMarkerCallback:)`.
    public typealias MarkerCallback = ([AVSpeechSynthesisMarker]) -> Void
}

extension AVSpeechSynthesisVoice {
    /// What kind of voice it is.
    public struct Traits: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A voice for fun (Bubbles, Zarvox …), not for reading text.
        public static let isNoveltyVoice = Traits(rawValue: 1 << 0)
        /// The user's own voice, made with Personal Voice.
        public static let isPersonalVoice = Traits(rawValue: 1 << 1)
    }
}
