import Conformance
import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import VirtualDevices

/// Going active and inactive as apps do it: who is interrupted, who is ducked, when setActive
/// fails and with which code. The media server's activation tests ask its arbiter directly; these
/// ask through AVAudioSession and listen at the speaker.
enum SessionActivationChecks {
    /// A turn-by-turn prompt's session: ducks others (mixWithOthers is implied), on every release.
    static let ducking = AVAudioSession.CategoryOptions.duckOthers

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-ACTIVATE-REQUIRED"], "an app plays and records only once it has made its session active") { p in
            let device = try p.device()
            try device.launchApp("Player", .playback, activate: false)
            p.expect(!device.isAudible("Player"), "a tone played before setActive(true) is not heard")
            try device.run(as: "Player") { try AVAudioSession.sharedInstance().setActive(true) }
            p.expect(device.isAudible("Player"), "the same tone is heard once the session is active")
            try device.launchApp("Memo", .record, activate: false)
            device.run(as: "Memo") { AVAudioApplication.requestRecordPermission { _ in } }
            device.answerRecordPermission("Memo", granted: true)
            p.expect(device.inputPeak("Memo") < -90, "the microphone gives silence before setActive(true)")
            try device.run(as: "Memo") { try AVAudioSession.sharedInstance().setActive(true) }
            p.expect(device.inputPeak("Memo") > -12, "and the tone once the session is active")
        },
        BuiltInCheck(["SESSION-ACTIVATE-BACKGROUND-KEEPS-SESSION"], "moving to the background leaves an active session active and heard") { p in
            let device = try p.device()
            let log = try device.launchApp("Player", .playback)
            try device.perform(.background(app: "Player"))
            p.expect(device.session("Player").isActive, "active in the background")
            p.expect(device.events(.sessionDeactivated, app: "Player").isEmpty, "the system never deactivated it")
            p.expect(log.entries.isEmpty, "no notification reached the app (got \(log.entries.map(\.name.rawValue)))")
            p.expect(device.isAudible("Player"), "its audio is heard in the background")
        },
        BuiltInCheck(["SESSION-ACTIVATE-BACKGROUND-NOW-PLAYING"],
                     "Music, the Now Playing app, goes active non-mixable from the background and interrupts the foreground game") { p in
            let device = try p.device()
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            try device.perform(.background(app: MusicApp.name))
            let game = try device.launchApp("Game", .soloAmbient)
            p.expect(!music.isPlaying, "the soloAmbient game stopped Music")
            device.run(as: MusicApp.name) { music.play() }
            _ = device.advance(by: .milliseconds(300))
            p.expect(music.isPlaying && device.session(MusicApp.name).isActive, "Music went active from the background")
            let began = game.of(AVAudioSession.interruptionNotification)
            p.expect(began.count, equals: 1, "interruptions the game received")
            p.expect(began.first?.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt == AVAudioSession.InterruptionType.began.rawValue,
                     "the game's interruption is began")
            p.expect(began.first.map { !$0.wasActive } ?? false, "the game is already inactive when began arrives")
            p.expect(!device.session("Game").isActive, "the game's session is inactive")
            p.expect(device.peakDBFS("Speaker") > -20, "Music's tone is heard")
        },
        BuiltInCheck(["SESSION-ACTIVATE-DEACTIVATE-BUSY"], "before iOS 8 deactivating with running I/O fails with isBusy and the session stays active") { p in
            let device = try p.device()
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            _ = device.advance(by: .milliseconds(200))
            let error = device.setActiveError(MusicApp.name, false)
            p.expect(error?.code, equals: AVAudioSession.ErrorCode.isBusy.rawValue, "setActive(false)'s error code")
            p.expect(device.session(MusicApp.name).isActive, "the session stays active")
            _ = device.advance(by: .milliseconds(200))
            p.expect(device.peakDBFS("Speaker") > -20, "and Music is still heard")
        },
        BuiltInCheck(["SESSION-ACTIVATE-DEACTIVATE-IDLE", "SESSION-ACTIVATE-DEACTIVATE-TRACKED-IO"],
                     "the I/O the app started makes deactivation busy (before iOS 26); once stopped, deactivating succeeds") { p in
            let device = try p.device()
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            _ = device.advance(by: .milliseconds(200))
            let busy = device.setActiveError(MusicApp.name, false)
            p.expect(busy?.code, equals: p.platform.since(26) ? nil : AVAudioSession.ErrorCode.isBusy.rawValue,
                     "setActive(false) while the player runs")
            try device.run(as: MusicApp.name) {
                music.pause()
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(device.setActiveError(MusicApp.name, false) == nil, "setActive(false) after the player paused succeeds")
            p.expect(!device.session(MusicApp.name).isActive, "and the session is inactive")
            try device.launchApp("Quiet", .playback)
            p.expect(device.setActiveError("Quiet", false) == nil, "an app that never started I/O deactivates without error")
        },
        BuiltInCheck(["SESSION-ACTIVATE-DETERMINISTIC-ORDER"], "an alarm tells three apps in the same order, whatever order they launched in") { p in
            func alarmOrder(_ apps: [String]) throws -> [TraceRecord] {
                let device = try p.device()
                let configurations: [String: (AVAudioSession.Category, AVAudioSession.Mode, AVAudioSession.CategoryOptions)] = [
                    "Podcast": (.playback, .spokenAudio, []), "Game": (.ambient, .default, []), "Music": (.playback, .default, .mixWithOthers),
                ]
                for app in apps {
                    let (category, mode, options) = configurations[app]!
                    try device.launch(app, backgroundAudio: true) {
                        try AVAudioSession.sharedInstance().setCategory(category, mode: mode, options: options)
                        try AVAudioSession.sharedInstance().setActive(true)
                    }
                }
                let before = device.trace.events.count
                try device.perform(.alarm)
                try device.perform(.dismissAlarm)
                return device.trace.records.dropFirst(before).filter { record in
                    switch record.fact {
                    case .activated, .deactivated, .ducked, .silenced, .nowPlaying, .notification: true
                    case let .other(kind, _): kind.isNotification
                    default: false
                    }
                }
            }
            /// Who was told what, in order (`session.deactivated Game`).
            func told(_ records: [TraceRecord]) -> [String] { records.map { "\($0.fact.kindName) \($0.app ?? "")" } }
            let sorted = try alarmOrder(["Game", "Music", "Podcast"])
            p.expect(told(try alarmOrder(["Podcast", "Music", "Game"])), equals: told(sorted), "what the apps are told, launched in reverse order")
            p.expect(sorted.count >= 6, "each app is deactivated and told (got \(told(sorted)))")
            p.expect(sorted.first?.fact == .deactivated(app: "Game"),
                     "Game, first by name, is deactivated first (got \(told(sorted).first ?? "nothing"))")
        },
        BuiltInCheck(["SESSION-ACTIVATE-DUCK-OTHERS"], "a ducking session ducks Music for as long as it is active, silent or not, and un-ducks it on deactivation") { p in
            let device = try p.device()
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            _ = device.advance(by: .milliseconds(300))
            let full = device.peakDBFS("Speaker")
            try device.launchApp("Navigation", .playback, options: ducking)
            _ = device.advance(by: .milliseconds(300))
            p.expect(device.session(MusicApp.name).isDucked && music.isPlaying, "Music is ducked, still playing")
            p.expect(device.peakDBFS("Speaker") < full - 15, "Music is 20 dB down while Navigation is active and silent (\(device.peakDBFS("Speaker")) vs \(full) dBFS)")
            p.expect(!device.session("Navigation").isDucked, "the ducking session is not ducked itself")
            p.expect(device.setActiveError("Navigation", false, options: .notifyOthersOnDeactivation) == nil, "Navigation deactivates")
            _ = device.advance(by: .milliseconds(300))
            p.expect(!device.session(MusicApp.name).isDucked, "Music is no longer ducked")
            p.expect(abs(device.peakDBFS("Speaker") - full) < 1, "Music is back at full level")
        },
        BuiltInCheck(["SESSION-ACTIVATE-DUCK-LATECOMER"], "Music that starts while a ducking session is active starts ducked") { p in
            let reference = try p.device()
            let alone = try reference.launchMusic()
            reference.run(as: MusicApp.name) { alone.play() }
            _ = reference.advance(by: .milliseconds(300))
            let full = reference.peakDBFS("Speaker")
            let device = try p.device()
            try device.launchApp("Navigation", .playback, options: ducking)
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            _ = device.advance(by: .milliseconds(300))
            p.expect(music.isPlaying && device.session(MusicApp.name).isActive, "Music plays")
            p.expect(device.session(MusicApp.name).isDucked, "Music is ducked")
            p.expect(device.peakDBFS("Speaker") < full - 15, "Music is 20 dB down from the start (\(device.peakDBFS("Speaker")) vs \(full) dBFS)")
        },
        BuiltInCheck(["SESSION-ACTIVATE-SPOKEN-AUDIO-MUSIC"], "interruptSpokenAudioAndMixWithOthers leaves Music playing at full level") { p in
            let device = try p.device()
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            _ = device.advance(by: .milliseconds(300))
            let full = device.peakDBFS("Speaker")
            let navigation = try device.launchApp("Navigation", .playback, options: .interruptSpokenAudioAndMixWithOthers)
            _ = device.advance(by: .milliseconds(300))
            p.expect(device.session("Navigation").isActive, "Navigation is active")
            p.expect(music.isPlaying && device.session(MusicApp.name).isActive, "Music, not spoken audio, keeps playing")
            p.expect(!device.session(MusicApp.name).isDucked && abs(device.peakDBFS("Speaker") - full) < 1, "Music is not ducked")
            p.expect(navigation.entries.isEmpty && device.events(.notifyInterruption, app: MusicApp.name).isEmpty, "nobody is interrupted")
        },
        BuiltInCheck(["SESSION-ACTIVATE-SOLOAMBIENT-NONMIXABLE"], "a soloAmbient game interrupts Music: the default category is non-mixable") { p in
            let device = try p.device()
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            _ = device.advance(by: .milliseconds(200))
            try device.launch("Game") { try AVAudioSession.sharedInstance().setActive(true) }
            p.expect(device.session("Game").configuration.category, equals: .soloAmbient, "the game's category, never set")
            p.expect(device.session("Game").isActive, "the game is active")
            p.expect(!device.session(MusicApp.name).isActive && !music.isPlaying, "Music is inactive and paused")
            p.expect(device.events(.notifyInterruption, app: MusicApp.name).count, equals: 1, "interruptions Music received")
            _ = device.advance(by: .milliseconds(300))
            p.expect(device.peakDBFS("Speaker", last: .milliseconds(100)) < -90, "Music's tone is gone from the speaker")
        },
    ] + errors }

    /// setActive(true) refused, and with which code.
    static var errors: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-ACTIVATE-ERR-MEDIA-SERVICES"], "while the media server is down setActive(true) fails with mediaServicesFailed; after the reset it succeeds") { p in
            let device = try p.device()
            try device.launchApp("Player", .playback, activate: false)
            try device.perform(.mediaServerCrash(restartDelay: .seconds(1)))
            p.expect(device.setActiveError("Player", true)?.code, equals: AVAudioSession.ErrorCode.mediaServicesFailed.rawValue,
                     "setActive(true) while the server is down")
            _ = device.advance(by: .seconds(2))
            p.expect(device.setActiveError("Player", true) == nil, "setActive(true) after the reset succeeds")
            p.expect(device.session("Player").isActive, "the session is active")
        },
        BuiltInCheck(["SESSION-ACTIVATE-ERR-CALL"], "during a call record and playAndRecord fail with insufficientPriority; playback and ambient go active") { p in
            let cases: [(AVAudioSession.Category, Bool)] = [(.playAndRecord, true), (.record, true), (.playback, false), (.ambient, false)]
            for (category, refused) in cases {
                let device = try p.device()
                try device.perform(.incomingCall(caller: "Mum"))
                try device.perform(.answerCall)
                try device.launchApp("VoIP", category, activate: false)
                let error = device.setActiveError("VoIP", true)
                p.expect(error?.code, equals: refused ? AVAudioSession.ErrorCode.insufficientPriority.rawValue : nil, "\(category.rawValue): the error code")
                p.expect(error.map { $0.localizedDescription.contains("phone call") } ?? true, "\(category.rawValue): the error names the call")
                p.expect(device.session("VoIP").isActive == !refused, "\(category.rawValue) is \(refused ? "inactive" : "active")")
            }
        },
        BuiltInCheck(["SESSION-ACTIVATE-ERR-SIRI"], "while Siri records, a record session fails with siriIsRecording; playback goes active") { p in
            let device = try p.device()
            try device.perform(.siri)
            try device.launchApp("Recorder", .record, activate: false)
            try device.launchApp("Player", .playback, activate: false)
            p.expect(device.setActiveError("Recorder", true)?.code, equals: AVAudioSession.ErrorCode.siriIsRecording.rawValue, "record's error code")
            p.expect(device.setActiveError("Player", true) == nil, "playback goes active")
        },
        BuiltInCheck(["SESSION-ACTIVATE-ERR-BACKGROUND-RECORDING"],
                     "a mixable recording cannot start from the background: cannotStartRecording at I/O start, or at activation under that setting") { p in
            let device = try p.device()
            try device.launchApp("Recorder", .playAndRecord, options: .mixWithOthers, activate: false)
            device.answerRecordPermission("Recorder", granted: true)
            try device.perform(.background(app: "Recorder"))
            p.expect(device.setActiveError("Recorder", true) == nil, "by default the rule waits for I/O: activation succeeds")
            var failure: SessionError?
            do { try device.server.setIORunning(AppID("Recorder"), true) } catch { failure = error as? SessionError }
            p.expect(failure?.code, equals: .cannotStartRecording, "starting the recording's I/O")
            p.expect(failure?.code.rawValue, equals: AVAudioSession.ErrorCode.cannotStartRecording.rawValue, "the code's raw value ('!rec')")
            // Our model's other reading checks the rule when the session goes active.
            var arbiter = ActivationArbiter(profile: p.platform, settings: ActivationSettings(backgroundStartCheck: .atActivation))
            arbiter.register(AppID("Recorder"), hasAudioBackgroundMode: true, lifecycle: .background)
            var atActivation: SessionError?
            do { _ = try arbiter.activate(AppID("Recorder"), traits: SessionTraits(category: .playAndRecord, options: .mixWithOthers), system: SystemState()) }
            catch { atActivation = error as? SessionError }
            p.expect(atActivation?.code, equals: .cannotStartRecording, "activation under the at-activation setting")
        },
        BuiltInCheck(["SESSION-ACTIVATE-ERR-ORDER"], "with every rule broken at once, the error is the first rule's, then the next as each is mended") { p in
            // The media server down, a call, Siri and a background app without the audio mode
            // cannot all happen on one simulated device at once, so this asks the arbiter itself.
            var system = SystemState()
            system.mediaServerRunning = false
            system.call = .active(caller: "Mum")
            system.siriActive = true
            var arbiter = ActivationArbiter(profile: p.platform, settings: ActivationSettings(backgroundStartCheck: .atActivation))
            let voip = AppID("VoIP")
            arbiter.register(voip, hasAudioBackgroundMode: false, lifecycle: .background)
            func code(_ traits: SessionTraits = SessionTraits(category: .playAndRecord, mode: .voiceChat)) -> SessionErrorCode? {
                do { _ = try arbiter.activate(voip, traits: traits, system: system); return nil } catch { return (error as? SessionError)?.code }
            }
            p.expect(code(), equals: .mediaServicesFailed, "everything broken")
            system.mediaServerRunning = true
            p.expect(code(), equals: .insufficientPriority, "the server back, a call, Siri, background")
            system.call = .idle
            p.expect(code(), equals: .siriIsRecording, "Siri, background")
            system.siriActive = false
            p.expect(code(), equals: .cannotInterruptOthers, "background, non-mixable")
            p.expect(code(SessionTraits(category: .playAndRecord, options: .mixWithOthers)), equals: .cannotStartPlaying, "background, mixable, no audio mode")
        },
        BuiltInCheck(["SESSION-RESET-WITHOUT-LOST"], "a reset the apps were not told the loss of reports lost first, then reset") { p in
            // A device always reports the crash before the restart, so this asks the arbiter for a
            // restart with no loss reported.
            var arbiter = ActivationArbiter(profile: p.platform)
            let music = AppID("Music")
            arbiter.register(music, hasAudioBackgroundMode: true)
            p.expect(arbiter.mediaServicesReset(), equals: [.notify(music, .mediaServicesWereLost), .notify(music, .mediaServicesWereReset)],
                     "what the apps are told")
        },
    ] }
}

extension SimulatedDevice {
    /// The error `setActive` throws in `app`, or nil when it succeeds.
    func setActiveError(_ app: String, _ active: Bool, options: AVAudioSession.SetActiveOptions = []) -> NSError? {
        run(as: app) {
            do {
                try AVAudioSession.sharedInstance().setActive(active, options: options)
                return nil
            } catch { return error as NSError }
        }
    }
}
