/// The part of a session's configuration that activation policy reads: category, effective mode
/// and options. The server builds it from the validated configuration, so the arbiter does not
/// depend on how categories and options are checked; it only needs to know who mixes, who ducks
/// and who is spoken audio.
public struct SessionTraits: Hashable, Sendable {
    public var category: SessionCategory
    /// The mode the session behaves as (an invalid mode for the category already reads `.default`).
    public var mode: SessionMode
    /// Options as normalised by the configuration (ambient, duckOthers and
    /// interruptSpokenAudioAndMixWithOthers carry mixWithOthers).
    public var options: CategoryOptions

    public init(category: SessionCategory = .soloAmbient, mode: SessionMode = .default, options: CategoryOptions = []) {
        self.category = category
        self.mode = mode
        self.options = options
    }

    /// A fresh app session: soloAmbient, default mode, no options (AVAudioSession (AVFAudio): sharedInstance and defaults).
    public static let `default` = SessionTraits()

    /// Mixable sessions neither interrupt nor are interrupted by non-mixable activations (AVAudioSession.Category docs,
    /// ASPG p.24). Ambient and duckOthers imply mixing even if a caller forgot to normalise.
    public var isMixable: Bool {
        options.contains(.mixWithOthers) || options.contains(.duckOthers) || category == .ambient
    }

    /// Lowers every other active session for as long as this one is active (duckOthers and notifyOthersOnDeactivation docs).
    public var ducksOthers: Bool { options.contains(.duckOthers) }

    /// Pauses other sessions in the spokenAudio mode for as long as this one is active (duckOthers and notifyOthersOnDeactivation docs).
    /// The option is 0x11, so both of its bits must be set.
    public var interruptsSpokenAudio: Bool { options.contains(.interruptSpokenAudioAndMixWithOthers) }

    public var needsInput: Bool { category.allowsInput }
    public var producesOutput: Bool { category.allowsOutput }
}
