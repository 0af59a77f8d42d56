@_spi(Soundcheck) import AudioToolbox
import Foundation
import MediaServer

/// `AVAudioApplication` (iOS 17): the app-wide object for record permission and input mute.
open class AVAudioApplication: NSObject, @unchecked Sendable {
    /// `AVAudioApplication.recordPermission`: Apple's Swift name for this type is lowercase, the
    /// same as the property (`var recordPermission: AVAudioApplication.recordPermission`); the
    /// values are the FourCCs of the deprecated `AVAudioSession.RecordPermission`.
    public enum recordPermission: Int, Sendable {
        case undetermined = 1_970_168_948
        case denied = 1_684_369_017
        case granted = 1_735_552_628
    }

    let binding: AppBinding?

    private init(binding: AppBinding?) { self.binding = binding }

    /// The running app's instance.
    public static var shared: AVAudioApplication {
        guard let binding = AppContext.current else { return AVAudioApplication(binding: nil) }
        return binding.server.attachment(for: binding.app, key: "AVAudioApplication") { AVAudioApplication(binding: binding) }
    }

    public var recordPermission: recordPermission {
        guard let binding else { return .undetermined }
        let value = Int(binding.server.recordPermission(of: binding.app).rawValue)
        return AVAudioApplication.recordPermission(rawValue: value) ?? .undetermined
    }

    /// Answered at once when already decided, else when the simulated user answers the dialog.
    /// The handler is not `@Sendable`, as in Apple's signature: an app's handler may capture its
    /// own state. The simulated system calls it on its one scheduler, never concurrently.
    public class func requestRecordPermission(completionHandler response: @escaping (Bool) -> Void) {
        guard let binding = AppContext.current else { return response(false) }
        let handler = PermissionHandler(response)
        binding.server.requestRecordPermission(binding.app) { handler.call($0) }
    }

    /// The async form of `requestRecordPermission(completionHandler:)`.
    public class func requestRecordPermission() async -> Bool {
        await withCheckedContinuation { continuation in
            requestRecordPermission { granted in continuation.resume(returning: granted) }
        }
    }

    /// Per-application input mute: the app's input samples become zeros.
    public var isInputMuted: Bool { binding.map { $0.server.isInputMuted($0.app) } ?? false }

    /// Mutes or unmutes the app's input: its input samples are zeros from the next IO cycle. The
    /// media server posts `inputMuteStateChangeNotification` (object: this instance, `muteStateKey`:
    /// the new state) as Apple's header says: at once while a recording session (record,
    /// playAndRecord) is active, else when one activates (MediaPolicy+Rendering.swift).
    public func setInputMuted(_ muted: Bool) throws {
        guard let binding else { throw AVAudioSession.error(.expiredSession, "AVAudioApplication used outside a simulated app") }
        // On the Mac a registered handler does the muting and may refuse (AVAudioApplication+MuteHandler.swift).
        if binding.server.isInputMuted(binding.app) != muted, !muteHandlerAccepts(muted) {
            throw AVAudioSession.error(.unspecified, "the input mute state change handler could not \(muted ? "mute" : "unmute") the input")
        }
        binding.server.setInputMuted(binding.app, muted)
    }

    public static let inputMuteStateChangeNotification = NSNotification.Name("AVAudioApplicationInputMuteStateChangeNotification")
    public static let muteStateKey = "AVAudioApplicationMuteStateKey"
}
