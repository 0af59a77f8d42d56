import Foundation

/// `AVSpeechSynthesisVoice`: one of the simulated device's voices. The device has the compact
/// voice Apple ships for each language (`com.apple.voice.compact.<language>.<Name>`), each
/// spoken by the eSpeak NG voice of that language (a British voice for the English variants it
/// lacks, a variant for female voices). The table is in docs/speech.md.
open class AVSpeechSynthesisVoice: NSObject, @unchecked Sendable {
    public let language: String
    public let identifier: String
    public let name: String
    public let quality: AVSpeechSynthesisVoiceQuality
    public let gender: AVSpeechSynthesisVoiceGender
    public let voiceTraits: AVSpeechSynthesisVoice.Traits
    /// The eSpeak NG voice that speaks for it.
    let espeakVoice: String

    init(_ entry: VoiceCatalog.Entry) {
        language = entry.language
        name = entry.name
        identifier = Self.identifier(of: entry)
        quality = .default
        gender = entry.gender
        voiceTraits = []
        espeakVoice = entry.gender == .female ? "\(entry.espeak)+f3" : entry.espeak
        super.init()
    }

    static func identifier(of entry: VoiceCatalog.Entry) -> String { "com.apple.voice.compact.\(entry.language).\(entry.identifierName)" }

    /// The voice for a BCP 47 language code (`en-US`, `fr`, `zh-TW`): an exact match first, else
    /// the first voice of the same language; nil for a language the device has no voice for.
    /// Nil asks for the current language's voice.
    public convenience init?(language languageCode: String?) {
        guard let entry = VoiceCatalog.entry(language: languageCode ?? Self.currentLanguageCode()) else { return nil }
        self.init(entry)
    }

    /// The voice with this identifier; nil when the device does not have it (Alex, enhanced and
    /// premium voices are never downloaded on the simulated device).
    public convenience init?(identifier: String) {
        guard let entry = VoiceCatalog.entries.first(where: { Self.identifier(of: $0) == identifier }) else { return nil }
        self.init(entry)
    }

    /// Every voice on the device, ordered by language then name.
    open class func speechVoices() -> [AVSpeechSynthesisVoice] {
        VoiceCatalog.entries.map(AVSpeechSynthesisVoice.init)
    }

    /// The device's language, as a BCP 47 code: the simulated device's is `en-US`.
    open class func currentLanguageCode() -> String { VoiceCatalog.deviceLanguage }

    /// The format of the audio the voice makes: what `write(_:toBufferCallback:)` delivers.
    open var audioFileSettings: [String: Any] { SpeechSimulationSettings.current.writeFormat.speechFormat.settings }

    open override var description: String {
        "[AVSpeechSynthesisVoice] Language: \(language), Name: \(name), Quality: Default [\(identifier)]"
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? AVSpeechSynthesisVoice)?.identifier == identifier
    }

    open override var hash: Int { identifier.hashValue }
}
