import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck
import Testing
import UIKit
import VirtualDevices

/// The interruption preferences of iOS 14.5 and 17, checked at the port: a ringing call leaves a
/// session that prefers no alert interruptions audible until the user answers, and a Now Playing
/// session that keeps `prefersInterruptionOnRouteDisconnect` goes silent when its headphones go.
@Suite("Session preferences: system alerts and route disconnects")
struct SessionAlertAndDisconnectTests {
    /// A player app playing a 440 Hz tone from 0 s; a call rings at 1 s, is answered at 2 s and hung up at 3 s.
    private func ringAnswerHangUp(platform: PlatformProfile, prefers: Bool) throws -> SimulatedDevice {
        let url = try TypedHarnessTests.toneFile(frequency: 440, seconds: 6)
        let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: 7)
        try device.launch("Player", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playback)
            try session.setPrefersNoInterruptionsFromSystemAlerts(prefers)
            try session.setActive(true)
        }
        let player = try device.run(as: "Player") { try AVAudioPlayer(contentsOf: url) }
        device.run(as: "Player") { _ = player.play() }
        device.advance(to: .seconds(1))
        try device.perform(.incomingCall(caller: "Alice"))
        device.advance(to: .seconds(2))
        try device.perform(.answerCall)
        device.advance(to: .seconds(3))
        try device.perform(.hangUp)
        device.advance(to: .seconds(4))
        return device
    }

    @Test("with prefersNoInterruptionsFromSystemAlerts a ringing call leaves the player audible at the speaker; answering interrupts it, hanging up ends it")
    func ringingCallSparesThePlayer() throws {
        let device = try ringAnswerHangUp(platform: .ios17, prefers: true)
        #expect(device.run(as: "Player") { AVAudioSession.sharedInstance().prefersNoInterruptionsFromSystemAlerts })
        let ringing = try device.audio(at: .builtInSpeaker, from: .milliseconds(1100), to: .milliseconds(1900))
        #expect(ringing.contains(tone: 440), "audible while the call rings")
        let answered = try device.audio(at: .builtInSpeaker, from: .milliseconds(2100), to: .milliseconds(2900))
        #expect(!answered.contains(tone: 440), "silent once the call is answered")
        #expect(device.notifications(for: "Player") == [.interruption(.began), .interruption(.ended(shouldResume: true))])
        #expect(device.postedNotifications(for: "Player").first?.time == .seconds(2), "interrupted when answered, not when ringing")
        #expect(device.records.contains { $0.fact == .alertSpared(app: "Player", source: "phoneCall") })
        #expect(device.records.contains { if case let .api(call) = $0.fact { call.call == .apiSetPrefersNoInterruptionsFromSystemAlerts } else { false } })
    }

    @Test("without the preference, or before iOS 14.5, the ringing call interrupts at once and the player is silent while it rings")
    func ringingCallInterruptsOtherwise() throws {
        for (platform, prefers) in [(PlatformProfile.ios17, false), (.ios8, true)] {
            let device = try ringAnswerHangUp(platform: platform, prefers: prefers)
            let before = try device.audio(at: .builtInSpeaker, from: .milliseconds(200), to: .milliseconds(900))
            #expect(before.contains(tone: 440), "playing before the call (\(platform))")
            let ringing = try device.audio(at: .builtInSpeaker, from: .milliseconds(1100), to: .milliseconds(1900))
            #expect(!ringing.contains(tone: 440), "silent while the call rings (\(platform))")
            #expect(device.postedNotifications(for: "Player").first?.time == .seconds(1))
            #expect(!device.records.contains { if case .alertSpared = $0.fact { true } else { false } })
        }
    }

    @Test("a declined call never interrupts a session that prefers no alert interruptions")
    func declinedCallLeavesSessionAlone() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 8)
        try device.launch("Player", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setPrefersNoInterruptionsFromSystemAlerts(true)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        try device.perform(.incomingCall(caller: "Bob"))
        device.advance(by: .seconds(1))
        try device.perform(.declineCall)
        #expect(device.notifications(for: "Player").isEmpty)
        #expect(device.session("Player").isActive)
    }

    @Test("an alarm interrupts a session that prefers no alert interruptions, unless the run's settings count alarms as alerts; Siri always does")
    func alarmsFollowTheSetting() throws {
        let url = try TypedHarnessTests.toneFile(frequency: 440, seconds: 4)
        for alarmsAreAlerts in [false, true] {
            let settings = ActivationSettings(alertsSparedByPreference: alarmsAreAlerts ? [.phoneCall, .alarm] : [.phoneCall])
            let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 10, activationSettings: settings)
            try device.launch("Player", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setPrefersNoInterruptionsFromSystemAlerts(true)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            let player = try device.run(as: "Player") { try AVAudioPlayer(contentsOf: url) }
            device.run(as: "Player") { _ = player.play() }
            try device.perform(.alarm)
            device.advance(to: .seconds(1))
            let during = try device.audio(at: .builtInSpeaker, from: .milliseconds(200), to: .milliseconds(900))
            #expect(during.contains(tone: 440) == alarmsAreAlerts)
            #expect(device.session("Player").isActive == alarmsAreAlerts)
            try device.perform(.dismissAlarm)
            if alarmsAreAlerts {
                try device.perform(.siri)
                #expect(device.notifications(for: "Player") == [.interruption(.began)], "Siri is not an alert")
            }
        }
    }

    /// A Now Playing music app playing a 440 Hz tone on wired headphones, unplugged at 1 s.
    private func unplugWhilePlaying(prefers: Bool) throws -> SimulatedDevice {
        let url = try TypedHarnessTests.toneFile(frequency: 440, seconds: 4)
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 9)
        let headphones = try device.attach("wired-headphones")
        try device.launch("Music", backgroundAudio: true) {
            UIApplication.shared.beginReceivingRemoteControlEvents()
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playback)
            try session.setPrefersInterruptionOnRouteDisconnect(prefers)
            try session.setActive(true)
        }
        let player = try device.run(as: "Music") { try AVAudioPlayer(contentsOf: url) }
        device.run(as: "Music") { _ = player.play() }
        device.advance(to: .seconds(1))
        try device.detach(headphones)
        device.advance(to: .seconds(2))
        return device
    }

    @Test("with prefersInterruptionOnRouteDisconnect an unplug posts an interruption with reason routeDisconnected and the player is silent at the speaker")
    func unplugInterruptsNowPlaying() throws {
        let device = try unplugWhilePlaying(prefers: true)
        let before = try device.audio(at: "Wired Headphones", from: .milliseconds(200), to: .milliseconds(900))
        #expect(before.contains(tone: 440))
        let after = try device.audio(at: .builtInSpeaker, from: .milliseconds(1100), to: .milliseconds(1900))
        #expect(after.isSilent, "the interrupted player does not move to the speaker")
        let posted = device.postedNotifications(for: "Music")
        #expect(posted.map(\.notification) == [.routeChange(.oldDeviceUnavailable, previous: RouteDescription(
            outputs: [TracedPort(type: .headphones, uid: "Wired Headphones")], inputs: [])), .interruption(.began)])
        #expect(posted.last?.interruptionReason == .routeDisconnected)
    }

    @Test("having opted out, the unplugged player only changes route and plays on at the speaker")
    func optOutKeepsPlaying() throws {
        let device = try unplugWhilePlaying(prefers: false)
        let after = try device.audio(at: .builtInSpeaker, from: .milliseconds(1100), to: .milliseconds(1900))
        #expect(after.contains(tone: 440))
        #expect(device.notifications(for: "Music").count == 1)
    }
}
