/// `setCategory(_:mode:policy:options:)`: validation and option normalisation (
/// AVAudioSession.Mode, .CategoryOptions, .RouteSharingPolicy docs; docs/architecture.md, "The derived session model",
/// configuration). Each check throws the first rule it finds
/// broken, naming the rule, in this order: release support, route sharing policy, per-option
/// category rules, option/mode dependencies.
extension SessionConfiguration {
    /// Builds the configuration an app gets from `setCategory(category, mode:, policy:, options:)`
    /// on `profile`, or throws the error the platform returns.
    ///
    /// An unsupported mode is not an error (AVAudioSession.Mode docs): it is stored as requested and `effectiveMode` is
    /// `.default`. Option/mode rules look at the effective mode, because that is how the session
    /// behaves; long-form policy rules look at the requested mode, because they list mode values.
    public static func make(category: SessionCategory, mode: SessionMode = .default,
                            policy: RouteSharingPolicy = .default, options: CategoryOptions = [],
                            profile: PlatformProfile, settings: Settings = .reference) throws(SessionError)
        -> SessionConfiguration {
        try checkReleaseSupport(category: category, policy: policy, options: options, profile: profile)
        try checkRouteSharingPolicy(policy, category: category, mode: mode, options: options)
        let effectiveMode = effectiveMode(of: mode, category: category, profile: profile)
        let requested = CategoryOptionRule.requested(in: options)
        for rule in requested {
            try checkApplicability(rule, category: category, mode: effectiveMode, profile: profile, settings: settings)
        }
        let normalised = normalise(options, category: category, mode: effectiveMode)
        try checkDependencies(requested: options, normalised: normalised, mode: effectiveMode)
        return SessionConfiguration(category: category, mode: mode, policy: policy, categoryOptions: normalised,
                                    requestedOptions: options, effectiveMode: effectiveMode)
    }

    /// `mode` if the category supports it on this release, else `.default` (AVAudioSession.Mode docs; derived session model, configuration step 6).
    static func effectiveMode(of mode: SessionMode, category: SessionCategory, profile: PlatformProfile) -> SessionMode {
        mode.isValid(with: category) && profile.knows(mode) ? mode : .default
    }

    /// Derived session model, configuration steps 1–3 (docs/architecture.md): ambient, duckOthers and interruptSpokenAudio imply mixWithOthers; voiceChat
    /// implies allowBluetoothHFP; videoChat implies allowBluetoothHFP and defaultToSpeaker (both
    /// modes are only effective with playAndRecord). A2DP in output-only categories is implicit in
    /// `allowsBluetoothA2DP`, not reported as an option, as Apple words it "always implicitly true".
    static func normalise(_ options: CategoryOptions, category: SessionCategory, mode: SessionMode) -> CategoryOptions {
        var result = options
        if category == .ambient || !result.isDisjoint(with: impliesMixing) { result.insert(.mixWithOthers) }
        switch mode {
        case .voiceChat: result.insert(.allowBluetoothHFP)
        case .videoChat: result.formUnion([.allowBluetoothHFP, .defaultToSpeaker])
        default: break
        }
        return result
    }

    /// duckOthers and the interruptSpokenAudio bit of 0x11, either of which makes a session mixable.
    private static let impliesMixing = CategoryOptions(rawValue: CategoryOptions.duckOthers.rawValue | 0x10)

    /// The options that make a session mixable, restricted with multiRoute from iOS 26.
    private static let mixingOptions: CategoryOptions = [.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers]
}

// MARK: - Checks

extension SessionConfiguration {
    private static func checkReleaseSupport(category: SessionCategory, policy: RouteSharingPolicy,
                                            options: CategoryOptions, profile: PlatformProfile) throws(SessionError) {
        if category == .audioProcessing && !profile.supportsAudioProcessingCategory {
            throw SessionError(.badParam, "category audioProcessing is no longer supported from iOS 10")
        }
        if !profile.knows(policy) {
            throw SessionError(.badParam, "routeSharingPolicy \(policy.name) is not available on \(profile)")
        }
        let unknown = options.subtracting(CategoryOptionRule.knownBits)
        if !unknown.isEmpty {
            throw SessionError(.badParam, "category option bits 0x\(String(unknown.rawValue, radix: 16)) are not defined")
        }
        if let rule = CategoryOptionRule.requested(in: options).first(where: { !profile.knows($0) }) {
            throw SessionError(.badParam, "\(rule.name) is not available before iOS \(rule.introducedIn)")
        }
    }

    /// AVAudioSession.RouteSharingPolicy docs: long-form policies need category playback, mode default/moviePlayback/spokenAudio and no
    /// options; `independent` is the system's to set ("Applications should not attempt to set this
    /// value directly"), so we reject it rather than model the crash one report saw.
    private static func checkRouteSharingPolicy(_ policy: RouteSharingPolicy, category: SessionCategory,
                                                mode: SessionMode, options: CategoryOptions) throws(SessionError) {
        let name = "routeSharingPolicy \(policy.name)"
        switch policy {
        case .default:
            return
        case .independent:
            throw SessionError(.badParam, "\(name) is set by the system; apps must not set it")
        case .longFormAudio, .longFormVideo:
            if category != .playback {
                throw SessionError(.badParam, "\(name) is only applicable with category playback")
            }
            if ![.default, .moviePlayback, .spokenAudio].contains(mode) {
                throw SessionError(.badParam,
                                   "\(name) is only applicable with modes default, moviePlayback and spokenAudio")
            }
            if !options.isEmpty {
                throw SessionError(.badParam, "\(name) does not allow category options")
            }
        }
    }

    private static func checkApplicability(_ rule: CategoryOptionRule, category: SessionCategory, mode: SessionMode,
                                           profile: PlatformProfile, settings: Settings) throws(SessionError) {
        let allowed = rule.allowedCategories(settings)
        guard rule.isApplicable(to: category, mode: mode, categories: allowed) else {
            let code: SessionErrorCode = rule.option == .allowAirPlay ? settings.allowAirPlayMisuseCode : .badParam
            throw SessionError(code, rule.applicabilityRule(categories: allowed))
        }
        if category == .multiRoute && mode != .default && profile.multiRouteMixingRequiresDefaultMode
            && !rule.option.isDisjoint(with: mixingOptions) {
            throw SessionError(.badParam, "\(rule.name) is only applicable with category multiRoute in mode default")
        }
    }

    /// Rules that tie an option to another option or to the mode (the iOS 26 SDK header): these do raise errors,
    /// unlike an unsupported mode on its own (AVAudioSession.Mode docs).
    private static func checkDependencies(requested: CategoryOptions, normalised: CategoryOptions,
                                          mode: SessionMode) throws(SessionError) {
        if requested.contains(.farFieldInput) && !normalised.contains(.allowBluetoothHFP) {
            throw SessionError(.badParam, "farFieldInput requires allowBluetoothHFP")
        }
        if requested.contains(.bluetoothHighQualityRecording) && mode != .default {
            throw SessionError(.badParam, "bluetoothHighQualityRecording is only applicable with mode default")
        }
        if mode == .dualRoute && !normalised.contains(.allowBluetoothHFP) {
            throw SessionError(.badParam, "mode dualRoute requires allowBluetoothHFP")
        }
    }
}
