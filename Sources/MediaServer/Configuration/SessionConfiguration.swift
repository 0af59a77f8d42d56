/// An app's audio session configuration as the app reads it back — category, mode, route sharing
/// policy and options — plus the facts the rest of the media server derives from it (is the session
/// mixable, may it use Bluetooth HFP or AirPlay, does it have input).
///
/// A value is only built by `make`, which applies the platform's validation and option rules, so
/// every `SessionConfiguration` is one the platform would accept. Options are not sticky across
/// category changes (AVAudioSession defaults): each `make` starts from the options passed to it.
public struct SessionConfiguration: Hashable, Sendable {
    public let category: SessionCategory
    /// The mode as requested, even when the category does not support it (see `effectiveMode`).
    public let mode: SessionMode
    public let routeSharingPolicy: RouteSharingPolicy
    /// What `categoryOptions` reads back: the requested options plus the ones the category, mode
    /// and other options imply (docs/architecture.md, "The derived session model", configuration steps 1–3).
    public let categoryOptions: CategoryOptions
    /// The options exactly as the app passed them, for traces.
    public let requestedOptions: CategoryOptions
    /// The mode the session behaves as: `mode` when the category supports it on this release,
    /// otherwise `.default` ("results in the audio session using the default mode behavior", AVAudioSession.Mode docs).
    public let effectiveMode: SessionMode

    init(category: SessionCategory, mode: SessionMode, policy: RouteSharingPolicy,
         categoryOptions: CategoryOptions, requestedOptions: CategoryOptions, effectiveMode: SessionMode) {
        self.category = category
        self.mode = mode
        self.routeSharingPolicy = policy
        self.categoryOptions = categoryOptions
        self.requestedOptions = requestedOptions
        self.effectiveMode = effectiveMode
    }

    /// A fresh app's session: soloAmbient, default mode, default policy, no options (AVAudioSession defaults).
    public init() {
        self.init(category: .soloAmbient, mode: .default, policy: .default,
                  categoryOptions: [], requestedOptions: [], effectiveMode: .default)
    }

    public static let `default` = SessionConfiguration()
}

// MARK: - Derived facts

extension SessionConfiguration {
    /// Mixable sessions neither interrupt nor get interrupted by non-mixable ones (AVAudioSession.Category docs, ASPG p.24).
    /// True for ambient, and whenever mixWithOthers was set or implied.
    public var isMixable: Bool { categoryOptions.contains(.mixWithOthers) }

    /// Others are ducked from activation until deactivation (duckOthers and notifyOthersOnDeactivation docs).
    public var ducksOthers: Bool { categoryOptions.contains(.duckOthers) }

    /// Activation interrupts other sessions in mode spokenAudio (duckOthers and notifyOthersOnDeactivation docs).
    public var interruptsSpokenAudio: Bool { categoryOptions.isSuperset(of: .interruptSpokenAudioAndMixWithOthers) }

    /// Paired HFP devices may be routed, set explicitly or implied by voiceChat/videoChat (allowBluetooth/allowBluetoothA2DP docs).
    public var allowsBluetoothHFP: Bool { categoryOptions.contains(.allowBluetoothHFP) }

    /// A2DP output is always allowed in output-only categories, optional in playAndRecord, and never
    /// in record or multiRoute (AVAudioSession.CategoryOptions docs, allowBluetooth/allowBluetoothA2DP docs).
    public var allowsBluetoothA2DP: Bool {
        switch category {
        case .ambient, .soloAmbient, .playback: true
        case .playAndRecord: categoryOptions.contains(.allowBluetoothA2DP)
        case .record, .multiRoute, .audioProcessing: false
        }
    }

    /// AirPlay per QA1803 (QA1803): ambient, soloAmbient and playback yes; playAndRecord only with
    /// allowAirPlay; multiRoute and mode voiceChat never; categories without output never.
    public var allowsAirPlay: Bool {
        guard effectiveMode != .voiceChat else { return false }
        switch category {
        case .ambient, .soloAmbient, .playback: return true
        case .playAndRecord: return categoryOptions.contains(.allowAirPlay)
        case .record, .multiRoute, .audioProcessing: return false
        }
    }

    public var allowsInput: Bool { category.allowsInput }
    public var allowsOutput: Bool { category.allowsOutput }
}

extension SessionConfiguration {
    /// What activation policy reads of this configuration.
    public var traits: SessionTraits {
        SessionTraits(category: category, mode: effectiveMode, options: categoryOptions)
    }
}
