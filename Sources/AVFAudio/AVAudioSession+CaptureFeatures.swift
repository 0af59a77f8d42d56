import Foundation
import MediaServer

/// The capture features of recent releases. Echo-cancelled input (iOS 18.2) is the media server's
/// (MediaPolicy+EchoCancelledInput.swift): available on 2024-or-later iPhone models in
/// playAndRecord with the default mode, and when enabled the speaker's echo is out of what the app
/// records. The simulated built-in microphone records mono, so the stereo input orientation stays
/// `.none` ("the actual input orientation may be different"); microphone injection (iOS 18.2) is
/// not available and its permission reports the service disabled. Preferences read back.
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

    public var isEchoCancelledInputAvailable: Bool { read(false) { $0.isEchoCancelledInputAvailable(for: $1) } }
    public var isEchoCancelledInputEnabled: Bool { read(false) { $0.isEchoCancelledInputEnabled(for: $1) } }
    public var prefersEchoCancelledInput: Bool { read(false) { $0.prefersEchoCancelledInput($1) } }

    public func setPrefersEchoCancelledInput(_ value: Bool) throws {
        try call { server, app throws(SessionError) in try server.setPrefersEchoCancelledInput(app, value) }
    }

    /// iOS 13: while this app records, its system sounds and haptics are muted unless allowed
    /// (MediaPolicy+RecordingSounds.swift).
    public var allowHapticsAndSystemSoundsDuringRecording: Bool { read(false) { $0.allowsHapticsAndSystemSoundsDuringRecording($1) } }

    public func setAllowHapticsAndSystemSoundsDuringRecording(_ inValue: Bool) throws {
        try call { server, app throws(SessionError) in try server.setAllowHapticsAndSystemSoundsDuringRecording(app, inValue) }
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
