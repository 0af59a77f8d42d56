import VirtualDevices

/// The session calls apps make (`setCategory`, `setMode`, `setActive`) and their I/O starting and
/// stopping — what the policy hears of what apps really do.
extension MediaPolicy {
    /// Categories this device and release offer (AVAudioSession.Category docs: `record` needs an
    /// input; `audioProcessing` is gone from iOS 10).
    public var availableCategories: [SessionCategory] {
        let hasInput = ports.contains { $0.direction == .input }
        return SessionCategory.allCases.filter { category in
            (category != .audioProcessing || platform.supportsAudioProcessingCategory) && (hasInput || !category.allowsInput)
        }
    }

    /// `setCategory(_:mode:policy:options:)`: validated against this release's rules
    /// (`SessionConfiguration+Validation.swift`), then stored as `setConfiguration` stores it.
    public mutating func setCategory(_ app: AppID, _ category: SessionCategory, mode: SessionMode, policy routeSharing: RouteSharingPolicy,
                                     options: CategoryOptions) throws(SessionError) -> [PolicyEffect] {
        try requireMediaServices()
        let configuration = try SessionConfiguration.make(category: category, mode: mode, policy: routeSharing,
                                                          options: options, profile: platform)
        return try setConfiguration(app, configuration)
    }

    /// `setMode(_:)`: the session's category, policy and requested options with a new mode, validated.
    public mutating func setMode(_ app: AppID, _ mode: SessionMode) throws(SessionError) -> [PolicyEffect] {
        try requireMediaServices()
        let current = configuration(of: app)
        let configuration = try SessionConfiguration.make(category: current.category, mode: mode, policy: current.routeSharingPolicy,
                                                          options: current.requestedOptions, profile: platform)
        return try setConfiguration(app, configuration)
    }

    /// Stores a new configuration. An active session's change applies at once, as on iOS: its new
    /// options duck or interrupt others now, and a change of category, mode or options is itself a
    /// route change (`categoryChange`, setActive(_:options:) docs) for the app — and for every active app when the
    /// device's route really changed. An inactive session's change waits for its activation.
    public mutating func setConfiguration(_ app: AppID, _ configuration: SessionConfiguration) throws(SessionError) -> [PolicyEffect] {
        try input { policy throws(SessionError) in
            try policy.requireMediaServices()
            let previous = policy.configuration(of: app)
            policy.withSession(app) { $0.configuration = configuration }
            guard previous != configuration, policy.isActive(app) else { return [] }
            let effects = policy.apply(policy.activation.reconfigure(app, traits: configuration.traits))
            return effects + policy.routeMayHaveChanged(.categoryChanged, by: app)
        }
    }

    /// `setActive(true)`: on an active session it re-applies the session's configuration. The app
    /// that goes active with non-mixable output while taking remote-control events (UIKit's call,
    /// or a target on a remote command) becomes the Now Playing app (which may then start from the
    /// background); an input category asks for the microphone the first time (2013 talk).
    public mutating func activate(_ app: AppID) throws(SessionError) -> [PolicyEffect] {
        try input { policy throws(SessionError) in try policy.activating(app) }
    }

    /// What `setActive(true)` does, shared with the implicit activation of an I/O start.
    private mutating func activating(_ app: AppID) throws(SessionError) -> [PolicyEffect] {
        let configuration = self.configuration(of: app)
        var effects = apply(try activation.activate(app, traits: configuration.traits, system: system))
        effects += routeMayHaveChanged(.categoryChanged)
        if !configuration.isMixable, configuration.allowsOutput, session(app)?.takesRemoteEvents == true, !isNowPlaying(app) {
            activation.setNowPlaying(app)
            effects.append(.nowPlaying(app))
        }
        if configuration.allowsInput { effects += askForRecordPermissionIfUndetermined(app) }
        return effects
    }

    /// `setActive(false, options:)`: the effects, and the error the call reports (isBusy with
    /// running I/O on iOS 8–25) even though the session was deactivated.
    public mutating func deactivate(_ app: AppID, options: SetActiveOptions) -> (effects: [PolicyEffect], error: SessionError?) {
        var error: SessionError?
        let effects = input { policy in
            let (actions, failure) = policy.activation.deactivate(app, options: options)
            error = failure
            return policy.apply(actions) + policy.routeMayHaveChanged(.categoryChanged)
        }
        return (effects, error)
    }

    /// An audio object of the app started I/O (a player playing, a recorder recording). It can be
    /// refused: `cannotStartPlaying` from the background without the audio mode (2013 talk).
    ///
    /// An inactive session is activated first, exactly as `setActive(true)` would activate it (so
    /// it interrupts or ducks others, and its refusals are the I/O start's): Apple's Audio Session
    /// Programming Guide, "Activating an Audio Session", says the system activates the session
    /// when the app starts playing or recording if the app did not. The I/O start's own refusal
    /// comes first (`cannotStartPlaying` from the background without the audio mode, as device
    /// logs show it), then the activation's. An interrupted session is not activated: its I/O
    /// waits for the interruption's end, as before.
    public mutating func ioStarted(_ app: AppID) throws(SessionError) -> [PolicyEffect] {
        try input { policy throws(SessionError) in
            var effects: [PolicyEffect] = []
            if policy.activation.isInactive(app) {
                if let refusal = policy.activation.backgroundStartError(app, traits: policy.configuration(of: app).traits) { throw refusal }
                effects = try policy.activating(app)
            }
            return effects + policy.apply(try policy.activation.ioStarted(app))
        }
    }

    /// The app stopped or paused all its I/O.
    public mutating func ioStopped(_ app: AppID) -> [PolicyEffect] {
        input { policy in policy.apply(policy.activation.ioStopped(app)) }
    }

    public mutating func setInterAppNode(_ app: AppID, connected: Bool) {
        activation.setInterAppNode(app, connected: connected)
    }

    public mutating func setReceivesRemoteControlEvents(_ app: AppID, _ receives: Bool) {
        withSession(app) { $0.receivesRemoteControlEvents = receives }
    }

    public mutating func setHandlesRemoteCommands(_ app: AppID, _ handles: Bool) {
        withSession(app) { $0.handlesRemoteCommands = handles }
    }

    /// Mutes or unmutes the app's input; the notification follows from `toldStateChanges`, at
    /// once while a recording session is active, else when one becomes active.
    public mutating func setInputMuted(_ app: AppID, _ muted: Bool) -> [PolicyEffect] {
        input { policy in
            policy.withSession(app) { $0.inputMuted = muted }
            return []
        }
    }

    /// While mediaserverd is down every call fails with `mediaServicesFailed` (QA1749).
    func requireMediaServices() throws(SessionError) {
        guard system.mediaServerRunning else {
            throw SessionError(.mediaServicesFailed, "the media server is not running; wait for mediaServicesWereResetNotification")
        }
    }
}
