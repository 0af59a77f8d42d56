import AVFoundation
import MediaPlayer

/// A podcast player's audio core, as an iOS app writes it: a spoken-audio playback session that
/// activates when the user presses play, pauses when the headphones go away, resumes after an
/// interruption only when the system says it should, rebuilds after a media-services reset, and
/// answers the lock screen's remote commands. Episodes play through `EpisodeEngine` (an engine with
/// a time-pitch unit, so 1.5× keeps voices at their pitch).
///
/// The reactions are `open` so that an app (or a test planting a bug) can change one of them.
/// Everything runs on the main thread: the session's notifications are delivered there (`queue:
/// nil` on the thread that posts them), hence `@unchecked Sendable` for the observers' closures.
open class PodcastPlayer: @unchecked Sendable {
    public private(set) var isPlaying = false
    public private(set) var episode: Episode?
    /// Whether the player was playing when an interruption began, so its end may resume it.
    private var wasPlayingBeforeInterruption = false
    private var engine: EpisodeEngine
    private var observers: [NSObjectProtocol] = []
    private let remoteCommands: RemoteCommands

    public init(rate: Float = 1.5) {
        engine = EpisodeEngine(rate: rate)
        remoteCommands = RemoteCommands()
        configureSession()
        observeSession()
        remoteCommands.attach(to: self)
    }

    deinit {
        observers.forEach(NotificationCenter.default.removeObserver)
    }

    public var session: AVAudioSession { AVAudioSession.sharedInstance() }
    /// The playback rate (1.5 by default: podcasts are mostly listened to faster).
    public var rate: Float { engine.rate }
    /// Seconds into the episode.
    public var position: TimeInterval { engine.position }

    // MARK: What the user does

    public func load(_ episode: Episode) throws {
        try engine.load(episode.url)
        self.episode = episode
        NowPlaying.show(episode, position: 0, rate: 0)
    }

    /// Activates the session (only now: a podcast app doesn't take the audio from others at launch)
    /// and plays.
    public func play() throws {
        guard !isPlaying, episode != nil else { return }
        try session.setActive(true)
        try engine.play()
        isPlaying = true
        updateNowPlaying()
    }

    /// Pauses and gives the audio back, so music the user paused for can resume.
    public func pause() {
        guard isPlaying else { return }
        engine.pause()
        isPlaying = false
        updateNowPlaying()
        try? session.setActive(false, options: .notifyOthersOnDeactivation)
    }

    public func skip(by seconds: TimeInterval) throws {
        try engine.seek(to: max(0, position + seconds))
        updateNowPlaying()
    }

    public func setRate(_ rate: Float) {
        engine.rate = rate
        updateNowPlaying()
    }

    // MARK: What the system does

    open func interruptionBegan() {
        wasPlayingBeforeInterruption = isPlaying
        if isPlaying {
            // The system has already stopped the engine; only the app's own state is left to change.
            engine.pause()
            isPlaying = false
            updateNowPlaying()
        }
    }

    open func interruptionEnded(options: AVAudioSession.InterruptionOptions) {
        defer { wasPlayingBeforeInterruption = false }
        guard wasPlayingBeforeInterruption, options.contains(.shouldResume) else { return }
        try? play()
    }

    open func routeChanged(reason: AVAudioSession.RouteChangeReason, previousRoute: AVAudioSessionRouteDescription?) {
        // Apple's rule: when the headphones go away, pause rather than play on from the speaker.
        guard reason == .oldDeviceUnavailable, let previousRoute,
              previousRoute.outputs.contains(where: { Self.privateOutputs.contains($0.portType) }) else { return }
        // An interruption that began with the unplug (iOS 17 interrupts the Now Playing app) must not
        // resume it from the speaker when it ends: the user pulled the headphones out.
        wasPlayingBeforeInterruption = false
        pause()
    }

    open func mediaServicesWereReset() {
        // Every audio object is dead now: make new ones, set the session up again, and wait for the user.
        isPlaying = false
        engine = EpisodeEngine(rate: engine.rate)
        configureSession()
        if let episode { try? engine.load(episode.url) }
        updateNowPlaying()
    }

    static let privateOutputs: Set<AVAudioSession.Port> = [.headphones, .bluetoothA2DP, .bluetoothHFP, .bluetoothLE, .usbAudio]

    // MARK: Set-up

    private func configureSession() {
        try? session.setCategory(.playback, mode: .spokenAudio, options: [])
    }

    private func updateNowPlaying() {
        guard let episode else { return }
        NowPlaying.show(episode, position: position, rate: isPlaying ? engine.rate : 0)
    }

    private func observeSession() {
        let center = NotificationCenter.default
        observers.append(center.addObserver(forName: AVAudioSession.interruptionNotification, object: session, queue: nil) { [weak self] note in
            guard let self, let info = note.userInfo,
                  let raw = info[AVAudioSessionInterruptionTypeKey] as? UInt,
                  let type = AVAudioSession.InterruptionType(rawValue: raw) else { return }
            switch type {
            case .began:
                self.interruptionBegan()
            case .ended:
                let options = AVAudioSession.InterruptionOptions(rawValue: info[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
                self.interruptionEnded(options: options)
            @unknown default:
                break
            }
        })
        observers.append(center.addObserver(forName: AVAudioSession.routeChangeNotification, object: session, queue: nil) { [weak self] note in
            guard let self, let info = note.userInfo,
                  let raw = info[AVAudioSessionRouteChangeReasonKey] as? UInt,
                  let reason = AVAudioSession.RouteChangeReason(rawValue: raw) else { return }
            self.routeChanged(reason: reason, previousRoute: info[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription)
        })
        observers.append(center.addObserver(forName: AVAudioSession.mediaServicesWereResetNotification, object: session, queue: nil) { [weak self] _ in
            self?.mediaServicesWereReset()
        })
    }
}

/// One episode: where its audio is and what the lock screen shows.
public struct Episode: Sendable {
    public var title: String
    public var show: String
    public var url: URL

    public init(title: String, show: String, url: URL) {
        self.title = title
        self.show = show
        self.url = url
    }
}
