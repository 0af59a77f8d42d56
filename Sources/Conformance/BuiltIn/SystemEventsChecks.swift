import Foundation
import MediaServer
import AVFAudio
import UIKit
import SimCore
import Soundcheck
import VirtualDevices

/// Alarms, Siri, the ring/silent switch, app lifecycle and record permission, through the facades.
enum SystemEventsChecks {


    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-INTERRUPT-ALARM", "SESSION-INTERRUPT-SIRI"],
                     "an alarm and Siri interrupt Music and let it resume") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            for (start, end) in [(DeviceEvent.alarm, DeviceEvent.dismissAlarm), (.siri, .siriEnd)] {
                try device.perform(start)
                p.expect(!music.isPlaying, "Music still plays during the interruption")
                device.advance(by: .seconds(5))
                try device.perform(end)
                p.expect(music.isPlaying, "Music did not resume after the interruption ended")
            }
            let interruptions = device.events("notify.interruption", app: MusicApp.name)
            p.expect(interruptions.map { $0.fields["type"] }, equals: ["began", "ended", "began", "ended"], "the interruption notifications Music got for the alarm and for Siri")
            p.expect(interruptions[1].fields["options"], equals: ["shouldResume"], "the options of the alarm's ended")
        },
        BuiltInCheck(["SESSION-SILENCE-RINGER-SWITCH"],
                     "the switch silences an ambient game but not playback") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            try device.launch("Game") {
                try AVAudioSession.sharedInstance().setCategory(.ambient)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(!device.session(MusicApp.name).isSilenced, "playback with background audio keeps sounding")
            try device.perform(.ringerSwitch(silent: true))
            p.expect(device.session("Game").isSilenced, "the ambient game is not silenced with the switch on silent")
            p.expect(!device.session(MusicApp.name).isSilenced, "Music (playback) is silenced by the ring/silent switch; it must keep sounding")
            try device.perform(.ringerSwitch(silent: false))
            p.expect(!device.session("Game").isSilenced, "the ambient game stays silenced after the switch went back to ring")
            p.expect(device.events("session.silenced", app: "Game").map { $0.fields["silenced"] }, equals: [true, false], "the game's silenced changes the media server traced")
        },
        BuiltInCheck(["SESSION-HINT-TWO-SIDED"],
                     "a foreground game hears begin when Music starts playing and end when it stops, in the one notification") { p in
            let device = try SimulatedDevice(platform: .ios8, seed: 1)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() } // becomes the Now Playing app
            device.run(as: MusicApp.name) { music.stop() }
            final class Hints: @unchecked Sendable { var values: [UInt] = [] }
            let hints = Hints()
            var observer: NSObjectProtocol?
            try device.launch("Game") {
                try AVAudioSession.sharedInstance().setCategory(.ambient)
                try AVAudioSession.sharedInstance().setActive(true)
                observer = NotificationCenter.default.addObserver(
                    forName: AVAudioSession.silenceSecondaryAudioHintNotification, object: AVAudioSession.sharedInstance(), queue: nil
                ) { note in hints.values.append(note.userInfo?[AVAudioSessionSilenceSecondaryAudioHintTypeKey] as? UInt ?? 99) }
            }
            p.expect(device.device.lifecycle(of: MusicApp.name) == .background, "launching the game backgrounded Music")
            // The user starts Music from Control Center while the game is in front.
            device.run(as: MusicApp.name) { music.play() }
            p.expect(music.isPlaying, "the Now Playing app may start from the background")
            p.expect(device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }, "the game reads secondaryAudioShouldBeSilencedHint false while Music plays")
            device.run(as: MusicApp.name) { music.stop() }
            p.expect(hints.values == [AVAudioSession.SilenceSecondaryAudioHintType.begin.rawValue,
                                     AVAudioSession.SilenceSecondaryAudioHintType.end.rawValue], "hints.values == [AVAudioSession.SilenceSecondaryAudioHintType.begin.rawValue, AVAudioSession.SilenceSecondaryAudioHintType.end.rawValue]")
            p.expect(!device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }, "the game still reads secondaryAudioShouldBeSilencedHint true after Music stopped")
            if let observer { NotificationCenter.default.removeObserver(observer) }
        },
        BuiltInCheck(["SESSION-PERMISSION"],
                     "asked once, answered by the user, remembered, changeable in Settings") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            final class Answers: @unchecked Sendable { var values: [Bool] = [] }
            let answers = Answers()
            try device.launch("Recorder") {
                p.expect(AVAudioApplication.shared.recordPermission, equals: .undetermined, "record permission before the user was asked")
                AVAudioApplication.requestRecordPermission { answers.values.append($0) }
            }
            p.expect(answers.values.isEmpty, "the dialog waits for the user")
            p.expect(device.session("Recorder").recordPermission, equals: .undetermined, "record permission while the dialog is up")
            device.answerRecordPermission("Recorder", granted: true)
            p.expect(answers.values, equals: [true], "the answers the app's completion handler got after the user granted")
            device.run(as: "Recorder") { AVAudioApplication.requestRecordPermission { answers.values.append($0) } }
            p.expect(answers.values == [true, true], "already decided: answered at once")
            device.server.answerRecordPermission(AppID("Recorder"), granted: false, fromSettings: true)
            p.expect(device.run(as: "Recorder") { AVAudioApplication.shared.recordPermission }, equals: .denied, "record permission after the user revoked it in Settings")
            p.expect(device.events("permission.dialog", app: "Recorder").count, equals: 1, "permission dialogs shown (the first request only)")
        },
        BuiltInCheck(["SESSION-PERMISSION-FIRST-ACTIVATION"],
                     "activating an input category asks for permission") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            try device.launch("Memo") {
                try AVAudioSession.sharedInstance().setCategory(.record)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(device.events("permission.dialog", app: "Memo").count, equals: 1, "permission dialogs shown on the first activation with input")
            p.expect(device.server.isInputSilencedByPermission(AppID("Memo")), "the app's input is not silenced while the permission dialog is unanswered")
            device.answerRecordPermission("Memo", granted: true)
            p.expect(!device.server.isInputSilencedByPermission(AppID("Memo")), "the app's input stays silenced after the user granted permission")
        },
        BuiltInCheck(["UIKIT-LIFECYCLE"],
                     "UIApplication state and notifications follow the app's lifecycle") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            final class Seen: @unchecked Sendable { var names: [String] = [] }
            let seen = Seen()
            var observers: [NSObjectProtocol] = []
            try device.launch("App") {
                for name in [UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                             UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification] {
                    observers.append(NotificationCenter.default.addObserver(forName: name, object: UIApplication.shared, queue: nil) {
                        seen.names.append($0.name.rawValue)
                    })
                }
                p.expect(UIApplication.shared.applicationState, equals: .active, "applicationState right after launch")
            }
            try device.perform(.background(app: "App"))
            p.expect(device.run(as: "App") { UIApplication.shared.applicationState }, equals: .background, "applicationState after going to the background")
            try device.perform(.foreground(app: "App"))
            p.expect(seen.names == ["UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
                                   "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification"], "seen.names == [\"UIApplicationWillResignActiveNotification\", \"UIApplicationDidEnterBackgroundNotification\", \"UIApplicationWillEnterForegroundNotification\", \"UIApplicationDidBecomeActiveNotification\"]")
            observers.forEach(NotificationCenter.default.removeObserver)
        },
        BuiltInCheck(["SESSION-RESET"],
                     "a reset in the middle of playback and recording — every session inactive, defaults back") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            try device.server.setIORunning(AppID(MusicApp.name), true)
            try device.launch("Memo", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord, options: .mixWithOthers)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            device.answerRecordPermission("Memo", granted: true)
            try device.server.setIORunning(AppID("Memo"), true)
            try device.perform(.mediaServerCrash(restartDelay: .milliseconds(250)))
            device.advance(by: .seconds(1))
            for app in [MusicApp.name, "Memo"] {
                p.expect(device.events("notify.mediaServicesWereLost", app: app).count, equals: 1, "mediaServicesWereLost notifications \(app) got")
                p.expect(device.events("notify.mediaServicesWereReset", app: app).count, equals: 1, "mediaServicesWereReset notifications \(app) got")
                p.expect(!device.session(app).isActive, "\(app)'s session is still active after the reset; every session must be inactive")
            }
            p.expect(device.session("Memo").configuration.category == .soloAmbient, "the session is back to its defaults")
            p.expect(device.session(MusicApp.name).configuration.category == .playback, "Music reconfigured on reset")
            p.expect(device.server.epoch, equals: 1, "media-server resets counted")
        },
    ] }
}
