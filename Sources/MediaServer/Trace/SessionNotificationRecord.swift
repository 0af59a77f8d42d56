import SimCore
import VirtualDevices

/// A session notification as the trace keeps it: the userInfo's values, with routes as the
/// trace carries ports (type and UID), so a reader needs no table of ports to know a gone one.
public enum SessionNotificationRecord: Hashable, Sendable {
    /// `reason` only on began (iOS 14.5+), `options` only on ended.
    case interruption(type: InterruptionType, reason: InterruptionReason?, options: InterruptionOptions?)
    case routeChange(reason: RouteChangeReason, previous: TracedRoute)
    case mediaServicesWereLost
    case mediaServicesWereReset
    case silenceSecondaryAudioHint(SilenceSecondaryAudioHintType)
    case inputMuteStateChange(muted: Bool)
    case renderingModeChange(RenderingMode)
    case spatialPlaybackCapabilitiesChanged(spatialAudioEnabled: Bool)
    case outputMuteStateChange(muted: Bool)
    case userIntentToUnmuteOutput
    case availableInputsChange

    public init(_ notification: PolicyNotification) {
        switch notification {
        case let .interruption(type, reason, options): self = .interruption(type: type, reason: reason, options: options)
        case let .routeChange(reason, previous): self = .routeChange(reason: reason, previous: TracedRoute(previous))
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

    public var kind: TraceKind {
        switch self {
        case .interruption: .notifyInterruption
        case .routeChange: .notifyRouteChange
        case .mediaServicesWereLost: .notifyMediaServicesWereLost
        case .mediaServicesWereReset: .notifyMediaServicesWereReset
        case .silenceSecondaryAudioHint: .notifySilenceSecondaryAudioHint
        case .inputMuteStateChange: .notifyInputMuteStateChange
        case .renderingModeChange: .notifyRenderingModeChange
        case .spatialPlaybackCapabilitiesChanged: .notifySpatialPlaybackCapabilitiesChanged
        case .outputMuteStateChange: .notifyOutputMuteStateChange
        case .userIntentToUnmuteOutput: .notifyUserIntentToUnmuteOutput
        case .availableInputsChange: .notifyAvailableInputsChange
        }
    }
}

/// A route as trace lines carry it: its outputs and inputs by type and UID.
public struct TracedRoute: Hashable, Sendable {
    public var outputs: [TracedPort]
    public var inputs: [TracedPort]

    public init(outputs: [TracedPort] = [], inputs: [TracedPort] = []) {
        self.outputs = outputs
        self.inputs = inputs
    }

    public init(_ route: AudioRoute) {
        self.init(outputs: route.outputs.map(TracedPort.init), inputs: route.inputs.map(TracedPort.init))
    }
}

/// A port as trace lines name it.
public struct TracedPort: Hashable, Sendable {
    public var type: PortType
    public var uid: String

    public init(type: PortType, uid: String) {
        self.type = type
        self.uid = uid
    }

    public init(_ port: Port) { self.init(type: port.portType, uid: port.uid) }
}
