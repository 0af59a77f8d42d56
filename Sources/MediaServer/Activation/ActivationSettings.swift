/// Choices Apple's documentation leaves open. Each default follows the documentation or device logs; scenarios and
/// tests may switch them to model a different reading. They are not release-dependent (those
/// live in `PlatformProfile`).
public struct ActivationSettings: Hashable, Sendable {
    /// When the background rules (cannotStartPlaying, cannotStartRecording) are enforced.
    public enum BackgroundStartCheck: String, Hashable, Sendable {
        /// `setActive(true)` fails (one reading of AVAudioSession.ErrorCode.cannotStartPlaying, "not allowed to start playing").
        case atActivation
        /// Starting I/O fails, as device logs show: "AUIOClient_StartIO failed (561015905)"
        /// (AVAudioSession.ErrorCode, AVFAudio; docs/architecture.md, derived session model, activation rule 5).
        case atIOStart
    }

    /// What counts as "another app is playing" for isOtherAudioPlaying and the silence hint.
    public enum PlayingEvidence: String, Hashable, Sendable {
        /// An active session with output, whether or not it plays (an older reading).
        case activeSession
        /// An active session with output and running I/O (default): the 2014 demo ends the hint
        /// when Music pauses ("telling the system that it's pausing its audio output").
        case runningIO
    }

    public var backgroundStartCheck: BackgroundStartCheck
    public var playingEvidence: PlayingEvidence
    /// Deactivating without notifyOthersOnDeactivation: false (default) sends nothing to the
    /// sessions this one interrupted (duckOthers and notifyOthersOnDeactivation docs "(unverified, derived: omit)"; observed: "other apps are
    /// never notified they can resume"); true sends "ended" without shouldResume instead.
    public var endsInterruptionWithoutNotifyOthers: Bool
    /// The system alerts `prefersNoInterruptionsFromSystemAlerts` keeps from interrupting a
    /// session. Apple's documentation names only incoming-call notifications (with the Banner call
    /// style, iOS 14's default), so the default is `[.phoneCall]`; add `.alarm` to model a reading
    /// where Clock alarms and timers are alerts too. Siri is never an alert.
    public var alertsSparedByPreference: Set<SystemInterruptionSource>
    /// A deliberately wrong rule, for the tests that prove `soundcheck explore` finds a broken
    /// policy; nil (the real policy) everywhere else. Not settable from a scenario file.
    @_spi(Testing) public var plantedFault: PlantedPolicyFault?

    public init(
        backgroundStartCheck: BackgroundStartCheck = .atIOStart,
        playingEvidence: PlayingEvidence = .runningIO,
        endsInterruptionWithoutNotifyOthers: Bool = false,
        alertsSparedByPreference: Set<SystemInterruptionSource> = [.phoneCall]
    ) {
        self.alertsSparedByPreference = alertsSparedByPreference
        self.backgroundStartCheck = backgroundStartCheck
        self.playingEvidence = playingEvidence
        self.endsInterruptionWithoutNotifyOthers = endsInterruptionWithoutNotifyOthers
    }
}

/// Rules a test can break on purpose in one policy (`ActivationSettings.plantedFault`).
@_spi(Testing) public enum PlantedPolicyFault: String, Hashable, Sendable, CaseIterable {
    /// Deactivating without notifyOthersOnDeactivation still tells the interrupted sessions
    /// "ended" with shouldResume.
    case shouldResumeAlways
}
