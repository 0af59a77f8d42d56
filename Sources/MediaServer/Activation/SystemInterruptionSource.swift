/// A higher-priority audio source that is not an app session the arbiter manages: it takes the
/// audio away from app sessions ("priority has already been taken away from you", 2012 talk).
public enum SystemInterruptionSource: String, CaseIterable, Hashable, Sendable {
    /// A cellular call: ringing, then answered or declined.
    case phoneCall
    /// A Clock alarm or timer.
    case alarm
    case siri

    public var name: String { rawValue }
}
