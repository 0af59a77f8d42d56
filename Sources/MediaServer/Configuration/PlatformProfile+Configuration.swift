/// Configuration rules that changed between iOS releases (AVAudioSession.Category, .Mode, .CategoryOptions, .RouteSharingPolicy).
///
/// Profiles name major releases; a feature that arrived in a point release (14.5, 26.2) belongs to
/// the profile of that major release, which models its latest point release.
extension PlatformProfile {
    /// `audioProcessing` is `API_DEPRECATED("No longer supported", ios(3.0, 10.0))` (AVAudioSession.Category docs, the iOS 14 SDK header).
    /// We read "no longer supported" as "rejected": from iOS 10 setting it throws badParam, so a
    /// scenario that still uses it fails loudly instead of silently doing nothing.
    public var supportsAudioProcessingCategory: Bool { !since(10) }

    /// The category options this release knows (AVAudioSession.CategoryOptions docs, "Avail." column): the iOS 6 set, then
    /// interruptSpokenAudioAndMixWithOthers (9), allowBluetoothA2DP and allowAirPlay (10),
    /// overrideMutedMicrophoneInterruption (14.5), bluetoothHighQualityRecording (26) and
    /// farFieldInput (26.2). Passing a newer option throws badParam.
    public var availableCategoryOptions: CategoryOptions {
        CategoryOptionRule.all.reduce(into: CategoryOptions()) { available, rule in
            if knows(rule) { available.formUnion(rule.option) }
        }
    }

    /// Whether this release has the option `rule` is about.
    func knows(_ rule: CategoryOptionRule) -> Bool { since(rule.introducedIn) }

    /// The modes this release knows, in declaration order (AVAudioSession.Mode docs, "Avail." column). A mode from a later
    /// release is treated like a mode the category does not support: stored, but behaving as default.
    public var availableModes: [SessionMode] { SessionMode.allCases.filter(knows) }

    /// Whether this release has `mode` (asking only about that mode's release).
    public func knows(_ mode: SessionMode) -> Bool { since(mode.introducedIn) }

    /// Route sharing policies exist from iOS 11 (`setCategory(_:mode:policy:options:)`);
    /// longFormVideo from iOS 13 (AVAudioSession.RouteSharingPolicy docs). Before iOS 11 only `default` can be expressed.
    public var availableRouteSharingPolicies: [RouteSharingPolicy] { RouteSharingPolicy.allCases.filter(knows) }

    /// Whether this release has `policy`.
    public func knows(_ policy: RouteSharingPolicy) -> Bool {
        switch policy {
        case .default: true
        case .longFormAudio, .independent: since(11)
        case .longFormVideo: since(13)
        }
    }

    /// The iOS 26 header (the iOS 26 SDK header, AVAudioSession.CategoryOptions docs) restricts mixWithOthers, duckOthers and
    /// interruptSpokenAudioAndMixWithOthers with multiRoute to mode `default`, the wording that
    /// arrived with the dualRoute mode; earlier headers allow them with multiRoute in any mode.
    public var multiRouteMixingRequiresDefaultMode: Bool { since(26) }
}
