import Foundation
import MediaServer

extension AVAudioSession {
    /// Posts a media-server notification to the app's observers: synchronously, on the
    /// simulation thread, on `NotificationCenter.default` with the app's session as `object`,
    /// inside the app's context so that handlers calling `sharedInstance()` reach their own session.
    ///
    /// Observers registered with `object: nil` see every simulated app's notifications; when a
    /// test runs several Swift apps, observe with `object: AVAudioSession.sharedInstance()`.
    @_spi(Soundcheck)
    public static func post(_ notification: PolicyNotification, to binding: AppBinding) {
        AppContext.run(as: binding) {
            let (name, userInfo) = foundationForm(of: notification, binding: binding)
            // The mute state is the application's, not the session's: Apple posts it on AVAudioApplication.
            let object: AnyObject = if case .inputMuteStateChange = notification { AVAudioApplication.shared } else { sharedInstance() }
            NotificationCenter.default.post(name: name, object: object, userInfo: userInfo)
        }
    }

    static func foundationForm(of notification: PolicyNotification, binding: AppBinding) -> (Notification.Name, [AnyHashable: Any]?) {
        switch notification {
        case let .interruption(type, reason, options):
            var info: [AnyHashable: Any] = [AVAudioSessionInterruptionTypeKey: type.rawValue]
            if let reason { info[AVAudioSessionInterruptionReasonKey] = reason.rawValue }
            // iOS 10.3 to 14.4 said it with a Bool of its own; the reason key replaced it. Both go
            // out, so an app written against either reads it.
            if reason == .appWasSuspended { info[AVAudioSessionInterruptionWasSuspendedKey] = NSNumber(value: true) }
            if let options { info[AVAudioSessionInterruptionOptionKey] = options.rawValue }
            return (interruptionNotification, info)
        case let .routeChange(reason, previousRoute):
            return (routeChangeNotification, [AVAudioSessionRouteChangeReasonKey: reason.rawValue,
                                              AVAudioSessionRouteChangePreviousRouteKey: AVAudioSessionRouteDescription(previousRoute, binding: binding)])
        case .mediaServicesWereLost:
            return (mediaServicesWereLostNotification, nil)
        case .mediaServicesWereReset:
            return (mediaServicesWereResetNotification, nil)
        case let .silenceSecondaryAudioHint(type):
            return (silenceSecondaryAudioHintNotification, [AVAudioSessionSilenceSecondaryAudioHintTypeKey: type.rawValue])
        case let .inputMuteStateChange(muted):
            return (AVAudioApplication.inputMuteStateChangeNotification, [AVAudioApplication.muteStateKey: NSNumber(value: muted)])
        case let .renderingModeChange(mode):
            return (renderingModeChangeNotification, [AVAudioSessionRenderingModeNewRenderingModeKey: NSNumber(value: mode.rawValue)])
        case let .spatialPlaybackCapabilitiesChanged(enabled):
            return (spatialPlaybackCapabilitiesChangedNotification, [AVAudioSessionSpatialAudioEnabledKey: NSNumber(value: enabled)])
        case let .outputMuteStateChange(muted):
            return (outputMuteStateChangeNotification, [muteStateKey: NSNumber(value: muted)])
        case .userIntentToUnmuteOutput:
            return (userIntentToUnmuteOutputNotification, nil)
        case .availableInputsChange:
            return (availableInputsChangeNotification, nil)
        }
    }
}
