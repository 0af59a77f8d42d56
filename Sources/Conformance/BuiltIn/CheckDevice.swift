import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import VirtualDevices

/// Helpers the built-in checks share: a device on the report's platform, an app that configures
/// and activates its session, a level read at a port, and a log of an app's notifications.
extension CheckProbe {
    func device(_ profile: String = "iphone") throws -> SimulatedDevice {
        try SimulatedDevice(profile: profile, platform: platform, seed: 1)
    }
}

extension SimulatedDevice {
    /// Launches `name`, sets its category (and options) and, when `activate`, activates it.
    @discardableResult
    func launchApp(_ name: String, _ category: AVAudioSession.Category, options: AVAudioSession.CategoryOptions = [],
                   backgroundAudio: Bool = true, activate: Bool = true) throws -> NotificationLog {
        try launch(name, backgroundAudio: backgroundAudio) {
            let log = NotificationLog()
            try AVAudioSession.sharedInstance().setCategory(category, options: options)
            if activate { try AVAudioSession.sharedInstance().setActive(true) }
            return log
        }
    }

    /// Peak in dBFS reaching `portUID`'s channel over the last `window` of the run, or −∞ if nothing did.
    func peakDBFS(_ portUID: String, channel: Int = 1, last window: HostDuration = .milliseconds(200)) -> Double {
        guard let sink = sink(portUID), let level = sink.level(channel: channel, from: now - window, to: now) else { return -.infinity }
        return level.peakDBFS
    }

    /// Whether a tone played by the app now would be heard: plays one for 300 ms and reads the speaker.
    func isAudible(_ app: String, port: String = "Speaker") -> Bool {
        let voice = play(.sine(frequency: 1_000, amplitude: 0.5), as: app)
        _ = advance(by: .milliseconds(300))
        stop(voice)
        let heard = peakDBFS(port) > -20
        _ = advance(by: .milliseconds(50))
        return heard
    }
}

extension SimulatedDevice {
    /// Plays a 440 Hz tone into `port`'s `channel` and has `app` read input for 300 ms; returns the
    /// peak in dBFS the app received over the last 200 ms (−∞ if it received nothing).
    func inputPeak(_ app: String, port: String = "Built-In Microphone", channel: Int = 1) -> Double {
        let tone = attachInputSource(port, channel: channel, .sine(frequency: 440, amplitude: 0.5))
        startInput(app)
        _ = advance(by: .milliseconds(300))
        stop(tone)
        return inputSink(app)?.level(channel: 1, from: now - .milliseconds(200), to: now)?.peakDBFS ?? -.infinity
    }
}

/// An app's session notifications as it received them: name and userInfo, in order.
final class NotificationLog: @unchecked Sendable {
    struct Entry {
        let name: Notification.Name
        let userInfo: [AnyHashable: Any]?
        /// Whether the app's session was active when the notification arrived.
        let wasActive: Bool
    }

    private(set) var entries: [Entry] = []
    private var observers: [NSObjectProtocol] = []

    /// Observes the session of the app whose code is running.
    init() {
        let session = AVAudioSession.sharedInstance()
        let names = [AVAudioSession.interruptionNotification, AVAudioSession.routeChangeNotification,
                     AVAudioSession.mediaServicesWereLostNotification, AVAudioSession.mediaServicesWereResetNotification,
                     AVAudioSession.silenceSecondaryAudioHintNotification]
        observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: session, queue: nil) { [weak self] note in
                let server = AppContext.current
                let active = server.map { $0.server.isActive($0.app) } ?? false
                self?.entries.append(Entry(name: note.name, userInfo: note.userInfo, wasActive: active))
            }
        }
    }

    deinit { observers.forEach(NotificationCenter.default.removeObserver) }

    func of(_ name: Notification.Name) -> [Entry] { entries.filter { $0.name == name } }
}
