import MediaServer
import SimCore
import VirtualDevices

/// A notification the system posted to an app's `AVAudioSession`, as a test checks it:
///
/// ```swift
/// try device.detach(headphones)
/// #expect(device.notifications(for: "Podcasts").last
///         == .routeChange(.oldDeviceUnavailable, previous: RouteDescription(outputs: [headphonesPort])))
/// ```
///
/// Read from the trace's records (`TraceRecord`), so it shows exactly what the app was told.
public enum SessionNotification: Hashable, Sendable {
    case interruption(Interruption)
    /// The reason, and the route before the change (its ports by type and UID).
    case routeChange(RouteChangeReason, previous: RouteDescription)
    case mediaServicesWereLost
    case mediaServicesWereReset
    case silenceSecondaryAudioHint(SilenceSecondaryAudioHintType)
    /// `AVAudioApplication.inputMuteStateChangeNotification` with the new state.
    case inputMuteStateChange(muted: Bool)
    case renderingModeChange(RenderingMode)
    case spatialPlaybackCapabilitiesChanged(spatialAudioEnabled: Bool)
    /// iOS 26: `outputMuteStateChangeNotification` with the new state, the user's intent to
    /// unmute (a volume button while muted), and a change of `availableInputs`.
    case outputMuteStateChange(muted: Bool)
    case userIntentToUnmuteOutput
    case availableInputsChange

    /// `AVAudioSession.InterruptionType` with the options an ended interruption carries.
    public enum Interruption: Hashable, Sendable {
        case began
        /// `shouldResume`: the interrupting audio ended and the app may start playing again.
        case ended(shouldResume: Bool)
    }

    init(_ record: SessionNotificationRecord) {
        switch record {
        case let .interruption(.began, _, _): self = .interruption(.began)
        case let .interruption(.ended, _, options): self = .interruption(.ended(shouldResume: options?.contains(.shouldResume) ?? false))
        case let .routeChange(reason, previous): self = .routeChange(reason, previous: previous)
        case .mediaServicesWereLost: self = .mediaServicesWereLost
        case .mediaServicesWereReset: self = .mediaServicesWereReset
        case let .silenceSecondaryAudioHint(type): self = .silenceSecondaryAudioHint(type)
        case let .inputMuteStateChange(muted): self = .inputMuteStateChange(muted: muted)
        case let .renderingModeChange(mode): self = .renderingModeChange(mode)
        case let .spatialPlaybackCapabilitiesChanged(enabled): self = .spatialPlaybackCapabilitiesChanged(spatialAudioEnabled: enabled)
        case let .outputMuteStateChange(muted): self = .outputMuteStateChange(muted: muted)
        case .userIntentToUnmuteOutput: self = .userIntentToUnmuteOutput
        case .availableInputsChange: self = .availableInputsChange
        }
    }
}

/// A route as a notification describes it: the outputs and inputs by port type and UID.
public typealias RouteDescription = TracedRoute

extension TracedRoute {
    /// Whether one of the route's outputs is of this type (`.headphones`).
    public func hasOutput(_ type: PortType) -> Bool { outputs.contains { $0.type == type } }
    /// Whether one of the route's inputs is of this type (`.headsetMic`).
    public func hasInput(_ type: PortType) -> Bool { inputs.contains { $0.type == type } }
}

/// A notification with when it was posted and the userInfo its case leaves out.
public struct PostedNotification: Hashable, Sendable {
    public let time: HostTime
    public let notification: SessionNotification
    /// `AVAudioSessionInterruptionReasonKey` of a began interruption (iOS 14.5+), when posted.
    public let interruptionReason: InterruptionReason?

    /// `AVAudioSessionInterruptionWasSuspendedKey`: the interruption began while the app was suspended.
    public var wasSuspended: Bool { interruptionReason == .appWasSuspended }
}

extension SimulatedDevice {
    /// The notifications posted to `app`'s session so far, in order.
    public func notifications(for app: String) -> [SessionNotification] {
        postedNotifications(for: app).map(\.notification)
    }

    /// The same, each with its time and reason.
    public func postedNotifications(for app: String) -> [PostedNotification] {
        trace.records.compactMap { record in
            guard case let .notification(name, notification) = record.fact, name == app else { return nil }
            var reason: InterruptionReason?
            if case let .interruption(_, given, _) = notification { reason = given }
            return PostedNotification(time: record.time, notification: SessionNotification(notification), interruptionReason: reason)
        }
    }
}
