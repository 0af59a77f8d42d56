/// Who took a session's audio away, so the arbiter knows who may later say "ended".
public enum Interrupter: Hashable, Sendable {
    /// Another app's session went active (non-mixable over non-mixable, or spoken-audio interruption).
    case app(AppID)
    case system(SystemInterruptionSource)
    /// The system reclaimed the session when the app was suspended (iOS 10–15 tell the app later).
    case suspension
    /// iOS 17+: the Now Playing session's route lost its device. Nobody ends this interruption:
    /// the user or the app starts playback again.
    case routeDisconnect
    /// iOS 14.5+: the hardware muted the built-in mic under a session running input. Nobody ends
    /// this interruption either: the app reactivates when it wants input again.
    case builtInMicMute
}
