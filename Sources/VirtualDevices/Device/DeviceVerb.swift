/// The word that names each kind of device event: `do:` in event scripts and scenarios, the
/// explore generator's steps, and the `device.<verb>` kind of its trace line. Listed once, here.
/// The order is the order errors and did-you-mean hints list the words in.
public enum DeviceVerb: String, CaseIterable, Hashable, Sendable {
    case attach, detach
    case ringerSilent = "ringer-silent", ringerRing = "ringer-ring"
    case lockScreen = "lock-screen", unlockScreen = "unlock-screen"
    case controlCenter = "control-center", dismissControlCenter = "dismiss-control-center"
    case volumeUp = "volume-up", volumeDown = "volume-down"
    case muteBuiltInMic = "mute-built-in-mic", unmuteBuiltInMic = "unmute-built-in-mic"
    case incomingCall = "incoming-call", answerCall = "answer-call", declineCall = "decline-call", hangUp = "hang-up"
    case alarm, dismissAlarm = "dismiss-alarm"
    case siri, siriEnd = "siri-end"
    case launch, foreground, background, suspend, terminate
    case mediaServerCrash = "media-server-crash"
    case bluetoothLinkLoss = "bluetooth-link-loss"
    case networkDropout = "network-dropout"
    /// Follow-ups the device schedules itself (a crash's restart, a dropout's end): traced, never written.
    case mediaServerRestart = "media-server-restart", networkRestored = "network-restored"

    /// Whether a script or scenario may write it (the follow-ups may not).
    public var isScriptable: Bool { self != .mediaServerRestart && self != .networkRestored }

    /// The words a script or scenario may `do:`.
    public static let scriptable = allCases.filter(\.isScriptable)

    /// The app lifecycle events, which name the app they move.
    public var movesApp: Bool { [.launch, .foreground, .background, .suspend, .terminate].contains(self) }
}
