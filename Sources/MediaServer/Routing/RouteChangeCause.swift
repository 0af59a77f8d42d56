/// Why the media server recomputed a session's route. The classifier turns a cause plus the
/// before/after routes into the `RouteChangeReason` apps see, or into no notification at all.
public enum RouteChangeCause: String, CaseIterable, Hashable, Sendable {
    /// An accessory attached (headphones plugged, Bluetooth connected, AirPlay chosen).
    case portsAdded
    /// An accessory detached or its link was lost.
    case portsRemoved
    /// The session's category (or mode/options) changed.
    case categoryChanged
    /// `overrideOutputAudioPort` changed the override.
    case overrideChanged
    /// `setPreferredInput` changed the preference.
    case preferredInputChanged
    /// A preferred data source (e.g. which built-in microphone) changed.
    case dataSourceChanged
    /// The device woke from sleep.
    case wakeFromSleep
}
