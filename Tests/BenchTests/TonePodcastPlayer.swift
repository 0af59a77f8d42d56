// A small podcast player written only against Apple's API (plain `import AVFAudio`): on a device it
// builds with Apple's framework, here with Soundcheck's module of that name. It plays a 440 Hz tone
// through AVAudioEngine, activates its session on play, and pauses when its interruption begins
// and when the headphones go away, as Apple advises media apps.
import AVFAudio
import Foundation

/// `bug`: the mistakes the bench must catch, switched on by the tests. (`@unchecked Sendable`
/// because notification handlers run synchronously on the thread that posts them.)
final class TonePodcastPlayer: @unchecked Sendable {
    enum Bug { case keepsPlayingOnUnplug, resumesWithoutShouldResume }
    struct SkipRefused: Error, CustomStringConvertible {
        let description = "nothing to skip to: no episode is loaded"
    }

    /// Where the tone is, kept by the render block (a class, so the block mutates it in place).
    final class Phase { var radians = 0.0 }

    private(set) var isPlaying = false
    private(set) var position = 0
    private let bug: Bug?
    private var engine: AVAudioEngine
    private var observers: [NSObjectProtocol] = []

    init(bug: Bug? = nil) throws {
        self.bug = bug
        engine = Self.toneEngine()
        try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        let center = NotificationCenter.default
        let session = AVAudioSession.sharedInstance()
        observers = [
            center.addObserver(forName: AVAudioSession.interruptionNotification, object: session, queue: nil) { [weak self] in
                self?.interrupted($0)
            },
            center.addObserver(forName: AVAudioSession.routeChangeNotification, object: session, queue: nil) { [weak self] in
                self?.routeChanged($0)
            },
            center.addObserver(forName: AVAudioSession.mediaServicesWereResetNotification, object: session, queue: nil) { [weak self] _ in
                self?.mediaServicesWereReset()
            },
        ]
    }

    /// A 440 Hz tone at -12 dBFS from a source node into the main mixer.
    private static func toneEngine() -> AVAudioEngine {
        let engine = AVAudioEngine()
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let phase = Phase()
        let tone = AVAudioSourceNode(format: format) { _, _, frameCount, list in
            let data = UnsafeMutableAudioBufferListPointer(list)[0].mData!.assumingMemoryBound(to: Float.self)
            for frame in 0..<Int(frameCount) {
                data[frame] = Float(0.25 * sin(phase.radians))
                phase.radians += 2 * Double.pi * 440 / 48_000
            }
            return 0
        }
        engine.attach(tone)
        engine.connect(tone, to: engine.mainMixerNode, format: format)
        return engine
    }

    deinit { observers.forEach(NotificationCenter.default.removeObserver) }

    func play() throws {
        try AVAudioSession.sharedInstance().setActive(true)
        try engine.start()
        isPlaying = true
    }

    func pause() {
        engine.pause()
        isPlaying = false
    }

    func skip(by seconds: Int) throws {
        guard isPlaying else { throw SkipRefused() }
        position += seconds
    }

    private func interrupted(_ note: Notification) {
        guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
              let type = AVAudioSession.InterruptionType(rawValue: raw) else { return }
        switch type {
        case .began:
            pause()
        case .ended:
            let options = AVAudioSession.InterruptionOptions(rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
            if options.contains(.shouldResume) || bug == .resumesWithoutShouldResume { try? play() }
        @unknown default:
            break
        }
    }

    /// Every audio object is gone: set the session up again and build a new engine, paused.
    private func mediaServicesWereReset() {
        isPlaying = false
        try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        engine = Self.toneEngine()
    }

    private func routeChanged(_ note: Notification) {
        guard let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
              AVAudioSession.RouteChangeReason(rawValue: raw) == .oldDeviceUnavailable, bug != .keepsPlayingOnUnplug else { return }
        pause()
    }
}
