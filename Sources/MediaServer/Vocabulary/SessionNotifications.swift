import VirtualDevices

/// Who a session belongs to: one session per app, as on iOS.
public struct AppID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.name < rhs.name }
    public var description: String { name }
}

/// The outputs and inputs a session's audio uses right now (`AVAudioSessionRouteDescription`).
public struct AudioRoute: Hashable, Sendable {
    public var inputs: [Port]
    public var outputs: [Port]

    public init(inputs: [Port] = [], outputs: [Port] = []) {
        self.inputs = inputs
        self.outputs = outputs
    }

    public static let empty = AudioRoute()
}

/// `AVAudioSession.InterruptionType`: began = 1, ended = 0.
public enum InterruptionType: UInt, CaseIterable, Hashable, Sendable { case ended = 0, began = 1 }

/// `AVAudioSession.InterruptionOptions`.
public struct InterruptionOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let shouldResume = InterruptionOptions(rawValue: 1)
}

/// `AVAudioSession.InterruptionReason` (iOS 14.5+; only in "began").
public enum InterruptionReason: UInt, CaseIterable, Hashable, Sendable {
    case `default` = 0, appWasSuspended = 1, builtInMicMuted = 2, sceneWasBackgrounded = 3
    case routeDisconnected = 4, deviceUnauthenticated = 5
}

/// `AVAudioSession.RouteChangeReason` (there is no 5).
public enum RouteChangeReason: UInt, CaseIterable, Hashable, Sendable {
    case unknown = 0, newDeviceAvailable = 1, oldDeviceUnavailable = 2, categoryChange = 3, override = 4
    case wakeFromSleep = 6, noSuitableRouteForCategory = 7, routeConfigurationChange = 8
}

/// `AVAudioSession.SilenceSecondaryAudioHintType`: begin = 1, end = 0.
public enum SilenceSecondaryAudioHintType: UInt, CaseIterable, Hashable, Sendable { case end = 0, begin = 1 }

/// `AVAudioSession.SetActiveOptions`.
public struct SetActiveOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
}

/// `AVAudioSession.PortOverride`: none = 0, speaker = 'spkr'.
public enum PortOverride: UInt, Hashable, Sendable { case none = 0, speaker = 1_936_747_378 }

/// A notification the media server posts to one app's session, with its userInfo as values.
public enum PolicyNotification: Hashable, Sendable {
    /// `reason` only on began (iOS 14.5+), `options` only on ended.
    case interruption(type: InterruptionType, reason: InterruptionReason?, options: InterruptionOptions?)
    case routeChange(reason: RouteChangeReason, previousRoute: AudioRoute)
    case mediaServicesWereLost
    case mediaServicesWereReset
    case silenceSecondaryAudioHint(SilenceSecondaryAudioHintType)
    /// `AVAudioApplication.inputMuteStateChangeNotification` (iOS 17): posted on the app's
    /// `AVAudioApplication`, not its session; `muteStateKey` carries the new state.
    case inputMuteStateChange(muted: Bool)
    /// `renderingModeChangeNotification` (iOS 17.2), with `AVAudioSessionRenderingModeNewRenderingModeKey`.
    case renderingModeChange(RenderingMode)
    /// `spatialPlaybackCapabilitiesChangedNotification` (iOS 15), with `AVAudioSessionSpatialAudioEnabledKey`.
    case spatialPlaybackCapabilitiesChanged(spatialAudioEnabled: Bool)
    /// `outputMuteStateChangeNotification` (iOS 26), with `AVAudioSessionMuteStateKey`.
    case outputMuteStateChange(muted: Bool)
    /// `userIntentToUnmuteOutputNotification` (iOS 26): a muted app's user pressed a volume button.
    case userIntentToUnmuteOutput
    /// `availableInputsChangeNotification` (iOS 26), no userInfo.
    case availableInputsChange
}
