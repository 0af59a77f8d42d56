/// Activation and interruption rules that changed between OS releases. A profile stands for the
/// last point release of its major version (so `ios14` is 14.5+).
extension PlatformProfile {
    /// Before iOS 8, deactivating with running I/O failed and the session stayed active.
    /// H-S27 (setActive doc): "Prior to iOS 8, the session would have remained active."
    public var keepsSessionActiveWhenDeactivatingWithRunningIO: Bool { !since(8) }

    /// iOS 8–25 deactivate but return isBusy; before 8 the (failed) call also reported isBusy.
    /// H-S27: "Starting in iOS 26.0, deactivating while IO is running will no longer return
    /// AVAudioSessionErrorCodeIsBusy."
    public var deactivatingWithRunningIOReturnsIsBusy: Bool { !since(26) }

    /// Whether apps hear "ended" after the user answered a call and hung up.
    /// 2012 talk (004, iOS 6): "If the user decides to take that phone call, you will not get a
    /// type ended notification when they're done talking." 2014 talk (000, iOS 8): "the user ends
    /// the call, hangs up … the system is going to deliver an end interruption event to our Audio
    /// Session"; the ASPG life cycle agrees (ended arrives after the call, AVAudioSession notifications and their userInfo keys, AVFAudio).
    /// iOS 7 keeps the 2012 behaviour: no source says it changed before the 2014 talk.
    public var endsInterruptionAfterAnsweredCall: Bool { since(8) }

    /// The options of the "ended" that follows a system interruption, or nil when none is sent.
    /// Declined calls carry shouldResume (2010 talk: "if the user has declined the phone call …
    /// there's this flag … whether or not your session should resume"; legacy C API:
    /// ShouldResume e.g. "incoming phone call was rejected"); a dismissed alarm and Siri are the
    /// other documented resume cases (AVAudioSession notifications and their userInfo keys, AVFAudio, an open question). After an answered call we send
    /// shouldResume too (the phone session deactivates like an app using notifyOthers).
    public func interruptionEndedOptions(after source: SystemInterruptionSource, outcome: SystemInterruptionOutcome) -> InterruptionOptions? {
        switch (source, outcome) {
        case (.phoneCall, .answeredAndHungUp): endsInterruptionAfterAnsweredCall ? [.shouldResume] : nil
        case (.phoneCall, .declined), (.alarm, _), (.siri, _): [.shouldResume]
        }
    }

    /// `AVAudioSessionInterruptionReasonKey` exists from iOS 14.5 (the iOS 26 SDK header); earlier "began"
    /// notifications carry no reason.
    public var reportsInterruptionReason: Bool { since(14) }

    /// iOS 10–15 deactivate a suspended app's session and tell it when it runs again
    /// (wasSuspended key / appWasSuspended reason); "not present from iOS 16 onwards" (the iOS 14 and iOS 26 SDK headers).
    public var reportsSuspensionInterruption: Bool { since(10) && !since(16) }

    /// The secondary-audio silence hint and its notification arrived in iOS 8 (2014 talk, 000:
    /// "So in iOS 8 we've added a bit of new API to help you do this").
    public var postsSilenceSecondaryAudioHint: Bool { since(8) }

    /// Record permission exists from iOS 7 (2013 talk, 001: "in iOS 7 … we now require explicit
    /// user approval before your application can do audio input").
    public var requiresRecordPermission: Bool { since(7) }

    /// iOS 17 interrupts an active Now Playing session when its route loses a device (reason
    /// `routeDisconnected`, 4), unless the app opted out with
    /// `setPrefersInterruptionOnRouteDisconnect(false)`; other sessions are not interrupted.
    public var interruptsNowPlayingOnRouteDisconnect: Bool { since(17) }

    /// iOS 14.5 interrupts a session running input when the hardware mutes the built-in mic
    /// (reason `builtInMicMuted`), unless it set `overrideMutedMicrophoneInterruption`
    /// (AVAudioSession.CategoryOptions docs); before, the mic only goes silent.
    public var interruptsOnBuiltInMicMute: Bool { since(14) }
}
