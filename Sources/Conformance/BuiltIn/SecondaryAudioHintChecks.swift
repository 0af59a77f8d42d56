import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// The secondary-audio silence hint (iOS 8): who is told when primary audio starts and stops.
/// The media server's hint tests ask its arbiter; these watch the apps' notifications.
enum SecondaryAudioHintChecks {
    /// The hint notifications an app received, as begin (true) or end (false).
    static func hints(_ log: NotificationLog) -> [Bool] {
        log.of(AVAudioSession.silenceSecondaryAudioHintNotification).map {
            $0.userInfo?[AVAudioSessionSilenceSecondaryAudioHintTypeKey] as? UInt == AVAudioSession.SilenceSecondaryAudioHintType.begin.rawValue
        }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-HINT-FOREGROUND-ACTIVE-ONLY"],
                     "Music starting from the background tells the foreground app only if its session is active; never a background app") { p in
            // One app is in the foreground at a time: each launch sends the one before to the background.
            func run(foreground: (name: String, active: Bool)) throws -> (SimulatedDevice, MusicApp, [String: NotificationLog]) {
                let device = try p.device()
                let music = try device.launchMusic()
                device.run(as: MusicApp.name) { music.play() } // becomes the Now Playing app
                device.run(as: MusicApp.name) { music.pause() }
                var logs = ["Podcast": try device.launchApp("Podcast", .playback, options: .mixWithOthers)] // active, will be in the background
                for (name, active) in [("Game", true), ("Navigation", false)] where name != foreground.name {
                    logs[name] = try device.launchApp(name, name == "Game" ? .ambient : .playback, activate: active)
                }
                logs[foreground.name] = try device.launchApp(foreground.name, foreground.name == "Game" ? .ambient : .playback, activate: foreground.active)
                // The user presses play on the headset: Music starts from the background (2014 demo).
                device.run(as: MusicApp.name) { music.play() }
                _ = device.advance(by: .milliseconds(200))
                return (device, music, logs)
            }
            let (device, music, logs) = try run(foreground: ("Game", true))
            p.expect(music.isPlaying, "Music plays")
            p.expect(hints(logs["Game"]!), equals: [true], "the foreground, active game's hints after Music started")
            p.expect(device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }, "the game reads the hint")
            p.expect(hints(logs["Podcast"]!).isEmpty, "the active app in the background gets no hint")
            p.expect(hints(logs["Navigation"]!).isEmpty, "the inactive app in the background gets no hint")
            device.run(as: MusicApp.name) { music.stop() }
            _ = device.advance(by: .milliseconds(200))
            p.expect(hints(logs["Game"]!), equals: [true, false], "the game's hints after Music stopped")
            p.expect(!device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }, "the hint is off")
            p.expect(hints(logs["Podcast"]!).isEmpty && hints(logs["Navigation"]!).isEmpty, "still nothing for the others")
            let (inactive, _, quiet) = try run(foreground: ("Navigation", false))
            p.expect(inactive.session("Game").isActive, "the game is active, in the background")
            p.expect(quiet.values.allSatisfy { hints($0).isEmpty }, "with an inactive app in the foreground nobody gets a hint")
        },
        BuiltInCheck(["SESSION-HINT-MIXABLE-NO-HINT"], "a ducking, mixable prompt plays over a game without raising the hint") { p in
            let device = try p.device()
            let game = try device.launchApp("Game", .ambient)
            try device.launchApp("Navigation", .playback, options: .duckOthers)
            try device.server.setIORunning(AppID("Navigation"), true)
            let voice = device.play(.sine(frequency: 440, amplitude: 0.5), as: "Navigation")
            _ = device.advance(by: .milliseconds(200))
            p.expect(device.peakDBFS("Speaker") > -20, "the prompt is heard")
            p.expect(device.session("Game").isDucked, "the game is ducked")
            p.expect(hints(game).isEmpty, "the game got no hint")
            let (hint, other) = device.run(as: "Game") {
                (AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint, AVAudioSession.sharedInstance().isOtherAudioPlaying)
            }
            p.expect(!hint, "secondaryAudioShouldBeSilencedHint is false")
            p.expect(other, "isOtherAudioPlaying is true")
            device.stop(voice)
        },
        BuiltInCheck(["SESSION-HINT-NOT-BEFORE-IOS8"], "before iOS 8 a game hears no hint when Music starts") { p in
            let device = try p.device()
            let game = try device.launchApp("Game", .ambient)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            _ = device.advance(by: .milliseconds(200))
            p.expect(music.isPlaying && device.session("Game").isActive, "Music plays beside the active game")
            p.expect(game.of(AVAudioSession.silenceSecondaryAudioHintNotification).isEmpty, "no hint notification")
            p.expect(device.events("notify.silenceSecondaryAudioHint").isEmpty, "none posted to any app")
        },
    ] }
}
