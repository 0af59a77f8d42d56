// A podcast player's audio-session handling, written only against Apple's API: on a device it
// builds with AVFAudio and UIKit; here the same source builds against Soundcheck's modules of those names.
import AVFAudio
import UIKit
import Foundation

/// Follows Apple's advice for spoken-audio apps: playback category with the spokenAudio mode,
/// activate on play, resume after an interruption only with `.shouldResume`, pause when the
/// headphones go away, rebuild everything after a media-services reset without restarting.
///
/// (`@unchecked Sendable` because notification handlers run synchronously on the thread that
/// posts them — the main thread on a device, the simulation thread here.)
final class PodcastPlayer: @unchecked Sendable {
    private(set) var isPlaying = false
    private(set) var events: [String] = []
    private var wasPlayingBeforeInterruption = false
    private var observers: [NSObjectProtocol] = []

    init() {
        configureSession()
        let center = NotificationCenter.default
        let session = AVAudioSession.sharedInstance()
        observers = [
            center.addObserver(forName: AVAudioSession.interruptionNotification, object: session, queue: nil) { [weak self] in
                self?.handleInterruption($0)
            },
            center.addObserver(forName: AVAudioSession.routeChangeNotification, object: session, queue: nil) { [weak self] in
                self?.handleRouteChange($0)
            },
            center.addObserver(forName: AVAudioSession.mediaServicesWereResetNotification, object: session, queue: nil) { [weak self] _ in
                self?.handleMediaServicesReset()
            },
        ]
    }

    deinit {
        observers.forEach(NotificationCenter.default.removeObserver)
    }

    private func configureSession() {
        do {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio, policy: .longFormAudio)
            events.append("configured")
        } catch {
            events.append("configure failed: \((error as NSError).code)")
        }
    }

    /// Activates the session only when playback starts, so other audio is not interrupted early.
    func play() {
        do {
            try AVAudioSession.sharedInstance().setActive(true)
            isPlaying = true
            events.append("playing")
        } catch {
            events.append("play failed: \((error as NSError).code)")
        }
    }

    func pause() {
        guard isPlaying else { return }
        isPlaying = false
        events.append("paused")
    }

    /// Lets an app this one interrupted resume.
    func stop() {
        pause()
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
        events.append("stopped")
    }

    private func handleInterruption(_ notification: Notification) {
        guard let info = notification.userInfo,
              let typeValue = info[AVAudioSessionInterruptionTypeKey] as? UInt,
              let type = AVAudioSession.InterruptionType(rawValue: typeValue) else { return }
        switch type {
        case .began:
            // The session is already inactive here.
            wasPlayingBeforeInterruption = isPlaying
            isPlaying = false
            events.append("interrupted")
        case .ended:
            let options = AVAudioSession.InterruptionOptions(rawValue: info[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
            events.append(options.contains(.shouldResume) ? "interruption ended, may resume" : "interruption ended")
            if options.contains(.shouldResume) && wasPlayingBeforeInterruption { play() }
        }
    }

    private func handleRouteChange(_ notification: Notification) {
        guard let info = notification.userInfo,
              let reasonValue = info[AVAudioSessionRouteChangeReasonKey] as? UInt,
              let reason = AVAudioSession.RouteChangeReason(rawValue: reasonValue) else { return }
        guard reason == .oldDeviceUnavailable,
              let previous = info[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription,
              previous.outputs.contains(where: { $0.portType == .headphones || $0.portType == .bluetoothA2DP })
        else { return }
        events.append("headphones gone")
        pause()
    }

    /// Every audio object is gone: set the session up again, but do not start playing by itself.
    private func handleMediaServicesReset() {
        isPlaying = false
        wasPlayingBeforeInterruption = false
        events.append("media services reset")
        configureSession()
    }
}
