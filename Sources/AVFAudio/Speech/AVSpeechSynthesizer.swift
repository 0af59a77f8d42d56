import AudioGraph
import Foundation
import MediaServer
import SimCore

/// `AVSpeechSynthesizer`: speaks utterances, one after another, through the media server as one
/// voice of the app whose code created it (or of the synthesizer's own session).
///
/// Each utterance is synthesized by eSpeak NG when its turn comes, then played as a buffer voice
/// whose start frame is known, so every event — didStart, each word, the end — is scheduled on
/// the exact IO frame its audio reaches the output. Pausing removes the voice and keeps the frame
/// it had reached; continuing plays the rest as a new voice. Outside a simulated app (no device)
/// `speak` does nothing; `write` works anywhere.
open class AVSpeechSynthesizer: NSObject, @unchecked Sendable {
    public weak var delegate: (any AVSpeechSynthesizerDelegate)?
    /// True (the default): speech is the app's audio, through its session, which speaking
    /// activates if it is inactive. False: the synthesizer has a session of its own, which
    /// mixes with and ducks other audio and handles interruptions by itself.
    public var usesApplicationAudioSession = true
    /// Whether speech is also sent to the other party of a call. The simulated device's calls
    /// carry no audio, so this is kept but changes nothing.
    public var mixToTelephonyUplink = false
    /// The port channels speech plays on (one channel: the first is used); nil: the route's
    /// first two channels.
    public var outputChannels: [AVAudioSessionChannelDescription]?

    let binding: AppBinding?
    /// Utterances waiting their turn (the one being spoken is `current`).
    var queue: [AVSpeechUtterance] = []
    var current: SpeechRun?
    /// Bumped whenever the transport changes, so that events scheduled for an older state do nothing.
    var generation = 0
    /// The session that holds I/O for the run in progress (nil: none held).
    var heldSession: AppBinding?
    /// A `.word` pause or stop waiting for the end of the word being spoken.
    var pendingBoundaryAction: BoundaryAction?
    /// Paused by an interruption of the synthesizer's own session: continue when it ends.
    var pausedByInterruption = false
    var observers: [NSObjectProtocol] = []

    public override init() {
        binding = AppContext.current
        super.init()
        observeAppSession()
    }

    deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        if let voice = current?.voice, let binding { binding.server.removeVoice(voice) }
        if let heldSession { AppIOUsers.of(heldSession).stop(heldSession) }
    }

    /// Adds `utterance` to the queue; it is spoken when those before it are done.
    open func speak(_ utterance: AVSpeechUtterance) {
        guard binding != nil else { return }
        queue.append(utterance)
        if current == nil { startNext() }
    }

    /// True while an utterance is being spoken, is paused, or waits in the queue.
    open var isSpeaking: Bool { current != nil || !queue.isEmpty }

    /// True while speech is paused (`pauseSpeaking(at:)`, or an interruption).
    open var isPaused: Bool {
        guard let current else { return false }
        if case .paused = current.phase { return true }
        return false
    }

    // MARK: Sessions

    /// The session speech goes through: the app's, or the synthesizer's own.
    var speechSession: AppBinding? {
        guard let binding else { return nil }
        return usesApplicationAudioSession ? binding : SpeechOwnSession.of(binding, for: self).binding
    }

    /// Starts I/O in the speech session (activating it if it is inactive); false when the
    /// policy refuses (from the background without the audio mode, while interrupted).
    func holdSession() -> Bool {
        if heldSession != nil { return true }
        guard let session = speechSession else { return false }
        do { try AppIOUsers.of(session).start(session) } catch { return false }
        heldSession = session
        return true
    }

    /// Stops holding I/O; the synthesizer's own session also deactivates, so that the audio it
    /// ducked comes back up.
    func releaseSession() {
        guard let session = heldSession else { return }
        heldSession = nil
        AppIOUsers.of(session).stop(session)
        // (An interrupted session stays as it is, so that it hears the interruption's end.)
        if session.app != binding?.app, !session.server.isInterrupted(session.app) {
            try? session.server.setActive(session.app, false, options: .notifyOthersOnDeactivation)
        }
    }

    /// The app's session's interruptions pause or stop speech (`SpeechSimulationSettings`); losing
    /// media services silences it.
    private func observeAppSession() {
        guard let binding else { return }
        let session = AppContext.run(as: binding) { AVAudioSession.sharedInstance() }
        let center = NotificationCenter.default
        observers.append(center.addObserver(forName: AVAudioSession.interruptionNotification, object: session,
                                            queue: nil) { [weak self] note in
            guard let self, self.usesApplicationAudioSession,
                  note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt == AVAudioSession.InterruptionType.began.rawValue else { return }
            self.interruptionBegan(response: SpeechSettingsBox.of(binding.server).settings.interruptionResponse)
        })
        observers.append(center.addObserver(forName: AVAudioSession.mediaServicesWereLostNotification, object: session,
                                            queue: nil) { [weak self] _ in self?.mediaServicesLost() })
    }

    /// The synthesizer's own session was interrupted or the interruption ended.
    func ownSessionNotified(_ notification: PolicyNotification) {
        guard !usesApplicationAudioSession, case let .interruption(type, _, _) = notification else { return }
        if type == .began {
            interruptionBegan(response: .pause)
            pausedByInterruption = isPaused
        } else if pausedByInterruption {
            pausedByInterruption = false
            _ = continueSpeaking()
        }
    }

    /// Runs `body` (a delegate call) in the app's context.
    func tell(_ body: (any AVSpeechSynthesizerDelegate) -> Void) {
        guard let delegate, let binding else { return }
        AppContext.run(as: binding) { body(delegate) }
    }
}

/// The utterance being spoken (from its pre-utterance delay to its post-utterance delay).
struct SpeechRun {
    enum Phase {
        case preDelay
        /// Playing from speech frame `from`, which the voice started on IO frame `startFrame`.
        case speaking(startFrame: Int64, from: Int)
        /// Paused at speech frame `at`; `resume` says what continuing goes back to (a pause in a
        /// delay has no didPause or didContinue).
        case paused(at: Int, resume: ResumePoint)
        case postDelay
    }

    /// What `continueSpeaking()` goes back to.
    enum ResumePoint { case audio, preDelay, postDelay }

    let utterance: AVSpeechUtterance
    let speech: SynthesizedSpeech
    var phase: Phase = .preDelay
    var voice: VoiceID?
    var started = false
    /// The next word whose callback is due.
    var nextWord = 0
}

/// A pause or stop waiting for a word boundary.
enum BoundaryAction { case pause, stop }
