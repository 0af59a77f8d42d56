import Foundation
import MediaServer

/// iOS 26's output mute and its notifications, and the notification of a change of
/// `availableInputs`: the media server's (MediaPolicy+OutputMute.swift). A muted app is silent
/// at every port; a volume button pressed while it is active posts
/// `userIntentToUnmuteOutputNotification`, and a `shortFormVideo` session is unmuted by the
/// system. Before iOS 26 `setOutputMuted(_:)` throws `badParam` (the call does not exist there).
extension AVAudioSession {
    public static let outputMuteStateChangeNotification = NSNotification.Name("AVAudioSessionOutputMuteStateChangeNotification")
    public static let userIntentToUnmuteOutputNotification = NSNotification.Name("AVAudioSessionUserIntentToUnmuteOutputNotification")
    public static let availableInputsChangeNotification = NSNotification.Name("AVAudioSessionAvailableInputsChangeNotification")
    /// The `outputMuteStateChangeNotification` userInfo key: an `NSNumber` holding the new state.
    public static let muteStateKey = "AVAudioSessionMuteStateKey"

    public var isOutputMuted: Bool { read(false) { $0.isOutputMuted($1) } }

    public func setOutputMuted(_ muted: Bool) throws {
        try call { server, app throws(SessionError) in try server.setOutputMuted(app, muted) }
    }
}
