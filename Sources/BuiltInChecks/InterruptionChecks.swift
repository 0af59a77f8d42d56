import Conformance
import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// Interruptions by other apps and by suspension, as the interrupted app's notifications tell them.
enum InterruptionChecks {
    /// Music plays in the background, then `Radio`, a non-mixable app, starts in the foreground.
    static func radioInterruptsMusic(_ p: CheckProbe) throws -> (SimulatedDevice, NotificationLog) {
        let device = try p.device()
        let log = try device.launchApp("Background", .playback)
        let voice = device.play(.sine(frequency: 1_000, amplitude: 0.5), as: "Background")
        try device.perform(.background(app: "Background"))
        _ = device.advance(by: .milliseconds(200))
        try device.launchApp("Radio", .playback)
        _ = device.advance(by: .milliseconds(200))
        device.stop(voice)
        return (device, log)
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-INTERRUPT-BACKGROUND-BY-FOREGROUND", "SESSION-INTERRUPT-ANY-TIME"],
                     "an app playing in the background is interrupted when a foreground app activates a non-mixable session") { p in
            let (device, log) = try radioInterruptsMusic(p)
            let began = log.of(AVAudioSession.interruptionNotification).first
            p.expect(began?.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt == AVAudioSession.InterruptionType.began.rawValue, "began")
            p.expect(!device.session("Background").isActive, "the background app's session is inactive")
            p.expect(device.peakDBFS("Speaker", last: .milliseconds(100)) < -90 || device.session("Background").isInterrupted,
                     "the background app no longer sounds")
        },
        BuiltInCheck(["SESSION-INTERRUPT-NOT-EVERY-BEGIN-ENDS"], "an app that stays active never sends the interrupted app an ended") { p in
            let (device, log) = try radioInterruptsMusic(p)
            _ = device.advance(by: .seconds(5))
            let types = log.of(AVAudioSession.interruptionNotification).compactMap { $0.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt }
            p.expect(types, equals: [AVAudioSession.InterruptionType.began.rawValue], "interruption types after 5 s")
        },
        BuiltInCheck(["SESSION-INTERRUPT-SUSPENDED"], "iOS 10 to 15 tell a suspended app with an appWasSuspended began when it runs again") { p in
            let log = try suspendAndReturn(&p)
            let began = log.of(AVAudioSession.interruptionNotification).last
            p.expect(began?.userInfo?[AVAudioSessionInterruptionReasonKey] as? UInt == AVAudioSession.InterruptionReason.appWasSuspended.rawValue,
                     "a began with reason appWasSuspended on return")
            p.expect((began?.userInfo?[AVAudioSessionInterruptionWasSuspendedKey] as? NSNumber)?.boolValue == true,
                     "the older AVAudioSessionInterruptionWasSuspendedKey says it too")
        },
        BuiltInCheck(["SESSION-INTERRUPT-SUSPENDED-NONE"], "other releases send a suspended app no interruption when it runs again") { p in
            let log = try suspendAndReturn(&p)
            p.expect(log.of(AVAudioSession.interruptionNotification).isEmpty, "no interruption notification")
        },
        BuiltInCheck(["SESSION-INTERRUPT-REASON-ABSENT"], "before iOS 14.5 a call's began carries no reason key") { p in
            let device = try p.device()
            let log = try device.launchApp("Player", .playback)
            try device.perform(.incomingCall(caller: "Alice"))
            let began = log.of(AVAudioSession.interruptionNotification).first
            p.expect(began != nil && began?.userInfo?[AVAudioSessionInterruptionReasonKey] == nil, "no reason key")
        },
        BuiltInCheck(["SESSION-INTERRUPT-OTHER-SOURCE"], "an alarm's interruption outlasts Siri's: Siri ending tells Music nothing; dismissing the alarm ends it") { p in
            let device = try p.device()
            let log = try device.launchApp("Music", .playback)
            try device.perform(.alarm)
            try device.perform(.siri)
            try device.perform(.siriEnd)
            _ = device.advance(by: .milliseconds(200))
            p.expect(interruptionTypes(log), equals: [began], "Music's interruptions after Siri ended")
            p.expect(device.session("Music").isInterrupted, "Music is still interrupted by the alarm")
            try device.perform(.dismissAlarm)
            _ = device.advance(by: .milliseconds(200))
            p.expect(interruptionTypes(log).last, equals: ended, "the alarm's dismissal ends it")
        },
        BuiltInCheck(["SESSION-INTERRUPT-REACTIVATED-NOT-TOLD"], "an app that reactivated on its own after an interruption is never sent its ended") { p in
            let device = try p.device()
            let log = try device.launchApp("Podcast", .playback)
            try device.launchApp("Radio", .playback)
            try device.perform(.foreground(app: "Podcast"))
            let reactivated = device.run(as: "Podcast") { (try? AVAudioSession.sharedInstance().setActive(true)) != nil }
            p.expect(reactivated, "Podcast reactivates from the foreground")
            device.run(as: "Radio") { try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation) }
            _ = device.advance(by: .seconds(2))
            p.expect(interruptionTypes(log), equals: [began], "Podcast's interruptions: the began only")
            p.expect(device.session("Podcast").isActive && !device.session("Podcast").isInterrupted, "Podcast active, not interrupted")
        },
        BuiltInCheck(["SESSION-INTERRUPT-NO-NOTIFY-OTHERS-SETTING"],
                     "under the alternative reading, an interrupter deactivating without notifyOthers sends ended without shouldResume") { p in
            var settings = ActivationSettings()
            settings.endsInterruptionWithoutNotifyOthers = true
            let device = try SimulatedDevice(profile: "iphone", platform: p.platform, seed: 1, activationSettings: settings)
            let log = try device.launchApp("Music", .playback)
            try device.launchApp("Radio", .playback)
            device.run(as: "Radio") { try? AVAudioSession.sharedInstance().setActive(false) }
            _ = device.advance(by: .milliseconds(200))
            p.expect(interruptionTypes(log), equals: [began, ended], "Music is told began, then ended")
            let options = log.of(AVAudioSession.interruptionNotification).last?.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0
            p.expect(options & AVAudioSession.InterruptionOptions.shouldResume.rawValue, equals: 0, "the ended carries no shouldResume")
        },
        BuiltInCheck(["SESSION-INTERRUPT-TERMINATED-DUCKER"], "when a ducking app terminates, the music it ducked returns to full volume") { p in
            let device = try p.device()
            try device.launchApp("Music", .playback)
            let music = device.play(.sine(frequency: 500, amplitude: 0.5), as: "Music")
            _ = device.advance(by: .milliseconds(300))
            let full = device.peakDBFS("Speaker")
            try device.launchApp("Navigation", .playback, options: [.duckOthers, .mixWithOthers])
            _ = device.advance(by: .milliseconds(500))
            let ducked = device.peakDBFS("Speaker")
            p.expect(device.session("Music").isDucked && ducked < full - 6, "ducked: \(ducked) dBFS against \(full)")
            try device.perform(.terminate(app: "Navigation"))
            _ = device.advance(by: .milliseconds(500))
            let restored = device.peakDBFS("Speaker")
            p.expect(!device.session("Music").isDucked && abs(restored - full) < 0.5, "back to full volume: \(restored) dBFS against \(full)")
            device.stop(music)
        },
        BuiltInCheck(["SESSION-INTERRUPT-RELAUNCH"], "a terminated app relaunched starts with a fresh, inactive session") { p in
            let device = try p.device()
            try device.launchApp("Music", .playback)
            p.expect(device.session("Music").isActive, "active before termination")
            try device.perform(.terminate(app: "Music"))
            try device.launchApp("Music", .playback, activate: false)
            p.expect(!device.session("Music").isActive, "the relaunched app's session is inactive")
            p.expect(device.session("Music").configuration.category, equals: .playback, "it has only what it set since relaunch")
            p.expect(device.isAudible("Music") == false, "nothing plays before it activates")
        },
    ] }

    static let began = AVAudioSession.InterruptionType.began.rawValue
    static let ended = AVAudioSession.InterruptionType.ended.rawValue

    static func interruptionTypes(_ log: NotificationLog) -> [UInt] {
        log.of(AVAudioSession.interruptionNotification).compactMap { $0.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt }
    }

    /// An active session whose app goes to the background without the audio key, is suspended,
    /// and comes back to the foreground; returns its notifications.
    static func suspendAndReturn(_ p: inout CheckProbe) throws -> NotificationLog {
        let device = try p.device()
        let log = try device.launchApp("Game", .soloAmbient, backgroundAudio: false)
        try device.perform(.background(app: "Game"))
        try device.perform(.suspend(app: "Game"))
        p.expect(!device.session("Game").isActive, "suspension takes the session back")
        try device.perform(.foreground(app: "Game"))
        return log
    }
}
