import AudioGraph
import Foundation
import MediaServer
import SimCore

/// `AVAudioPlayer`: plays a file or data in memory through the media server, as one voice of the
/// app whose code created it.
///
/// The file is decoded up front at its own rate; the voice converts it to the hardware rate.
/// Position, looping and the end are exact in IO frames: the player knows the frame its voice
/// started on, so `currentTime` is computed, never accumulated, and the finish callback is
/// scheduled for the instant the last frame plays. Session policy (inactive, interrupted,
/// silenced) silences the voice in the server; an interruption pauses the player (no finish
/// callback); after a media-services reset the player is a zombie: `play()` returns false.
public final class AVAudioPlayer: NSObject, @unchecked Sendable {
    public let url: URL?
    public let data: Data?
    public let format: AVAudioFormat
    public weak var delegate: AVAudioPlayerDelegate?

    let binding: AppBinding?
    let epoch: Int
    let audio: DecodedAudio
    var observers: [NSObjectProtocol] = []

    // Transport state (AVAudioPlayer+Transport.swift).
    /// File frame play starts from when not playing.
    var playhead: Int64 = 0
    var voice: VoiceID?
    /// While playing: the IO frame the voice starts on, the file frame it starts from, and the
    /// IO frame its last frame ends on (nil when looping forever).
    var run: PlaybackRun?
    var prepared = false
    /// Bumped whenever the transport changes, so that scheduled starts and finishes of an older
    /// run do nothing.
    var generation = 0
    var rateLocked = false
    /// The generation a `play(atTime:)` start waits for (-1: none).
    var pendingGeneration = -1

    // Mix parameters.
    var volumeValue: Float = 1
    var panValue: Float = 0
    var loops = 0
    var rateValue: Float = 1
    var assignments: [AVAudioSessionChannelDescription]?

    // Metering (AVAudioPlayer+Metering.swift).
    var meteringEnabled = false
    var meters: [(average: Float, peak: Float)] = []
    var lastMeterFrame: Int64?

    /// Plays the file at `url`.
    public convenience init(contentsOf url: URL) throws {
        try self.init(contentsOf: url, fileTypeHint: nil)
    }

    /// The hint is accepted for source compatibility; the file's own header decides its type.
    public init(contentsOf url: URL, fileTypeHint utiString: String?) throws {
        let file = try AVAudioFile(forReading: url)
        self.url = url
        self.data = nil
        format = file.fileFormat
        audio = DecodedAudio(file: file)
        binding = AppContext.current
        epoch = binding?.server.epoch ?? 0
        super.init()
        observeSession()
    }

    /// Plays audio file bytes held in memory.
    public convenience init(data: Data) throws {
        try self.init(data: data, fileTypeHint: nil)
    }

    public init(data: Data, fileTypeHint utiString: String?) throws {
        let file = try AVAudioFile(forReadingData: data, name: "AVAudioPlayer data")
        self.url = nil
        self.data = data
        format = file.fileFormat
        audio = DecodedAudio(file: file)
        binding = AppContext.current
        epoch = binding?.server.epoch ?? 0
        super.init()
        observeSession()
    }

    deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        // A player released while playing stops, and no longer holds the app's I/O running.
        if let binding, !isZombie, run != nil || startPending {
            if let voice { binding.server.removeVoice(voice) }
            AppIOUsers.of(binding).stop(binding)
        }
    }

    // MARK: Properties

    public var numberOfChannels: Int { audio.channels.count }
    public var duration: TimeInterval { Double(audio.frameCount) / audio.sampleRate }
    public var settings: [String: Any] { format.settings }

    /// Made before the last media-services reset (or outside a simulated app): calls fail.
    var isZombie: Bool { binding.map { $0.server.epoch != epoch } ?? true }

    /// The output device's clock, in seconds (the simulation clock).
    public var deviceCurrentTime: TimeInterval {
        guard let binding else { return 0 }
        return Double(binding.server.now.nanoseconds) / 1e9
    }

    public var numberOfLoops: Int {
        get { loops }
        set { loops = newValue; restartIfPlaying() }
    }

    /// Linear gain, nominally 0…1; changes apply at the frame playing now.
    public var volume: Float {
        get { volumeValue }
        set { setVolume(newValue, fadeDuration: 0) }
    }

    /// Ramps the volume to `volume` over `duration` seconds, sample-accurately.
    public func setVolume(_ volume: Float, fadeDuration duration: TimeInterval) {
        volumeValue = volume
        guard let binding, let voice, !isZombie else { return }
        let ramp = HostDuration(nanoseconds: Int64((max(0, duration) * 1e9).rounded()))
        binding.server.setGain(voice, volume, ramp: ramp)
    }

    /// −1 full left … 0 centre … +1 full right.
    public var pan: Float {
        get { panValue }
        set {
            panValue = min(1, max(-1, newValue))
            guard let binding, let voice, !isZombie else { return }
            binding.server.setPan(voice, panValue)
        }
    }

    /// Must be set before `prepareToPlay` for `rate` to take effect.
    public var enableRate = false {
        didSet { if rateLocked { enableRate = oldValue } }
    }

    /// Playback rate 0.5…2 (varispeed: the pitch follows the rate). Ignored unless `enableRate`.
    public var rate: Float {
        get { rateValue }
        set { rateValue = min(2, max(0.5, newValue)); restartIfPlaying() }
    }

    /// One channel per player channel, mapping it onto a port channel of the current route;
    /// a list of any other length is ignored (Apple requires count == numberOfChannels).
    public var channelAssignments: [AVAudioSessionChannelDescription]? {
        get { assignments }
        set {
            guard newValue == nil || newValue?.count == numberOfChannels else { return }
            assignments = newValue
            restartIfPlaying()
        }
    }

    // MARK: Session events

    /// An interruption pauses the player (no finish callback) and is passed on to the delegate, the
    /// end with its options; losing media services kills its voice.
    private func observeSession() {
        guard let binding else { return }
        let session = AppContext.run(as: binding) { AVAudioSession.sharedInstance() }
        let center = NotificationCenter.default
        observers.append(center.addObserver(forName: AVAudioSession.interruptionNotification, object: session,
                                            queue: nil) { [weak self] note in
            guard let self else { return }
            let type = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
            if type == AVAudioSession.InterruptionType.began.rawValue {
                self.interrupted()
                self.delegate?.audioPlayerBeginInterruption(self)
            } else if type == AVAudioSession.InterruptionType.ended.rawValue {
                let options = note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0
                self.delegate?.audioPlayerEndInterruption(self, withOptions: Int(options))
            }
        })
        observers.append(center.addObserver(forName: AVAudioSession.mediaServicesWereLostNotification, object: session,
                                            queue: nil) { [weak self] _ in self?.mediaServicesLost() })
    }
}

/// One stretch of continuous playback by one voice.
struct PlaybackRun {
    /// IO frame the voice starts on.
    var startFrame: Int64
    /// File frame the voice starts from.
    var startPlayhead: Int64
    /// File frames per second the voice is declared at (the file's rate times the playback rate).
    var playbackRate: Int64
    var ioRate: Int64
    /// IO frame after the voice's last frame; nil when looping forever.
    var endFrame: Int64?
}
