/// The simulated device's voices: the compact voice Apple ships for each language, by its
/// BCP 47 code and name, and the eSpeak NG voice (file name) that speaks for it. Languages
/// eSpeak NG has no voice of its own for borrow the nearest one (`en-AU` speaks British English,
/// `fr-CA` French of France, `zh-TW` Mandarin). docs/speech.md has the same table.
enum VoiceCatalog {
    struct Entry: Sendable {
        var language: String
        var name: String
        /// The name as the identifier spells it (no accents).
        var identifierName: String
        var gender: AVSpeechSynthesisVoiceGender
        var espeak: String
    }

    /// The simulated device's language (Settings › General › Language & Region).
    static let deviceLanguage = "en-US"

    static let entries: [Entry] = [
        Entry(language: "ar-SA", name: "Maged", identifierName: "Maged", gender: .male, espeak: "ar"),
        Entry(language: "bg-BG", name: "Daria", identifierName: "Daria", gender: .female, espeak: "bg"),
        Entry(language: "ca-ES", name: "Montserrat", identifierName: "Montserrat", gender: .female, espeak: "ca"),
        Entry(language: "cs-CZ", name: "Zuzana", identifierName: "Zuzana", gender: .female, espeak: "cs"),
        Entry(language: "da-DK", name: "Sara", identifierName: "Sara", gender: .female, espeak: "da"),
        Entry(language: "de-DE", name: "Anna", identifierName: "Anna", gender: .female, espeak: "de"),
        Entry(language: "el-GR", name: "Melina", identifierName: "Melina", gender: .female, espeak: "el"),
        Entry(language: "en-AU", name: "Karen", identifierName: "Karen", gender: .female, espeak: "en"),
        Entry(language: "en-GB", name: "Daniel", identifierName: "Daniel", gender: .male, espeak: "en"),
        Entry(language: "en-IE", name: "Moira", identifierName: "Moira", gender: .female, espeak: "en"),
        Entry(language: "en-IN", name: "Rishi", identifierName: "Rishi", gender: .male, espeak: "en"),
        Entry(language: "en-US", name: "Samantha", identifierName: "Samantha", gender: .female, espeak: "en-us"),
        Entry(language: "en-ZA", name: "Tessa", identifierName: "Tessa", gender: .female, espeak: "en"),
        Entry(language: "es-ES", name: "Mónica", identifierName: "Monica", gender: .female, espeak: "es"),
        Entry(language: "es-MX", name: "Paulina", identifierName: "Paulina", gender: .female, espeak: "es-419"),
        Entry(language: "fi-FI", name: "Satu", identifierName: "Satu", gender: .female, espeak: "fi"),
        Entry(language: "fr-CA", name: "Amélie", identifierName: "Amelie", gender: .female, espeak: "fr"),
        Entry(language: "fr-FR", name: "Thomas", identifierName: "Thomas", gender: .male, espeak: "fr"),
        Entry(language: "he-IL", name: "Carmit", identifierName: "Carmit", gender: .female, espeak: "he"),
        Entry(language: "hi-IN", name: "Lekha", identifierName: "Lekha", gender: .female, espeak: "hi"),
        Entry(language: "hr-HR", name: "Lana", identifierName: "Lana", gender: .female, espeak: "hr"),
        Entry(language: "hu-HU", name: "Mariska", identifierName: "Mariska", gender: .female, espeak: "hu"),
        Entry(language: "id-ID", name: "Damayanti", identifierName: "Damayanti", gender: .female, espeak: "id"),
        Entry(language: "it-IT", name: "Alice", identifierName: "Alice", gender: .female, espeak: "it"),
        Entry(language: "ja-JP", name: "Kyoko", identifierName: "Kyoko", gender: .female, espeak: "ja"),
        Entry(language: "ko-KR", name: "Yuna", identifierName: "Yuna", gender: .female, espeak: "ko"),
        Entry(language: "ms-MY", name: "Amira", identifierName: "Amira", gender: .female, espeak: "ms"),
        Entry(language: "nb-NO", name: "Nora", identifierName: "Nora", gender: .female, espeak: "nb"),
        Entry(language: "nl-BE", name: "Ellen", identifierName: "Ellen", gender: .female, espeak: "nl"),
        Entry(language: "nl-NL", name: "Xander", identifierName: "Xander", gender: .male, espeak: "nl"),
        Entry(language: "pl-PL", name: "Zosia", identifierName: "Zosia", gender: .female, espeak: "pl"),
        Entry(language: "pt-BR", name: "Luciana", identifierName: "Luciana", gender: .female, espeak: "pt-br"),
        Entry(language: "pt-PT", name: "Joana", identifierName: "Joana", gender: .female, espeak: "pt"),
        Entry(language: "ro-RO", name: "Ioana", identifierName: "Ioana", gender: .female, espeak: "ro"),
        Entry(language: "ru-RU", name: "Milena", identifierName: "Milena", gender: .female, espeak: "ru"),
        Entry(language: "sk-SK", name: "Laura", identifierName: "Laura", gender: .female, espeak: "sk"),
        Entry(language: "sv-SE", name: "Alva", identifierName: "Alva", gender: .female, espeak: "sv"),
        Entry(language: "th-TH", name: "Kanya", identifierName: "Kanya", gender: .female, espeak: "th"),
        Entry(language: "tr-TR", name: "Yelda", identifierName: "Yelda", gender: .female, espeak: "tr"),
        Entry(language: "uk-UA", name: "Lesya", identifierName: "Lesya", gender: .female, espeak: "uk"),
        Entry(language: "vi-VN", name: "Linh", identifierName: "Linh", gender: .female, espeak: "vi"),
        Entry(language: "zh-CN", name: "Tingting", identifierName: "Tingting", gender: .female, espeak: "cmn"),
        Entry(language: "zh-HK", name: "Sinji", identifierName: "Sinji", gender: .female, espeak: "yue"),
        Entry(language: "zh-TW", name: "Meijia", identifierName: "Meijia", gender: .female, espeak: "cmn"),
    ]

    /// An exact (case-insensitive, `_` or `-`) match, else a voice of the same language: the
    /// device language's, else the language's home region's (`fr` → `fr-FR`), else the first.
    static func entry(language code: String) -> Entry? {
        let wanted = code.replacingOccurrences(of: "_", with: "-").lowercased()
        if let exact = entries.first(where: { $0.language.lowercased() == wanted }) { return exact }
        guard let primary = wanted.split(separator: "-").first.map(String.init), !primary.isEmpty else { return nil }
        let sameLanguage = entries.filter { $0.language.lowercased().hasPrefix(primary + "-") }
        return sameLanguage.first { $0.language == deviceLanguage }
            ?? sameLanguage.first { $0.language.lowercased() == "\(primary)-\(primary)" }
            ?? sameLanguage.first
    }
}
