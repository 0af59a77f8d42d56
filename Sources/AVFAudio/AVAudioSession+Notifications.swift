import Foundation

extension AVAudioSession {
    public static let interruptionNotification = Notification.Name("AVAudioSessionInterruptionNotification")
    public static let routeChangeNotification = Notification.Name("AVAudioSessionRouteChangeNotification")
    public static let mediaServicesWereLostNotification = Notification.Name("AVAudioSessionMediaServicesWereLostNotification")
    public static let mediaServicesWereResetNotification = Notification.Name("AVAudioSessionMediaServicesWereResetNotification")
    public static let silenceSecondaryAudioHintNotification =
        Notification.Name("AVAudioSessionSilenceSecondaryAudioHintNotification")
}

// userInfo keys. Values are posted as `UInt` (and the previous route as an
// `AVAudioSessionRouteDescription`), so `userInfo[key] as? UInt` works as on a device.
public let AVAudioSessionInterruptionTypeKey = "AVAudioSessionInterruptionTypeKey"
public let AVAudioSessionInterruptionOptionKey = "AVAudioSessionInterruptionOptionKey"
public let AVAudioSessionInterruptionReasonKey = "AVAudioSessionInterruptionReasonKey"
/// Deprecated in iOS 14.5 for `AVAudioSessionInterruptionReasonKey` (`.appWasSuspended`): an
/// NSNumber holding true when the interruption began while the app was suspended.
public let AVAudioSessionInterruptionWasSuspendedKey = "AVAudioSessionInterruptionWasSuspendedKey"
public let AVAudioSessionRouteChangeReasonKey = "AVAudioSessionRouteChangeReasonKey"
public let AVAudioSessionRouteChangePreviousRouteKey = "AVAudioSessionRouteChangePreviousRouteKey"
public let AVAudioSessionSilenceSecondaryAudioHintTypeKey = "AVAudioSessionSilenceSecondaryAudioHintTypeKey"
