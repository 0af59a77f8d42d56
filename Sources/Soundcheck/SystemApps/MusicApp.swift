import Foundation
import OpenAVFAudio
import OpenUIKit

/// The Music app as a system participant: playback category, non-mixable, background audio.
/// It behaves as Apple's own app does — activates on play, pauses when interrupted, resumes only
/// when told it should, pauses when the headphones go away — so other apps' scenarios can show
/// how they affect it.
public final class MusicApp: @unchecked Sendable {
    public static let name = "Music"

    public private(set) var isPlaying = false
    private var resumeAfterInterruption = false
    private var observers: [NSObjectProtocol] = []

    public init() {
        UIApplication.shared.beginReceivingRemoteControlEvents()
        try? AVAudioSession.sharedInstance().setCategory(.playback)
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
        })
    }

    deinit { observers.forEach(NotificationCenter.default.removeObserver) }

    public func play() {
        do {
            try AVAudioSession.sharedInstance().setActive(true)
            isPlaying = true
        } catch {
            isPlaying = false
        }
    }

    public func pause() { isPlaying = false }

    /// Stops and gives the audio back, telling apps it interrupted that they may resume.
    public func stop() {
        isPlaying = false
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
    }

    private func interruption(_ note: Notification) {
        guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
              let type = AVAudioSession.InterruptionType(rawValue: raw) else { return }
        if type == .began {
            resumeAfterInterruption = isPlaying
            isPlaying = false
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
