import Foundation
import MediaServer

/// The capture features of recent releases that the simulated devices' hardware lacks, answering as
/// such a device does: echo-cancelled input (iOS 18.2, on models with the feature) is never
/// available nor enabled; the built-in microphone records mono, so the stereo input orientation
/// stays `.none`; microphone injection (iOS 18.2) is not available and its permission reports the
/// service disabled. An app's preferences are kept and read back, as on such a device.
extension AVAudioSession {
    /// `AVAudioSession.StereoOrientation` (raw values from AVAudioSessionTypes.h).
    public enum StereoOrientation: Int, Sendable {
        case none = 0, portrait = 1, portraitUpsideDown = 2, landscapeRight = 3, landscapeLeft = 4
    }

    /// `AVAudioSession.MicrophoneInjectionMode`.
    public enum MicrophoneInjectionMode: Int, Sendable {
        case none = 0, spokenAudio = 1
    }

    public static let microphoneInjectionCapabilitiesChangeNotification =
        NSNotification.Name("AVAudioSessionMicrophoneInjectionCapabilitiesChangeNotification")

    public var isEchoCancelledInputAvailable: Bool { false }
    public var isEchoCancelledInputEnabled: Bool { false }
    public var prefersEchoCancelledInput: Bool { preferences.prefersEchoCancelledInput }

    public func setPrefersEchoCancelledInput(_ value: Bool) throws {
        try requireApp()
        preferences.prefersEchoCancelledInput = value
    }

    public var preferredInputOrientation: StereoOrientation { preferences.preferredInputOrientation }
    public var inputOrientation: StereoOrientation { .none }

    public func setPreferredInputOrientation(_ orientation: StereoOrientation) throws {
        try requireApp()
        preferences.preferredInputOrientation = orientation
    }

    public var isMicrophoneInjectionAvailable: Bool { false }
    public var preferredMicrophoneInjectionMode: MicrophoneInjectionMode { preferences.preferredMicrophoneInjectionMode }

    public func setPreferredMicrophoneInjectionMode(_ inValue: MicrophoneInjectionMode) throws {
        try requireApp()
        preferences.preferredMicrophoneInjectionMode = inValue
    }

    /// The app's capture preferences, kept per app with its session.
    final class CapturePreferences {
        var prefersEchoCancelledInput = false
        var preferredInputOrientation = StereoOrientation.none
        var preferredMicrophoneInjectionMode = MicrophoneInjectionMode.none
    }

    private var preferences: CapturePreferences {
        guard let binding else { return CapturePreferences() }
        return binding.server.attachment(for: binding.app, key: "AVAudioSession.CapturePreferences") { CapturePreferences() }
    }

    private func requireApp() throws {
        guard binding != nil else { throw AVAudioSession.error(.expiredSession, "AVAudioSession used outside a simulated app") }
    }
}

public let AVAudioSessionMicrophoneInjectionIsAvailableKey = "AVAudioSessionMicrophoneInjectionIsAvailableKey"

extension AVAudioApplication {
    /// `AVAudioApplication.MicrophoneInjectionPermission` (FourCC raw values, as the record permission's).
    public enum MicrophoneInjectionPermission: Int, Sendable {
        case serviceDisabled = 1_936_876_659   // 'srds'
        case undetermined = 1_970_168_948      // 'undt'
        case denied = 1_684_369_017            // 'deny'
        case granted = 1_735_552_628           // 'grnt'
    }

    /// The injection service is absent on the simulated devices, so it is disabled.
    public var microphoneInjectionPermission: MicrophoneInjectionPermission { .serviceDisabled }

    public class func requestMicrophoneInjectionPermission(completionHandler response: @escaping (MicrophoneInjectionPermission) -> Void) {
        response(.serviceDisabled)
    }
}
