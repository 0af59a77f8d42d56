import VirtualDevices

/// How an app's output is heard this moment: the mix as the policy decides it. The server's IO
/// cycle executes it (`AudioServer+IOMix.swift` turns it into a gain) and decides nothing itself.
public enum Audibility: Hashable, Sendable {
    /// At full level.
    case audible
    /// Lowered, because another active session ducks others.
    case ducked
    /// Not heard: inactive (or interrupted), silenced, or output-muted by the app.
    case silenced
}

/// The mix and the input gate: the rules the server used to re-derive from four predicates
/// each cycle, now one answer per app, next to the effects (`.silenced`, `.setDucked`) that
/// report their changes.
extension MediaPolicy {
    /// Audible only while active (an interrupted session is inactive), not silenced (ring/silent
    /// switch, lock, background, another app recording) and not output-muted by the app (iOS 26);
    /// ducked while another active session ducks others. The system-sound player follows the
    /// ring/silent switch alone.
    public func audibility(of app: AppID) -> Audibility {
        if app == .systemSounds { return system.ringerSilent ? .silenced : .audible }
        guard isActive(app), !isSilenced(app), !isOutputMuted(app) else { return .silenced }
        return isDucked(app) ? .ducked : .audible
    }

    /// Input reaches the app only while its session is active, and is silence until record
    /// permission is granted (as on a device), while the app mutes input, once it left the
    /// foreground without the audio background mode, or while the hardware mutes the built-in
    /// mic it records from (a closed Smart Folio).
    public func hearsInput(_ app: AppID) -> Bool {
        isActive(app) && !isInputSilencedByPermission(app) && !isInputMuted(app) && !isInputSilencedByLifecycle(app)
            && !(system.builtInMicMuted && recordsFromBuiltInMic(app))
    }
}
