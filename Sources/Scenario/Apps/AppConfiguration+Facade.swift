import AVFAudio

/// The scenario's session settings in the facade's own types, so reference apps see nothing
/// but Apple's names.
extension AppConfiguration {
    public var sessionCategory: AVAudioSession.Category? { category.map { AVAudioSession.Category(rawValue: $0.rawValue) } }
    public var sessionMode: AVAudioSession.Mode? { mode.map { AVAudioSession.Mode(rawValue: $0.rawValue) } }
    public var sessionOptions: AVAudioSession.CategoryOptions? { options.map { AVAudioSession.CategoryOptions(rawValue: $0.rawValue) } }
}
