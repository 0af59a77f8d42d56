import AudioFiles
import Foundation
import AVFAudio
import UIKit

/// What every reference app shares: written only against the Apple-named facades, it configures
/// its session, listens to its session's and its application's notifications, and logs what it
/// does. Subclasses override the reactions the 2014 session-activation advice gives their kind
/// of app; `configuration.mistakes` switch in the typical mistakes a scenario should catch.
///
/// Shared mistakes: `ignores-interruptions` (keeps believing it plays while interrupted),
/// `resumes-without-should-resume`, `ignores-media-services-reset` (does not rebuild after a
/// reset), `never-deactivates`, `no-notify-others` (deactivates without
/// notifyOthersOnDeactivation).
open class ReferenceApp: ScenarioApp, @unchecked Sendable {
    public let configuration: AppConfiguration
    public let log: AppLog
    public private(set) var isPlaying = false
    /// Playing when an interruption began, so an ended-with-shouldResume may resume.
    var wasPlayingBeforeInterruption = false
    private var observers: [NSObjectProtocol] = []

    /// The session settings the kind of app uses; a scenario's category/mode/options override them.
    open class var defaultCategory: AVAudioSession.Category { .soloAmbient }
    open class var defaultMode: AVAudioSession.Mode { .default }
    open class var defaultOptions: AVAudioSession.CategoryOptions { [] }
    /// The test tone the kind of app plays while it plays, so port checks can tell apps apart;
    /// nil for apps that make no sound of their own (the recorder).
    open class var defaultTone: Int? { 1_000 }
    /// What the app plays: its `file:`, or a generated file of its tone, looping until paused.
    /// Made at launch and again after a media-services reset (the old one is dead then).
    public private(set) var player: AVAudioPlayer?

    public required init(configuration: AppConfiguration, log: AppLog) {
        self.configuration = configuration
        self.log = log
        observe()
        configureSession()
        makeSound()
        didLaunch()
    }

    deinit { observers.forEach(NotificationCenter.default.removeObserver) }

    var session: AVAudioSession { AVAudioSession.sharedInstance() }

    public func makes(_ mistake: String) -> Bool { configuration.makes(mistake) }

    // MARK: Overridable reactions

    open func didLaunch() {}
    open func perform(_ command: String) {}
    open func didBecomeActive() {}
    open func didEnterBackground() {}

    open func interruptionBegan() {
        guard !makes("ignores-interruptions") else { return }
        wasPlayingBeforeInterruption = isPlaying
        setPlaying(false, because: "interruption-began")
    }

    open func interruptionEnded(shouldResume: Bool) {
        guard !makes("ignores-interruptions") else { return }
        let resume = wasPlayingBeforeInterruption && (shouldResume || makes("resumes-without-should-resume"))
        wasPlayingBeforeInterruption = false
        if resume { play(because: "interruption-ended") } else { log("waits-for-user") }
    }

    open func routeChanged(reason: AVAudioSession.RouteChangeReason) {}
    open func secondaryAudioHint(begin: Bool) {}

    open func mediaServicesWereReset() {
        setPlaying(false, because: "media-services-reset")
        guard !makes("ignores-media-services-reset") else { return }
        configureSession()
        makeSound()
        log("rebuilt")
    }

    // MARK: Sound

    /// Makes the objects that produce the app's sound; a recorder overrides it.
    open func makeSound() {
        let tone = configuration.tone ?? Swift.type(of: self).defaultTone
        do {
            if let file = configuration.file {
                player = try AVAudioPlayer(contentsOf: file)
            } else if let tone {
                player = try AVAudioPlayer(data: Self.toneFile(frequency: tone))
            }
        } catch {
            log("error", ["call": "AVAudioPlayer", "code": String((error as NSError).code)])
        }
        player?.numberOfLoops = -1
    }

    /// The app's test-tone file, made once per frequency: a scenario with a thousand apps of a
    /// few models then makes a few files, not a thousand (the bytes are the same either way).
    static func toneFile(frequency: Int) -> Data {
        toneFilesLock.lock()
        defer { toneFilesLock.unlock() }
        if let file = toneFiles[frequency] { return file }
        let file = TestToneFile.wav(frequency: frequency)
        toneFiles[frequency] = file
        return file
    }

    private static let toneFilesLock = NSLock()
    nonisolated(unsafe) private static var toneFiles: [Int: Data] = [:]

    /// Starts the app's sound; false when the system refuses to start its I/O.
    open func startSound() -> Bool {
        guard let player else { return true }
        if let assignments = configuration.channelAssignments { player.channelAssignments = outputChannels(assignments) }
        return player.play()
    }

