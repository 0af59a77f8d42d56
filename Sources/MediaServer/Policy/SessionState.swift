import SimCore
import VirtualDevices

/// Everything the policy keeps for one app's session besides what the activation arbiter holds:
/// its configuration, routing choices and hardware preferences, and the route it last heard of.
///
/// The app's lifecycle, its background mode and whether its I/O runs are not here: each is kept
/// once, in the arbiter's `AppSession` (the policy's own value), and the policy reads them from
/// there (`MediaPolicy.lifecycle(of:)`, `isIORunning(_:)`), so no copy can lag behind another.
struct SessionState: Sendable {
    let app: AppID
    var configuration = SessionConfiguration()
    var routing = RoutingState()
    var preferences = HardwarePreferences()
    /// The route the app was last told about (or saw when it launched): the "previous route".
    var lastRoute = AudioRoute.empty
    var inputMuted = false
    /// iOS 26 `setOutputMuted(_:)`: the app's output is silent while set.
    var outputMuted = false
    /// iOS 13 `allowHapticsAndSystemSoundsDuringRecording` (default false).
    var allowsHapticsAndSystemSoundsDuringRecording = false
    /// `beginReceivingRemoteControlEvents()`, and a target on any `MPRemoteCommandCenter` command:
    /// either makes the system send the app remote events (the second since iOS 7.1).
    var receivesRemoteControlEvents = false
    var handlesRemoteCommands = false
    var takesRemoteEvents: Bool { receivesRemoteControlEvents || handlesRemoteCommands }
    /// iOS 17+ `prefersInterruptionOnRouteDisconnect` (default true).
    var prefersInterruptionOnRouteDisconnect = true
    /// iOS 14.5+ `prefersNoInterruptionsFromSystemAlerts` (default false).
    var prefersNoInterruptionsFromSystemAlerts = false
    /// iOS 18.2+ `prefersEchoCancelledInput` (default false).
    var prefersEchoCancelledInput = false
    /// iOS 15+ `supportsMultichannelContent` (default false).
    var supportsMultichannelContent = false
    /// What the app was last told (MediaPolicy+Rendering.swift): its input mute state, its
    /// rendering mode, and whether its route renders spatial audio.
    var toldInputMuted = false
    var toldRenderingMode = RenderingMode.notApplicable
    var toldSpatialAudio = false
    var toldOutputMuted = false
    /// The `availableInputs` (port UIDs) last seen while the category records; nil before any.
    var toldAvailableInputs: [String]?

    init(app: AppID) {
        self.app = app
    }

    /// Back to a fresh session after a media-services reset (QA1749: "as if the application was
    /// starting up for the first time"); what belongs to the app, not the session, stays.
    mutating func reset() {
        configuration = SessionConfiguration()
        routing = RoutingState()
        preferences = HardwarePreferences()
        prefersInterruptionOnRouteDisconnect = true
        prefersNoInterruptionsFromSystemAlerts = false
        prefersEchoCancelledInput = false
        supportsMultichannelContent = false
        outputMuted = false
        toldOutputMuted = false
        allowsHapticsAndSystemSoundsDuringRecording = false
        toldAvailableInputs = nil
    }
}
