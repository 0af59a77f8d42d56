/// What a render client's owner hears from the server, on the control side (between cycles).
public enum RenderClientEvent: Sendable, Equatable {
    /// The policy changed (route, hardware format, interruption, silencing…): the owner looks at
    /// what concerns it (`currentHardware`, `isInterrupted`) and reacts, as an audio unit fires
    /// its property listeners.
    case configurationChanged
    /// The media server died: the client is detached and will not be called again.
    case detached
}
