import Foundation
import MediaServer
import OpenAVFAudio
import OpenUIKit
import SimCore
import Soundcheck
import VirtualDevices

/// Alarms, Siri, the ring/silent switch, app lifecycle and record permission, through the facades.
enum SystemEventsChecks {


    static let all: [BuiltInCheck] = [
        BuiltInCheck(["SESSION-INTERRUPT-ALARM", "SESSION-INTERRUPT-SIRI"],
                     "an alarm and Siri interrupt Music and let it resume") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            for (start, end) in [(DeviceEvent.alarm, DeviceEvent.dismissAlarm), (.siri, .siriEnd)] {
                try device.perform(start)
                p.expect(!music.isPlaying, "!music.isPlaying")
                device.advance(by: .seconds(5))
                try device.perform(end)
                p.expect(music.isPlaying, "music.isPlaying")
            }
            let interruptions = device.events("notify.interruption", app: MusicApp.name)
            p.expect(interruptions.map { $0.fields["type"] } == ["began", "ended", "began", "ended"], "interruptions.map { $0.fields[\"type\"] } == [\"began\", \"ended\", \"began\", \"ended\"]")
            p.expect(interruptions[1].fields["options"] == ["shouldResume"], "interruptions[1].fields[\"options\"] == [\"shouldResume\"]")
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
            p.expect(device.session("Game").isSilenced, "device.session(\"Game\").isSilenced")
            p.expect(!device.session(MusicApp.name).isSilenced, "!device.session(MusicApp.name).isSilenced")
            try device.perform(.ringerSwitch(silent: false))
            p.expect(!device.session("Game").isSilenced, "!device.session(\"Game\").isSilenced")
            p.expect(device.events("session.silenced", app: "Game").map { $0.fields["silenced"] } == [true, false], "device.events(\"session.silenced\", app: \"Game\").map { $0.fields[\"silenced\"] } == [true, false]")
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
            p.expect(device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }, "device.run(as: \"Game\") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }")
            device.run(as: MusicApp.name) { music.stop() }
            p.expect(hints.values == [AVAudioSession.SilenceSecondaryAudioHintType.begin.rawValue,
                                     AVAudioSession.SilenceSecondaryAudioHintType.end.rawValue], "hints.values == [AVAudioSession.SilenceSecondaryAudioHintType.begin.rawValue, AVAudioSession.SilenceSecondaryAudioHintType.end.rawValue]")
            p.expect(!device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }, "!device.run(as: \"Game\") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint }")
            if let observer { NotificationCenter.default.removeObserver(observer) }
        },
        BuiltInCheck(["SESSION-PERMISSION"],
                     "asked once, answered by the user, remembered, changeable in Settings") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            final class Answers: @unchecked Sendable { var values: [Bool] = [] }
            let answers = Answers()
            try device.launch("Recorder") {
                p.expect(AVAudioApplication.shared.recordPermission == .undetermined, "AVAudioApplication.shared.recordPermission == .undetermined")
                AVAudioApplication.requestRecordPermission { answers.values.append($0) }
            }
            p.expect(answers.values.isEmpty, "the dialog waits for the user")
            p.expect(device.session("Recorder").recordPermission == .undetermined, "device.session(\"Recorder\").recordPermission == .undetermined")
            device.answerRecordPermission("Recorder", granted: true)
            p.expect(answers.values == [true], "answers.values == [true]")
            device.run(as: "Recorder") { AVAudioApplication.requestRecordPermission { answers.values.append($0) } }
            p.expect(answers.values == [true, true], "already decided: answered at once")
            device.server.answerRecordPermission(AppID("Recorder"), granted: false, fromSettings: true)
            p.expect(device.run(as: "Recorder") { AVAudioApplication.shared.recordPermission } == .denied, "device.run(as: \"Recorder\") { AVAudioApplication.shared.recordPermission } == .denied")
            p.expect(device.events("permission.dialog", app: "Recorder").count == 1, "device.events(\"permission.dialog\", app: \"Recorder\").count == 1")
        },
        BuiltInCheck(["SESSION-PERMISSION-FIRST-ACTIVATION"],
                     "activating an input category asks for permission") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            try device.launch("Memo") {
                try AVAudioSession.sharedInstance().setCategory(.record)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(device.events("permission.dialog", app: "Memo").count == 1, "device.events(\"permission.dialog\", app: \"Memo\").count == 1")
            p.expect(device.server.isInputSilencedByPermission(AppID("Memo")), "device.server.isInputSilencedByPermission(AppID(\"Memo\"))")
            device.answerRecordPermission("Memo", granted: true)
            p.expect(!device.server.isInputSilencedByPermission(AppID("Memo")), "!device.server.isInputSilencedByPermission(AppID(\"Memo\"))")
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
                p.expect(UIApplication.shared.applicationState == .active, "UIApplication.shared.applicationState == .active")
            }
            try device.perform(.background(app: "App"))
            p.expect(device.run(as: "App") { UIApplication.shared.applicationState } == .background, "device.run(as: \"App\") { UIApplication.shared.applicationState } == .background")
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
                p.expect(device.events("notify.mediaServicesWereLost", app: app).count == 1, "device.events(\"notify.mediaServicesWereLost\", app: app).count == 1")
                p.expect(device.events("notify.mediaServicesWereReset", app: app).count == 1, "device.events(\"notify.mediaServicesWereReset\", app: app).count == 1")
                p.expect(!device.session(app).isActive, "!device.session(app).isActive")
            }
            p.expect(device.session("Memo").configuration.category == .soloAmbient, "the session is back to its defaults")
            p.expect(device.session(MusicApp.name).configuration.category == .playback, "Music reconfigured on reset")
            p.expect(device.server.epoch == 1, "device.server.epoch == 1")
        },
    ]
}
