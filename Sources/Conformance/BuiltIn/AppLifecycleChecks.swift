import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import UIKit
import SimCore
import Soundcheck
import VirtualDevices

/// UIApplication as audio apps meet it: when it becomes active (Control Center included), the
/// state an Inter-App Audio node launches in, and switching apps through a peer URL.
enum AppLifecycleChecks {
    /// The UIKit lifecycle notifications of every app on one device, in order, as (app, name
    /// without its UIApplication…Notification wrapping). Checks may run in parallel: only
    /// notifications posted in the context of `server`'s apps count.
    final class LifecycleLog: @unchecked Sendable {
        private(set) var entries: [(app: String, name: String)] = []
        private var observers: [NSObjectProtocol] = []

        init(_ server: AudioServer) {
            let names = [UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification,
                         UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                         UIApplication.willEnterForegroundNotification]
            observers = names.map { name in
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self, unowned server] note in
                    guard let context = AppContext.current, context.server === server else { return }
                    let short = note.name.rawValue.replacingOccurrences(of: "UIApplication", with: "").replacingOccurrences(of: "Notification", with: "")
                    self?.entries.append((context.app.name, short))
                }
            }
        }

        deinit { observers.forEach(NotificationCenter.default.removeObserver) }

        func of(_ app: String) -> [String] { entries.filter { $0.app == app }.map(\.name) }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["UIKIT-DID-BECOME-ACTIVE-CASES"],
                     "didBecomeActive arrives on launch, on return from the background and when Control Center is dismissed; under Control Center the app is inactive, still in the foreground, and its audio plays on") { p in
            let device = try p.device()
            let log = LifecycleLog(device.server)
            try device.launchApp("App", .playback)
            let voice = device.play(.sine(frequency: 1_000, amplitude: 0.5), as: "App")
            device.advance(by: .milliseconds(300))
            try device.perform(.controlCenter)
            p.expect(device.run(as: "App") { UIApplication.shared.applicationState }, equals: .inactive, "applicationState under Control Center")
            p.expect(device.device.lifecycle(of: "App"), equals: .foreground, "the app's lifecycle under Control Center")
            device.advance(by: .milliseconds(300))
            p.expect(device.peakDBFS("Speaker") > -10, "the app's tone at the speaker under Control Center: \(device.peakDBFS("Speaker")) dBFS")
            try device.perform(.dismissControlCenter)
            p.expect(device.run(as: "App") { UIApplication.shared.applicationState }, equals: .active, "applicationState once Control Center is dismissed")
            try device.perform(.background(app: "App"))
            try device.perform(.foreground(app: "App"))
            device.stop(voice)
            p.expect(log.of("App"), equals: ["DidFinishLaunching", "DidBecomeActive", "WillResignActive", "DidBecomeActive",
                                             "WillResignActive", "DidEnterBackground", "WillEnterForeground", "DidBecomeActive"],
                     "the app's notifications: launch, Control Center up and dismissed, background and back")
        },
        BuiltInCheck(["UIKIT-NODE-LAUNCH-STATE"],
                     "a node app opened from the home screen launches active in the foreground; one a host instantiates launches in the background, finishes launching without becoming active, and reads .background") { p in
            let opened = try InterAppAudioStage(platform: p.platform, installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
            try opened.device.perform(.launch(app: "Drone"))
            opened.device.run(as: "Drone") { InterAppAudio.of(opened.device.server).launcher?(AppID("Drone")) }
            p.expect(opened.nodes["Drone"]?.launchState, equals: .active, "the state the node read when opened from the home screen")
            p.expect(opened.device.device.lifecycle(of: "Drone"), equals: .foreground, "its lifecycle")

            let hosted = try InterAppAudioStage(platform: p.platform, installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
            let log = LifecycleLog(hosted.device.server)
            try hosted.launchHost()
            p.expect(hosted.connect("Test: Drone"), equals: noErr, "the host connecting the node")
            p.expect(hosted.nodes["Drone"]?.launchState, equals: .background, "the state the node read when its host launched it")
            p.expect(hosted.device.device.lifecycle(of: "Drone"), equals: .background, "its lifecycle")
            p.expect(hosted.device.device.lifecycle(of: "Host"), equals: .foreground, "the host's")
            p.expect(log.of("Drone"), equals: ["DidFinishLaunching"], "the hosted node's notifications")
        },
        BuiltInCheck(["UIKIT-OPEN-PEER-URL"],
                     "opening the node's peer URL through UIApplication brings the node to the foreground, and the host's peer URL brings the host back; the connection and its tone carry on, and a scheme no app declares opens nothing") { p in
            let stage = try InterAppAudioStage(platform: p.platform, installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
            try stage.launchHost()
            p.expect(stage.connect("Test: Drone"), equals: noErr, "connecting")
            let unit = try p.require(stage.host.nodes.first, "the host's node unit")
            let node = try p.require(stage.nodes["Drone"], "the node")
            p.expect(stage.device.run(as: "Host") { stage.host.switchTo(unit) }, "the host opening the node's peer URL")
            stage.device.advance(to: .milliseconds(300))
            p.expect(stage.device.device.lifecycle(of: "Drone"), equals: .foreground, "the node after the host opened its URL")
            p.expect(stage.device.device.lifecycle(of: "Host"), equals: .background, "the host after opening it")
            p.expect(stage.device.run(as: "Drone") { node.switchToHost() }, "the node opening the host's peer URL")
            stage.device.advance(to: .milliseconds(600))
            p.expect(stage.device.device.lifecycle(of: "Host"), equals: .foreground, "the host after the node opened its URL")
            p.expect(stage.device.device.lifecycle(of: "Drone"), equals: .background, "the node after opening it")
            let frequency = stage.speakerFrequency(from: .milliseconds(100), to: .milliseconds(600)) ?? 0
            p.expect(abs(frequency - 660) < 1, "the drone through the host across both switches: \(frequency) Hz")
            let unknown = try p.require(URL(string: "nobody://"), "a URL")
            p.expect(!stage.device.run(as: "Host") { UIApplication.shared.canOpenURL(unknown) }, "canOpenURL for a scheme no app declares")
        },
    ] }
}