    open func stopSound() { player?.pause() }

    /// The output channels of the current route that `references` name, as the player wants them.
    func outputChannels(_ references: [PortChannelReference]) -> [AVAudioSessionChannelDescription]? {
        let outputs = session.currentRoute.outputs
        var channels: [AVAudioSessionChannelDescription] = []
        for reference in references {
            let port = outputs.first { [$0.portName, $0.uid, $0.portType.rawValue].contains(reference.port) }
            guard let channel = port?.channels?.first(where: { $0.channelNumber == reference.channel }) else {
                log("error", ["call": "channelAssignments", "code": "no channel \(reference.channel) on \(reference.port) in the route"])
                return nil
            }
            channels.append(channel)
        }
        return channels
    }

    // MARK: Helpers

    /// Starts or stops the app's sound; a start the system refuses (`cannotStartPlaying` from
    /// the background) is logged as `error` with call `play`, and the app stays stopped.
    func setPlaying(_ playing: Bool, because reason: String) {
        guard playing != isPlaying else { return }
        if playing {
            guard startSound() else { log("error", ["call": "play", "code": "refused"]); return }
        } else {
            stopSound()
        }
        isPlaying = playing
        log(playing ? "started" : "stopped", ["reason": reason])
    }

    /// Turns the app's own sound up or down (a game muting its soundtrack).
    func setSoundGain(_ gain: Float) { player?.volume = gain }

    /// Configures the session with the model's settings or the scenario's overrides.
    func configureSession() {
        let type = Swift.type(of: self)
        let category = configuration.sessionCategory ?? type.defaultCategory
        let mode = configuration.sessionMode ?? type.defaultMode
        let options = configuration.sessionOptions ?? type.defaultOptions
        attempt("setCategory") { try session.setCategory(category, mode: mode, options: options) }
    }

    /// Activates and starts playing; on failure logs the error and stays stopped.
    func play(because reason: String) {
        guard activate() else { return }
        setPlaying(true, because: reason)
    }

    @discardableResult
    func activate() -> Bool { attempt("setActive") { try session.setActive(true) } }

    /// Deactivates as advised (notifying others) unless the scenario asked for a mistake.
    func deactivate() {
        guard !makes("never-deactivates") else { log("keeps-session-active"); return }
        let options: AVAudioSession.SetActiveOptions = makes("no-notify-others") ? [] : .notifyOthersOnDeactivation
        attempt("setActive") { try session.setActive(false, options: options) }
    }

    /// Runs a throwing session call, logging `error` with the call and code when it fails.
    @discardableResult
    func attempt(_ call: String, _ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            let code = (error as NSError).code
            let name = AVAudioSession.ErrorCode(rawValue: code).map { "\($0)" } ?? String(code)
            log("error", ["call": call, "code": name])
            return false
        }
    }

    private func observe() {
        let center = NotificationCenter.default
        let session = self.session
        func on(_ name: Notification.Name, object: AnyObject?, _ handler: @escaping @Sendable (Notification) -> Void) {
            observers.append(center.addObserver(forName: name, object: object, queue: nil, using: handler))
        }
        on(AVAudioSession.interruptionNotification, object: session) { [weak self] note in
            guard let self, let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt else { return }
            if raw == AVAudioSession.InterruptionType.began.rawValue { self.interruptionBegan(); return }
            let options = AVAudioSession.InterruptionOptions(
                rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
            self.interruptionEnded(shouldResume: options.contains(.shouldResume))
        }
        on(AVAudioSession.routeChangeNotification, object: session) { [weak self] note in
            guard let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
                  let reason = AVAudioSession.RouteChangeReason(rawValue: raw) else { return }
            self?.routeChanged(reason: reason)
        }
        on(AVAudioSession.silenceSecondaryAudioHintNotification, object: session) { [weak self] note in
            let raw = note.userInfo?[AVAudioSessionSilenceSecondaryAudioHintTypeKey] as? UInt
            self?.secondaryAudioHint(begin: raw == AVAudioSession.SilenceSecondaryAudioHintType.begin.rawValue)
        }
        on(AVAudioSession.mediaServicesWereResetNotification, object: session) { [weak self] _ in
            self?.mediaServicesWereReset()
        }
        let application = UIApplication.shared
        on(UIApplication.didBecomeActiveNotification, object: application) { [weak self] _ in self?.didBecomeActive() }
        on(UIApplication.didEnterBackgroundNotification, object: application) { [weak self] _ in self?.didEnterBackground() }
    }
}
