import Foundation
import MediaServer
import OpenAVFAudio
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

    static let all: [BuiltInCheck] = [
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
    ]

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
