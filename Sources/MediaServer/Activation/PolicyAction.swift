/// What the activation arbiter decided, in list order: `MediaPolicy` turns each into the
/// `PolicyEffect` of the same name. Lists are ordered by input step, then by app in the
/// arbiter's stable order.
public enum PolicyAction: Hashable, Sendable {
    /// The session went active (the app's own request succeeded).
    case activated(AppID)
    /// The session is no longer active: the app deactivated it, or the system took it away.
    case deactivated(AppID)
    /// Lower (true) or restore (false) the app's output level because another session ducks others.
    case setDucked(AppID, Bool)
    /// Post this notification to the app's session.
    case notify(AppID, PolicyNotification)
}
