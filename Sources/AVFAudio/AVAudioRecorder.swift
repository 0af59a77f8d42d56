import AudioGraph
import Foundation
import MediaServer
import SimCore

/// `AVAudioRecorder`: records the app's routed input (its first channel, or the first of
/// `channelAssignments`) into a file: linear PCM, or AAC / Apple Lossless (.m4a, .mp4).
///
/// The recorder reads the app's input tap in the media server (`startInput`), which is silence
/// until record permission is granted and while the session is not running. It remembers which
/// IO frames it recorded; when the last of them has been rendered it writes them to the file,
/// converted to the file's rate, and closes it — so a recording started or stopped mid-cycle
/// holds exactly the frames between the two instants. An interruption pauses it (no finish
/// callback); after a media-services reset it is a zombie.
open class AVAudioRecorder: NSObject, @unchecked Sendable {
    public let url: URL
    public let settings: [String: Any]
    public let format: AVAudioFormat
    public weak var delegate: AVAudioRecorderDelegate?

    let binding: AppBinding?
    let epoch: Int
    var observers: [NSObjectProtocol] = []
    var file: AVAudioFile?
    /// IO frames recorded, in order: closed stretches, then the open one while recording.
    var stretches: [(start: Int64, end: Int64?)] = []
    var generation = 0
    var pendingGeneration = -1
    var assignments: [AVAudioSessionChannelDescription]?
    var meteringEnabled = false
    var meters: [(average: Float, peak: Float)] = []

    /// Records to `url` in the format `settings` describe: linear PCM, or AAC / Apple Lossless in
    /// an .m4a or .mp4 file (`AVEncoderBitRateKey`, `AVEncoderAudioQualityKey`,
    /// `AVEncoderBitDepthHintKey`), as `AVAudioFile(forWriting:settings:)` writes them. Settings
    /// the file type cannot hold or no encoder takes fail here with AudioFile.h's 'fmt?'
    /// (`kAudioFileUnsupportedDataFormatError`); an unknown file type with 'typ?'.
    public convenience init(url: URL, settings: [String: Any]) throws {
        var complete = settings
        if complete[AVFormatIDKey] == nil { complete[AVFormatIDKey] = kAudioFormatLinearPCM }
        if complete[AVSampleRateKey] == nil { complete[AVSampleRateKey] = 44_100.0 }
        if complete[AVNumberOfChannelsKey] == nil { complete[AVNumberOfChannelsKey] = 1 }
        let isPCM = (try? SettingsReader(complete).integer(AVFormatIDKey)) == Int(kAudioFormatLinearPCM)
        if isPCM, complete[AVLinearPCMBitDepthKey] == nil { complete[AVLinearPCMBitDepthKey] = 16 }
        _ = try FileSettings(complete, url: url)
        guard let format = AVAudioFormat(settings: complete) else {
            throw AVAudioFile.error(kAudioFileUnsupportedDataFormatError, "AVAudioRecorder: the settings do not describe an audio format")
        }
        self.init(url: url, settings: complete, format: format)
    }

    public convenience init(url: URL, format: AVAudioFormat) throws {
        self.init(url: url, settings: format.settings, format: format)
    }

    private init(url: URL, settings: [String: Any], format: AVAudioFormat) {
        self.url = url
        self.settings = settings
        self.format = format
        binding = AppContext.current
        epoch = binding?.server.epoch ?? 0
        super.init()
        observeSession()
    }

    deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }

    var isZombie: Bool { binding.map { $0.server.epoch != epoch } ?? true }

    public var deviceCurrentTime: TimeInterval {
        guard let binding else { return 0 }
        return Double(binding.server.now.nanoseconds) / 1e9
    }

    /// Seconds recorded so far; only while recording (0 otherwise).
    public var currentTime: TimeInterval {
        guard isRecording, let binding, let rate = binding.server.ioSampleRate?.hertz else { return 0 }
        let now = binding.server.ioFrameNow
        // Counted at the current IO rate, stretch by stretch (the IO may have changed rate since).
        let hertz = Int64(rate.rounded())
        let frames = stretches.reduce(Int64(0)) { $0 + binding.server.ioFrames(from: $1.start, to: $1.end ?? now, atRate: hertz) }
        return Double(frames) / rate
    }

    /// The input channel to record (count must equal the recorder's channel count; the first is used).
    public var channelAssignments: [AVAudioSessionChannelDescription]? {
        get { assignments }
        set {
            guard newValue == nil || newValue?.count == Int(format.channelCount) else { return }
            assignments = newValue
        }
    }

    private func observeSession() {
        guard let binding else { return }
        let session = AppContext.run(as: binding) { AVAudioSession.sharedInstance() }
        let center = NotificationCenter.default
        observers.append(center.addObserver(forName: AVAudioSession.interruptionNotification, object: session,
                                            queue: nil) { [weak self] note in
            guard let self else { return }
            let type = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
            if type == AVAudioSession.InterruptionType.began.rawValue {
                self.pause()
                self.delegate?.audioRecorderBeginInterruption(self)
            } else if type == AVAudioSession.InterruptionType.ended.rawValue {
                let options = note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0
                self.delegate?.audioRecorderEndInterruption(self, withOptions: Int(options))
            }
        })
        observers.append(center.addObserver(forName: AVAudioSession.mediaServicesWereLostNotification, object: session,
                                            queue: nil) { [weak self] _ in self?.mediaServicesLost() })
    }
}
