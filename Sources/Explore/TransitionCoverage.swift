import SimCore

/// The policy transitions a run reached, named from its trace (`session.activated`,
/// `notify.interruption:ended+shouldResume`, `notify.routeChange:oldDeviceUnavailable`, …), and
/// the requirements whose situation each one is.
public enum TransitionCoverage {
    static let kinds: Set<String> = [
        "session.activated", "session.deactivated", "session.ducked", "session.silenced", "session.nowPlaying",
        "notify.interruption", "notify.routeChange", "notify.mediaServicesWereLost", "notify.mediaServicesWereReset",
        "notify.silenceSecondaryAudioHint", "route.changed", "route.overrideReverted", "hardware.changed",
        "permission.dialog", "mediaserver.reset",
    ]

    public static func transitions(in events: [TraceEvent]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for event in events where kinds.contains(event.kind) {
            counts[name(event), default: 0] += 1
        }
        return counts
    }

    static func name(_ event: TraceEvent) -> String {
        func text(_ key: String) -> String? {
            switch event.fields[key] {
            case let .string(value)?: value
            case let .bool(value)?: String(value)
            default: nil
            }
        }
        var name = event.kind
        if let detail = text("type") ?? text("reason") ?? text("ducked") ?? text("silenced") { name += ":" + detail }
        if event.kind == "notify.interruption", case let .list(options)? = event.fields["options"], options.contains(.string("shouldResume")) {
            name += "+shouldResume"
        }
        return name
    }

    /// The requirement each transition is the situation of (the report's requirement IDs).
    public static let requirements: [String: [String]] = [
        "session.activated": ["SESSION-ACTIVATE-SET-ACTIVE"],
        "session.ducked:true": ["SESSION-DUCK-OTHERS"],
        "session.ducked:false": ["SESSION-INTERRUPT-UNDUCK"],
        "notify.interruption:began": ["SESSION-INTERRUPT-BEGIN"],
        "notify.interruption:ended+shouldResume": ["SESSION-INTERRUPT-END-RESUME"],
        "notify.routeChange:oldDeviceUnavailable": ["ROUTING-OLD-DEVICE-UNAVAILABLE"],
        "notify.mediaServicesWereLost": ["SESSION-RESET-LOST-NOTIFICATION"],
        "notify.mediaServicesWereReset": ["SESSION-RESET-NOTIFICATION"],
        "notify.silenceSecondaryAudioHint:begin": ["SESSION-HINT"],
        "route.overrideReverted": ["ROUTING-SPEAKER-OVERRIDE-RESET"],
        "permission.dialog": ["SESSION-PERMISSION-MODAL-DIALOG"],
    ]
}
