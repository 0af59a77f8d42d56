import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// How sessions behave on the simulated device, checked through Apple's API names and, where
/// the behaviour is audible, at the speaker.
enum SessionBehaviourChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-SINGLETON", "SESSION-SHARED-INSTANCE"], "sharedInstance gives each app its one session") { p in
            let device = try p.device()
            let (first, second) = try device.launch("A") { (AVAudioSession.sharedInstance(), AVAudioSession.sharedInstance()) }
            let other = try device.launch("B") { AVAudioSession.sharedInstance() }
            p.expect(first === second, "two calls in one app give the same object")
            p.expect(first !== other, "another app has another session")
            try device.run(as: "A") { try AVAudioSession.sharedInstance().setCategory(.playback) }
            p.expect(device.run(as: "B") { AVAudioSession.sharedInstance().category } != .playback, "one app's category is not another's")
        },
        BuiltInCheck(["SESSION-SIX-CATEGORIES"], "a session takes each of the six categories of iPhone OS 4") { p in
            let device = try p.device()
            for suffix in ["Ambient", "SoloAmbient", "Playback", "Record", "PlayAndRecord", "AudioProcessing"] {
                let category = AVAudioSession.Category(rawValue: "AVAudioSessionCategory" + suffix)
                let set = try device.launch(suffix) {
                    try AVAudioSession.sharedInstance().setCategory(category)
                    return AVAudioSession.sharedInstance().category
                }
                p.expect(set == category, "setCategory(\(suffix)) takes")
            }
        },
        BuiltInCheck(["SESSION-ACTIVATE-LAUNCH-INACTIVE", "SESSION-ACTIVATE-SET-ACTIVE"], "a launched app is inactive until it calls setActive(true)") { p in
            let device = try p.device()
            try device.launchApp("Player", .playback, activate: false)
            p.expect(!device.session("Player").isActive, "inactive after launch, in the foreground")
            try device.run(as: "Player") { try AVAudioSession.sharedInstance().setActive(true) }
            p.expect(device.session("Player").isActive, "active after setActive(true)")
            p.expect(device.isAudible("Player"), "and its audio is heard")
        },
        BuiltInCheck(["SESSION-ACTIVATE-STATE-BINARY", "SESSION-ACTIVATE-SEPARATE-FROM-APP-STATE"], "being active does not follow foreground or background") { p in
            let device = try p.device()
            try device.launchApp("Player", .playback)
            try device.perform(.background(app: "Player"))
            p.expect(device.session("Player").isActive, "still active in the background")
            try device.perform(.foreground(app: "Player"))
            p.expect(device.session("Player").isActive, "still active back in the foreground")
            try device.launchApp("Idle", .playback, activate: false)
            p.expect(!device.session("Idle").isActive, "a foreground app stays inactive until it activates")
        },
        BuiltInCheck(["SESSION-ACTIVATE-MIXABLE-DEFINITION", "SESSION-CATEGORY-AMBIENT-MIXES", "SESSION-CATEGORY-PLAYBACK-MIX-OPTIONAL",
                      "SESSION-MIX-OPTION-SET-WITH-CATEGORY"], "only ambient, and playback or playAndRecord with mixWithOthers, keep Music playing") { p in
            let cases: [(AVAudioSession.Category, AVAudioSession.CategoryOptions, Bool)] = [
                (.ambient, [], true), (.soloAmbient, [], false), (.playback, [], false), (.playback, .mixWithOthers, true),
                (.playAndRecord, [], false), (.playAndRecord, .mixWithOthers, true), (.record, [], false),
            ]
            for (category, options, mixes) in cases {
                let device = try p.device()
                let music = try device.launchMusic()
                device.run(as: MusicApp.name) { music.play() }
                try device.launchApp("App", category, options: options)
                let what = "\(category.rawValue)\(options.isEmpty ? "" : " with mixWithOthers")"
                if category != .ambient {
                    p.expect(device.run(as: "App") { AVAudioSession.sharedInstance().categoryOptions.contains(.mixWithOthers) }
                             == options.contains(.mixWithOthers), "\(what): the option was set with the category")
                }
                p.expect(music.isPlaying == mixes, "\(what): Music \(mixes ? "keeps playing" : "is interrupted")")
            }
        },
        BuiltInCheck(["SESSION-CATEGORY-PLAYBACK-RINGER", "SESSION-MUSIC-APPS-IGNORE-SWITCH"], "the silent switch silences ambient, never playback or playAndRecord") { p in
            for (category, silenced) in [(AVAudioSession.Category.ambient, true), (.soloAmbient, true), (.playback, false), (.playAndRecord, false)] {
                let device = try p.device()
                try device.launchApp("App", category)
                try device.perform(.ringerSwitch(silent: true))
                p.expect(device.isAudible("App", port: category == .playAndRecord ? "Built-In Receiver" : "Speaker") != silenced,
                         "\(category.rawValue) is \(silenced ? "silent" : "heard") with the switch on silent")
            }
        },
        BuiltInCheck(["SESSION-CATEGORY-PLAYBACK-SCREEN-LOCK", "SESSION-CATEGORY-AMBIENT-SCREEN-LOCK"], "locking the screen stops ambient audio, not playback") { p in
            for (category, stops) in [(AVAudioSession.Category.ambient, true), (.soloAmbient, true), (.playback, false)] {
                let device = try p.device()
                try device.launchApp("App", category)
                try device.perform(.lockScreen)
                p.expect(device.isAudible("App") != stops, "\(category.rawValue) is \(stops ? "silent" : "heard") with the screen locked")
            }
        },
        BuiltInCheck(["SESSION-CATEGORY-PLAYBACK-BACKGROUND", "UIKIT-BACKGROUND-AUDIO-KEY", "SESSION-MIX-OPTION-KEEPS-BACKGROUND"],
                     "playback goes on in the background only with the audio background mode, mixable or not") { p in
            for (options, key) in [(AVAudioSession.CategoryOptions(), true), ([], false), (.mixWithOthers, true), (.mixWithOthers, false)] {
                let device = try p.device()
                try device.launchApp("App", .playback, options: options, backgroundAudio: key)
                try device.perform(.background(app: "App"))
                let what = "playback\(options.isEmpty ? "" : "+mixWithOthers") \(key ? "with" : "without") the audio key"
                p.expect(device.isAudible("App") == key, "\(what) is \(key ? "heard" : "silent") in the background")
            }
        },
        BuiltInCheck(["SESSION-CATEGORY-PLAYBACK-OUTPUT", "SESSION-CATEGORY-RECORD-INPUT", "SESSION-CATEGORY-PLAYANDRECORD-IO",
                      "SESSION-CATEGORY-PLAYANDRECORD-RECEIVER"], "playback routes only outputs, record only inputs, playAndRecord both, to the receiver") { p in
            func route(_ category: AVAudioSession.Category) throws -> AVAudioSessionRouteDescription {
                let device = try p.device()
                try device.launchApp("App", category)
                device.answerRecordPermission("App", granted: true)
                return device.run(as: "App") { AVAudioSession.sharedInstance().currentRoute }
            }
            let playback = try route(.playback)
            p.expect(playback.inputs.isEmpty && playback.outputs.map(\.portType) == [.builtInSpeaker], "playback: speaker, no input")
            let record = try route(.record)
            p.expect(record.outputs.isEmpty && record.inputs.map(\.portType) == [.builtInMic], "record: the mic, no output")
            let both = try route(.playAndRecord)
            p.expect(both.inputs.map(\.portType) == [.builtInMic] && both.outputs.map(\.portType) == [.builtInReceiver],
                     "playAndRecord: the mic in and the receiver out")
        },
        BuiltInCheck(["SESSION-MODE-SET", "SESSION-MODE-OPTIONAL"], "the mode is default until setMode changes it") { p in
            let device = try p.device()
            try device.launchApp("Camera", .playAndRecord, activate: false)
            p.expect(device.run(as: "Camera") { AVAudioSession.sharedInstance().mode }, equals: .default, "mode before setMode")
            try device.run(as: "Camera") { try AVAudioSession.sharedInstance().setMode(.videoRecording) }
            p.expect(device.run(as: "Camera") { AVAudioSession.sharedInstance().mode }, equals: .videoRecording, "mode after setMode")
        },
        BuiltInCheck(["SESSION-OTHER-AUDIO-PLAYING", "SESSION-HINT-PROPERTY"], "isOtherAudioPlaying and the secondary-audio hint follow Music") { p in
            func readings(musicPlaying: Bool) throws -> (other: Bool, hint: Bool) {
                let device = try p.device()
                let music = try device.launchMusic()
                if musicPlaying { device.run(as: MusicApp.name) { music.play() } }
                try device.launchApp("Game", .ambient)
                return device.run(as: "Game") {
                    (AVAudioSession.sharedInstance().isOtherAudioPlaying, AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint)
                }
            }
            let quiet = try readings(musicPlaying: false)
            p.expect(!quiet.other && !quiet.hint, "nothing playing: no other audio, no hint")
            let playing = try readings(musicPlaying: true)
            p.expect(playing.other, "Music playing: isOtherAudioPlaying")
            p.expect(playing.hint, "Music playing: the hint")
        },
        BuiltInCheck(["SESSION-INTERRUPT-NOTIFICATION-KEYS", "SESSION-INTERRUPT-OPTION-ENDED-ONLY", "SESSION-INTERRUPT-BEGAN-ALREADY-INACTIVE",
                      "SESSION-INTERRUPT-HIGHER-PRIORITY", "SESSION-INTERRUPT-NO-DEACTIVATE-NEEDED", "SESSION-INTERRUPT-NOT-A-REQUEST",
                      "SESSION-INTERRUPT-END-REACTIVATE", "SESSION-NOTIFICATION-REGISTRATION"],
                     "a call and an alarm interrupt: began finds the session inactive and silent, ended carries the options") { p in
            for (start, end) in [(DeviceEvent.incomingCall(caller: "Alice"), DeviceEvent.declineCall), (.alarm, .dismissAlarm)] {
                let device = try p.device()
                let log = try device.launchApp("Player", .playback)
                let voice = device.play(.sine(frequency: 1_000, amplitude: 0.5), as: "Player")
                _ = device.advance(by: .milliseconds(200))
                try device.perform(start)
                _ = device.advance(by: .milliseconds(200))
                let began = log.of(AVAudioSession.interruptionNotification)
                p.expect(began.count, equals: 1, "\(start.label): interruption notifications after began")
                if let note = began.first {
                    p.expect(note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt == AVAudioSession.InterruptionType.began.rawValue, "\(start.label): type began")
                    p.expect(note.userInfo?[AVAudioSessionInterruptionOptionKey] == nil, "\(start.label): began has no options key")
                    p.expect(!note.wasActive, "\(start.label): the session is already inactive when began arrives")
                }
                p.expect(device.peakDBFS("Speaker", last: .milliseconds(100)) < -90, "\(start.label): the app is silent during the interruption")
                try device.perform(end)
                let ended = log.of(AVAudioSession.interruptionNotification).dropFirst().first
                p.expect(ended?.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt == AVAudioSession.InterruptionType.ended.rawValue, "\(end.label): type ended")
                p.expect(ended?.userInfo?[AVAudioSessionInterruptionOptionKey] is UInt, "\(end.label): ended carries the options key")
                p.expect(!device.session("Player").isActive, "\(end.label): still inactive until the app reactivates")
                try device.run(as: "Player") { try AVAudioSession.sharedInstance().setActive(true) }
                _ = device.advance(by: .milliseconds(200))
                p.expect(device.session("Player").isActive && device.peakDBFS("Speaker", last: .milliseconds(100)) > -20,
                         "\(end.label): reactivated, the app is heard again")
                device.stop(voice)
            }
        },
        BuiltInCheck(["SESSION-RESET-NOTIFICATION", "SESSION-RESET-NO-USERINFO", "SESSION-RESET-LOST-NOTIFICATION"],
                     "a media server crash posts lost (from iOS 7), then reset without userInfo") { p in
            let device = try p.device()
            let log = try device.launchApp("Player", .playback)
            try device.perform(.mediaServerCrash(restartDelay: .seconds(1)))
            _ = device.advance(by: .seconds(2))
            let lost = log.of(AVAudioSession.mediaServicesWereLostNotification)
            let reset = log.of(AVAudioSession.mediaServicesWereResetNotification)
            p.expect(reset.count, equals: 1, "reset notifications")
            p.expect(reset.first.map { $0.userInfo == nil } ?? false, "reset has no userInfo")
            let expectsLost = p.platform.since(7)
            p.expect(lost.count, equals: expectsLost ? 1 : 0, "lost notifications on \(p.platform.description)")
            if expectsLost, let first = log.entries.first(where: { $0.name == AVAudioSession.mediaServicesWereLostNotification || $0.name == AVAudioSession.mediaServicesWereResetNotification }) {
                p.expect(first.name == AVAudioSession.mediaServicesWereLostNotification, "lost comes before reset")
            }
        },
    ] }
}

