import VirtualDevices

/// The checks `setActive(true)` and I/O start make, in the order of the derived session model (docs/architecture.md, activation; Apple does not specify it), as pure
/// functions of plain facts. The first broken rule is the error; its `rule` says which.
enum ActivationRules {
    /// The facts about the requesting app that the rules read.
    struct Request {
        var traits: SessionTraits
        var lifecycle: AppLifecycle
        var hasAudioBackgroundMode: Bool
        var isNowPlaying: Bool
        /// Connected to a host as an Inter-App Audio node: it may record from the background.
        var isInterAppNode = false

        var isForeground: Bool { lifecycle == .foreground }
    }

    /// Rules 1–4 (and 5–6 when they are checked at activation).
    static func activationError(_ request: Request, system: SystemState, mediaServicesDown: Bool, checkBackgroundStart: Bool) -> SessionError? {
        if mediaServicesDown || !system.mediaServerRunning { return mediaServicesFailed }
        if case .active = system.call, request.traits.category == .record || request.traits.category == .playAndRecord {
            return SessionError(.insufficientPriority, "a record or playAndRecord session cannot go active during another app's phone call (playback may)")
        }
        if system.siriActive, request.traits.needsInput {
            return SessionError(.siriIsRecording, "a session that uses input cannot go active while Siri is recording")
        }
        if !request.isForeground, !request.traits.isMixable, !request.isNowPlaying {
            return SessionError(.cannotInterruptOthers, "a non-mixable session cannot go active in the background unless it is the Now Playing app")
        }
        return checkBackgroundStart ? backgroundStartError(request) : nil
    }

    /// Rules 5–6: what an app outside the foreground may start.
    static func backgroundStartError(_ request: Request) -> SessionError? {
        guard !request.isForeground else { return nil }
        if !request.hasAudioBackgroundMode {
            return SessionError(.cannotStartPlaying, "an app outside the foreground cannot start audio without the audio background mode (UIBackgroundModes: audio)")
        }
        if !request.traits.category.canRunInBackground {
            return SessionError(.cannotStartPlaying, "category \(request.traits.category.name) cannot play or record in the background, even with the audio background mode")
        }
        if request.traits.isMixable, request.traits.needsInput, !request.isInterAppNode {
            return SessionError(.cannotStartRecording, "a mixable session cannot start recording from the background (only Inter-App Audio apps may)")
        }
        return nil
    }

    static let mediaServicesFailed = SessionError(.mediaServicesFailed, "media services are down: wait for mediaServicesWereReset, then rebuild the session")
}
