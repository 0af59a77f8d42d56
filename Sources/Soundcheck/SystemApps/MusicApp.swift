import AudioFiles
import Foundation
import AVFAudio
import UIKit

/// The Music app as a system participant: playback category, non-mixable, background audio.
/// It behaves as Apple's own app does — activates on play, pauses when interrupted, resumes only
/// when told it should, pauses when the headphones go away — so other apps' scenarios can show
/// how they affect it. It plays through an `AVAudioPlayer` (a looping 1 kHz test tone), so
/// pausing really stops its I/O: that is how the system learns it paused, ends the other apps'
/// secondary-audio hint and stops counting it as other audio playing.
public final class MusicApp: @unchecked Sendable {
    public static let name = "Music"
    /// The frequency of the tone Music plays, so checks at the ports can tell it from other apps.
    public static let tone = 1_000

    public private(set) var isPlaying = false
    private var player: AVAudioPlayer?
    private var resumeAfterInterruption = false
    private var observers: [NSObjectProtocol] = []

    public init() {
        UIApplication.shared.beginReceivingRemoteControlEvents()
        try? AVAudioSession.sharedInstance().setCategory(.playback)
        makePlayer()
        let center = NotificationCenter.default
        let session = AVAudioSession.sharedInstance()
        observers.append(center.addObserver(forName: AVAudioSession.interruptionNotification, object: session, queue: nil) {
            [weak self] note in self?.interruption(note)
        })
        observers.append(center.addObserver(forName: AVAudioSession.routeChangeNotification, object: session, queue: nil) {
            [weak self] note in self?.routeChange(note)
        })
        observers.append(center.addObserver(forName: AVAudioSession.mediaServicesWereResetNotification, object: session,
                                            queue: nil) { [weak self] _ in
            self?.isPlaying = false
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            self?.makePlayer()
        })
    }

    deinit { observers.forEach(NotificationCenter.default.removeObserver) }

    /// Activates and starts the player; stays stopped if either is refused.
    public func play() {
        do {
            try AVAudioSession.sharedInstance().setActive(true)
            isPlaying = player?.play() ?? false
        } catch {
            isPlaying = false
        }
    }

    /// Pauses the player: its I/O stops, the session stays active.
    public func pause() {
        player?.pause()
        isPlaying = false
    }

    /// Stops and gives the audio back, telling apps it interrupted that they may resume.
    public func stop() {
        pause()
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
    }

    /// A new player (at launch, and after a media-services reset has killed the old one).
    private func makePlayer() {
        player = try? AVAudioPlayer(data: TestToneFile.wav(frequency: Self.tone))
        player?.numberOfLoops = -1
    }

    private func interruption(_ note: Notification) {
        guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
              let type = AVAudioSession.InterruptionType(rawValue: raw) else { return }
        if type == .began {
            resumeAfterInterruption = isPlaying
            pause()
            return
        }
        let options = AVAudioSession.InterruptionOptions(rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
        if options.contains(.shouldResume), resumeAfterInterruption { play() }
    }

    private func routeChange(_ note: Notification) {
        let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt
        if raw == AVAudioSession.RouteChangeReason.oldDeviceUnavailable.rawValue { pause() }
    }
}
