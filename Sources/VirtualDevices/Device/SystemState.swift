/// The device-wide controls and services that audio policy reacts to.
public struct SystemState: Hashable, Sendable {
    public init() {}

    /// Cellular telephony as the phone app sees it.
    public enum Call: Hashable, Sendable {
        case idle
        case ringing(caller: String)
        case active(caller: String)
    }

    /// Hardware volume steps, as the volume buttons move them (iOS has 16).
    public static let volumeSteps = 16

    public var ringerSilent = false
    public var screenLocked = false
    public var controlCenterShown = false
    /// The hardware has muted the built-in microphone (an iPad's Smart Folio is closed).
    public var builtInMicMuted = false
    public var volumeStep = 8
    public var call = Call.idle
    public var alarmRinging = false
    public var siriActive = false
    public var mediaServerRunning = true
    public var networkUp = true

    /// The output volume as `AVAudioSession.outputVolume` reports it, in 1/16 steps.
    public var outputVolumeSixteenths: Int { volumeStep }
}
