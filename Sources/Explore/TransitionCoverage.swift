import MediaServer
import SimCore

/// The policy transitions a run reached, named from its trace (`session.activated`,
/// `notify.interruption:ended+shouldResume`, `notify.routeChange:oldDeviceUnavailable`, …), and
/// the requirements whose situation each one is.
public enum TransitionCoverage {
    /// The kinds of line that are a policy transition.
    static func isTransition(_ kind: TraceKind) -> Bool {
        switch kind {
        case .sessionActivated, .sessionDeactivated, .sessionDucked, .sessionSilenced, .sessionNowPlaying,
             .notifyInterruption, .notifyRouteChange, .notifyMediaServicesWereLost, .notifyMediaServicesWereReset,
             .notifySilenceSecondaryAudioHint, .routeChanged, .routeOverrideReverted, .hardwareChanged,
             .permissionDialog, .mediaServerReset:
            true
        default: false
        }
    }

    public static func transitions(in records: [TraceRecord]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for record in records {
            guard let kind = record.kind, isTransition(kind) else { continue }
            counts[name(kind, record.fact), default: 0] += 1
        }
        return counts
    }

    /// The transition's name: its kind, then what tells its variants apart (an interruption's
    /// type, a route change's reason, whether an app was ducked).
    static func name(_ kind: TraceKind, _ fact: TraceFact) -> String {
        switch fact {
        case let .ducked(_, ducked): name(kind, String(ducked))
        case let .silenced(_, silenced): name(kind, String(silenced))
        case let .notification(_, .interruption(type, _, options)):
            name(kind, "\(type)" + (options?.contains(.shouldResume) == true ? "+shouldResume" : ""))
        case let .notification(_, .routeChange(reason, _)): name(kind, "\(reason)")
        case let .notification(_, .silenceSecondaryAudioHint(type)): name(kind, "\(type)")
        case let .other(_, fields): name(kind, text(fields["type"]) ?? text(fields["reason"]) ?? text(fields["ducked"]) ?? text(fields["silenced"]))
        default: name(kind)
        }
    }

    /// `kind`, or `kind:detail` (`notify.interruption:ended+shouldResume`).
    static func name(_ kind: TraceKind, _ detail: String? = nil) -> String {
        detail.map { kind.rawValue + ":" + $0 } ?? kind.rawValue
    }

    /// A field as a name's detail: text as written, a flag as `true`/`false`.
    private static func text(_ value: TraceValue?) -> String? {
        switch value {
        case let .string(text)?: text
        case let .bool(flag)?: String(flag)
        default: nil
        }
    }

    /// The requirement each transition is the situation of (the report's requirement IDs).
    public static let requirements: [String: [String]] = [
        name(.sessionActivated): ["SESSION-ACTIVATE-SET-ACTIVE"],
        name(.sessionDucked, "true"): ["SESSION-DUCK-OTHERS"],
        name(.sessionDucked, "false"): ["SESSION-INTERRUPT-UNDUCK"],
        name(.notifyInterruption, "began"): ["SESSION-INTERRUPT-BEGIN"],
        name(.notifyInterruption, "ended+shouldResume"): ["SESSION-INTERRUPT-END-RESUME"],
        name(.notifyRouteChange, "oldDeviceUnavailable"): ["ROUTING-OLD-DEVICE-UNAVAILABLE"],
        name(.notifyMediaServicesWereLost): ["SESSION-RESET-LOST-NOTIFICATION"],
        name(.notifyMediaServicesWereReset): ["SESSION-RESET-NOTIFICATION"],
        name(.notifySilenceSecondaryAudioHint, "begin"): ["SESSION-HINT"],
        name(.routeOverrideReverted): ["ROUTING-SPEAKER-OVERRIDE-RESET"],
        name(.permissionDialog): ["SESSION-PERMISSION-MODAL-DIALOG"],
    ]
}
