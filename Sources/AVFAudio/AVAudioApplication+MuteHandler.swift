import Foundation
import MediaServer

/// `setInputMuteStateChangeHandler(_:)`, the Mac's form of input muting (macOS 14; unavailable on
/// iOS, so absent from the iOS SDK lists: the ledger marks it a `mac` profile extra). Apple's
/// header: the block is called on every input mute state change with the state the input should
/// take; the app mutes its own samples and returns true, or false "in exceptional cases" when it
/// could not. A later call replaces the block; nil removes it.
///
/// We honour the return value this way: a change the handler refuses does not happen —
/// `setInputMuted(_:)` throws, `isInputMuted` keeps its value and nothing is posted. On an iPhone
/// or iPad, where the call does not exist, it fails with `badParam`, as `setRouteSharingPolicy(_:)` does.
extension AVAudioApplication {
    public func setInputMuteStateChangeHandler(_ inputMuteHandler: ((Bool) -> Bool)?) throws {
        guard let binding else { throw AVAudioSession.error(.expiredSession, "AVAudioApplication used outside a simulated app") }
        guard binding.server.device.profile.family == .computer else {
            throw AVAudioSession.error(.badParam, "setInputMuteStateChangeHandler(_:) is the Mac's API (macOS 14); iOS has none")
        }
        muteHandler.block = inputMuteHandler
    }

    /// The handler's answer to `muted`: true when there is no handler or it muted as asked.
    func muteHandlerAccepts(_ muted: Bool) -> Bool {
        muteHandler.block?(muted) ?? true
    }

    /// The app's one handler, kept with the app like its session's other state.
    final class MuteHandler {
        var block: ((Bool) -> Bool)?
    }

    private var muteHandler: MuteHandler {
        guard let binding else { return MuteHandler() }
        return binding.server.attachment(for: binding.app, key: "AVAudioApplication.MuteHandler") { MuteHandler() }
    }
}
