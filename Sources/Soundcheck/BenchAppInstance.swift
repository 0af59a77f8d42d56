import AVFAudio
import Foundation
import Scenario

/// A registered app running in a scenario: the user's object, its actions, and the `started` /
/// `stopped` lines the app rules read, logged when what the app believes (`isPlaying`) changes.
///
/// The app reacts to its session's notifications in its own observers, which the simulation calls
/// synchronously; this instance observes the same notifications after them (it registers again
/// after every action, so it stays the last observer even of ones the app adds later) and logs
/// the change with the notification's reason, at the notification's time. (`@unchecked Sendable`
/// because those handlers run synchronously on the thread that posts them: the simulation's.)
final class BenchAppInstance<App: AnyObject>: FallibleScenarioApp, @unchecked Sendable {
    let object: App
    let registration: BenchApp<App>
    let log: AppLog
    private var believed = false
    private var observers: [NSObjectProtocol] = []

    /// Runs in the app's context: `make`, then this instance's observers on the app's session.
    init(_ registration: BenchApp<App>, log: AppLog) throws {
        self.registration = registration
        self.log = log
        object = try registration.make()
        observeSession()
    }

    deinit { observers.forEach(NotificationCenter.default.removeObserver) }

    var isPlaying: Bool { registration.believesPlaying(object) ?? false }

    func perform(_ command: String) { try? attempt(command) }

    func attempt(_ command: String) throws {
        defer {
            report(reason: nil)
            observeSession()
        }
        try registration.run(command, on: object)
    }

    func stepDone() { report(reason: nil) }

    private func report(reason: String?) {
        guard let now = registration.believesPlaying(object), now != believed else { return }
        believed = now
        log(now ? "started" : "stopped", reason.map { ["reason": $0] } ?? [:])
    }

    private func observeSession() {
        observers.forEach(NotificationCenter.default.removeObserver)
        let session = AVAudioSession.sharedInstance()
        observers = Self.watched.map { name, reason in
            NotificationCenter.default.addObserver(forName: name, object: session, queue: nil) { [weak self] note in
                self?.report(reason: reason(note))
            }
        }
    }

    /// The notifications after which an app's belief may change, and the reason a stop then has
    /// (the words the reference apps log, which the invariants tell apart from a user's pause).
    private static var watched: [(Notification.Name, @Sendable (Notification) -> String?)] {
        [
            (AVAudioSession.interruptionNotification, { note in
                let type = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
                return type == AVAudioSession.InterruptionType.began.rawValue ? "interruption-began" : "interruption-ended"
            }),
            (AVAudioSession.routeChangeNotification, { note in
                let reason = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt
                return reason == AVAudioSession.RouteChangeReason.oldDeviceUnavailable.rawValue ? "old-device-unavailable" : "route-change"
            }),
            (AVAudioSession.mediaServicesWereResetNotification, { _ in "media-services-reset" }),
            (AVAudioSession.silenceSecondaryAudioHintNotification, { _ in "secondary-audio-hint" }),
        ]
    }
}