private extension DeviceEvent {
    var label: String { scriptName }
}

/// Session calls whose answer changed between releases.
enum SessionReleaseChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-DEACTIVATE-BUSY-SILENT"], "from iOS 26 deactivating with running I/O succeeds and the session goes inactive") { p in
            let folder = try FileChecks.scratch("busy")
            defer { try? FileManager.default.removeItem(at: folder) }
            let device = try p.device()
            let player = try PlayerChecks.players(device, count: 1, folder: folder)[0]
            device.run(as: "Player") { _ = player.play() }
            _ = device.advance(by: .milliseconds(200))
            var failure: Error?
            device.run(as: "Player") {
                do { try AVAudioSession.sharedInstance().setActive(false) } catch { failure = error }
            }
            p.expect(failure == nil, "no error (got \(String(describing: failure)))")
            p.expect(!device.session("Player").isActive, "the session is inactive")
        },
        BuiltInCheck(["SESSION-CATEGORY-AUDIOPROCESSING-NO-IO"], "audioProcessing routes neither input nor output") { p in
            let device = try p.device()
            try device.launchApp("Converter", AVAudioSession.Category(rawValue: "AVAudioSessionCategoryAudioProcessing"))
            let route = device.run(as: "Converter") { AVAudioSession.sharedInstance().currentRoute }
            p.expect(route.inputs.isEmpty && route.outputs.isEmpty, "no ports (inputs \(route.inputs.count), outputs \(route.outputs.count))")
        },
    ] }
}
