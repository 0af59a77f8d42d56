import Foundation
import MediaServer
import OpenAVFAudio
import OpenUIKit
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// Alarms, Siri, the ring/silent switch, app lifecycle and record permission, through the facades.
@Suite("System events reach apps")
struct SystemEventsTests {
    @Test("SESSION-INTERRUPT-ALARM/SIRI: an alarm and Siri interrupt Music and let it resume")
    func alarmAndSiri() throws {
        let device = try SimulatedDevice(seed: 1)
        let music = try device.launchMusic()
        device.run(as: MusicApp.name) { music.play() }
        for (start, end) in [(DeviceEvent.alarm, DeviceEvent.dismissAlarm), (.siri, .siriEnd)] {
            try device.perform(start)
            #expect(!music.isPlaying)
            device.advance(by: .seconds(5))
            try device.perform(end)
            #expect(music.isPlaying)
        }
        let interruptions = device.events("notify.interruption", app: MusicApp.name)
        #expect(interruptions.map { $0.fields["type"] } == ["began", "ended", "began", "ended"])
        #expect(interruptions[1].fields["options"] == ["shouldResume"])
    }

    @Test("SESSION-SILENCE-RINGER-SWITCH: the switch silences an ambient game but not playback")
    func ringerSwitch() throws {
        let device = try SimulatedDevice(seed: 1)
        let music = try device.launchMusic()
        device.run(as: MusicApp.name) { music.play() }
        try device.launch("Game") {
            try AVAudioSession.sharedInstance().setCategory(.ambient)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        #expect(!device.session(MusicApp.name).isSilenced, "playback with background audio keeps sounding")
        try device.perform(.ringerSwitch(silent: true))
        #expect(device.session("Game").isSilenced)
        #expect(!device.session(MusicApp.name).isSilenced)
        try device.perform(.ringerSwitch(silent: false))
        #expect(!device.session("Game").isSilenced)
        #expect(device.events("session.silenced", app: "Game").map { $0.fields["silenced"] } == [true, false])
    }

    @Test("SESSION-HINT-TWO-SIDED: a foreground game hears begin when Music starts playing and end when it stops, in the one notification")
    func secondaryAudioHint() throws {
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
        #expect(device.device.lifecycle(of: MusicApp.name) == .background, "launching the game backgrounded Music")
        // The user starts Music from Control Center while the game is in front.
        device.run(as: MusicApp.name) { music.play() }
        #expect(music.isPlaying, "the Now Playing app may start from the background")
        #expect(device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint })
        device.run(as: MusicApp.name) { music.stop() }
        #expect(hints.values == [AVAudioSession.SilenceSecondaryAudioHintType.begin.rawValue,
                                 AVAudioSession.SilenceSecondaryAudioHintType.end.rawValue])
        #expect(!device.run(as: "Game") { AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint })
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    @Test("SESSION-PERMISSION: asked once, answered by the user, remembered, changeable in Settings")
    func recordPermission() throws {
        let device = try SimulatedDevice(seed: 1)
        final class Answers: @unchecked Sendable { var values: [Bool] = [] }
        let answers = Answers()
        try device.launch("Recorder") {
            #expect(AVAudioApplication.shared.recordPermission == .undetermined)
            AVAudioApplication.requestRecordPermission { answers.values.append($0) }
        }
        #expect(answers.values.isEmpty, "the dialog waits for the user")
        #expect(device.session("Recorder").recordPermission == .undetermined)
        device.answerRecordPermission("Recorder", granted: true)
        #expect(answers.values == [true])
        device.run(as: "Recorder") { AVAudioApplication.requestRecordPermission { answers.values.append($0) } }
        #expect(answers.values == [true, true], "already decided: answered at once")
        device.server.answerRecordPermission(AppID("Recorder"), granted: false, fromSettings: true)
        #expect(device.run(as: "Recorder") { AVAudioApplication.shared.recordPermission } == .denied)
        #expect(device.events("permission.dialog", app: "Recorder").count == 1)
    }

    @Test("SESSION-PERMISSION-FIRST-ACTIVATION: activating an input category asks for permission")
    func permissionOnActivation() throws {
        let device = try SimulatedDevice(seed: 1)
        try device.launch("Memo") {
            try AVAudioSession.sharedInstance().setCategory(.record)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        #expect(device.events("permission.dialog", app: "Memo").count == 1)
        #expect(device.server.isInputSilencedByPermission(AppID("Memo")))
        device.answerRecordPermission("Memo", granted: true)
        #expect(!device.server.isInputSilencedByPermission(AppID("Memo")))
    }

    @Test("UIKIT-LIFECYCLE: UIApplication state and notifications follow the app's lifecycle")
    func lifecycle() throws {
        let device = try SimulatedDevice(seed: 1)
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
            #expect(UIApplication.shared.applicationState == .active)
        }
        try device.perform(.background(app: "App"))
        #expect(device.run(as: "App") { UIApplication.shared.applicationState } == .background)
        try device.perform(.foreground(app: "App"))
        #expect(seen.names == ["UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
                               "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification"])
        observers.forEach(NotificationCenter.default.removeObserver)
    }

    @Test("SESSION-RESET: a reset in the middle of playback and recording — every session inactive, defaults back")
    func resetDuringPlaybackAndRecording() throws {
        let device = try SimulatedDevice(seed: 1)
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
            #expect(device.events("notify.mediaServicesWereLost", app: app).count == 1)
            #expect(device.events("notify.mediaServicesWereReset", app: app).count == 1)
            #expect(!device.session(app).isActive)
        }
        #expect(device.session("Memo").configuration.category == .soloAmbient, "the session is back to its defaults")
        #expect(device.session(MusicApp.name).configuration.category == .playback, "Music reconfigured on reset")
        #expect(device.server.epoch == 1)
    }
}
