import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck

/// Behaviour that changed between releases is modelled as platform profiles; the same app gets
/// each release's documented behaviour.
enum PlatformProfileChecks {
    static func musicDuringAnsweredCall(on platform: PlatformProfile) throws -> (SimulatedDevice, MusicApp) {
        let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: 1)
        let music = try device.launchMusic()
        device.run(as: MusicApp.name) { music.play() }
        try device.perform(.incomingCall(caller: "Alice"))
        try device.perform(.answerCall)
        device.advance(by: .seconds(30))
        try device.perform(.hangUp)
        return (device, music)
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-INTERRUPT-CALL-ANSWERED-IOS6"],
                     "the 2012 talk — no ended after an accepted call") { p in
            let (device, music) = try musicDuringAnsweredCall(on: .ios6)
            p.expect(device.events("notify.interruption", app: MusicApp.name).map { $0.fields["type"] }, equals: ["began"], "the interruption notifications Music got for an answered call on iOS 6")
            p.expect(!music.isPlaying, "Music resumed after an answered call on iOS 6, which sends no ended")
        },
        BuiltInCheck(["SESSION-INTERRUPT-CALL-ANSWERED-IOS8"],
                     "the 2014 talk — ended after the call, and Music resumes") { p in
            let (device, music) = try musicDuringAnsweredCall(on: .ios8)
            p.expect(device.events("notify.interruption", app: MusicApp.name).map { $0.fields["type"] }, equals: ["began", "ended"], "the interruption notifications Music got for an answered call on iOS 8")
            p.expect(music.isPlaying, "Music did not resume after the answered call ended on iOS 8")
        },
        BuiltInCheck(["SESSION-INTERRUPT-REASON"],
                     "began carries a reason from iOS 14.5 on, not before") { p in
            for (platform, reason) in [(PlatformProfile.ios8, TraceValue?.none), (.ios17, "default")] {
                let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: 1)
                let music = try device.launchMusic()
                device.run(as: MusicApp.name) { music.play() }
                try device.perform(.alarm)
                p.expect(device.events("notify.interruption", app: MusicApp.name).first?.fields["reason"], equals: reason, "the reason key of an alarm's began on \(platform.description)")
            }
        },
        BuiltInCheck(["SESSION-DEACTIVATE-BUSY"],
                     "deactivating with running I/O — active before iOS 8, isBusy until 26, silent after") { p in
            let expectations: [(PlatformProfile, Int?, Bool)] = [
                (.ios6, AVAudioSession.ErrorCode.isBusy.rawValue, true),
                (.ios8, AVAudioSession.ErrorCode.isBusy.rawValue, false),
                (.ios26, nil, false),
            ]
            for (platform, code, staysActive) in expectations {
                let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: 1)
                try device.launch("Player", backgroundAudio: true) {
                    try AVAudioSession.sharedInstance().setCategory(.playback)
                    try AVAudioSession.sharedInstance().setActive(true)
                }
                try device.server.setIORunning(AppID("Player"), true)
                let error = device.run(as: "Player") { () -> Int? in
                    do {
                        try AVAudioSession.sharedInstance().setActive(false)
                        return nil
                    } catch {
                        return (error as NSError).code
                    }
                }
                p.expect(error == code, "\(platform)")
                p.expect(device.session("Player").isActive == staysActive, "\(platform)")
            }
        },
    ] }
}
