import AudioToolbox
import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck
import Testing

/// iOS 13's rule for system sounds while recording, checked at the speaker: muted (and no
/// vibration) while the app records, heard once it allows them.
@Suite("Session: system sounds and haptics during recording")
struct SessionRecordingSoundsTests {
    @Test("while the app records, its system sound is silent and a vibration does not happen; after allowHapticsAndSystemSoundsDuringRecording both do")
    func mutedWhileRecordingUnlessAllowed() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 19)
        try device.launch("Memo", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, options: [.defaultToSpeaker])
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.answerRecordPermission("Memo", granted: true)
        let url = try TypedHarnessTests.toneFile(frequency: 880, seconds: 0.4)
        var sound: SystemSoundID = 0
        #expect(AudioServicesCreateSystemSoundID(url as CFURL, &sound) == kAudioServicesNoError)
        defer { _ = AudioServicesDisposeSystemSoundID(sound) }
        device.startInput("Memo")
        device.advance(to: .milliseconds(500))
        device.run(as: "Memo") {
            #expect(!AVAudioSession.sharedInstance().allowHapticsAndSystemSoundsDuringRecording, "off by default")
            AudioServicesPlaySystemSound(sound)
            AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
        }
        device.advance(to: .milliseconds(1500))
        try device.run(as: "Memo") {
            try AVAudioSession.sharedInstance().setAllowHapticsAndSystemSoundsDuringRecording(true)
            AudioServicesPlaySystemSound(sound)
            AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
        }
        device.advance(to: .milliseconds(2500))

        #expect(!(try device.audio(at: .builtInSpeaker, from: .milliseconds(550), to: .milliseconds(850)).contains(tone: 880)))
        #expect(try device.audio(at: .builtInSpeaker, from: .milliseconds(1550), to: .milliseconds(1850)).contains(tone: 880))
        #expect(device.events(.systemVibrate, app: "Memo").map(\.time) == [.milliseconds(1500)], "only the allowed vibration")
        #expect(device.run(as: "Memo") { AVAudioSession.sharedInstance().allowHapticsAndSystemSoundsDuringRecording })
    }

    @Test("an app that does not record hears its system sound; before iOS 13 the setter is badParam")
    func notRecordingAndOldReleases() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 20)
        try device.launch("Game") {}
        let url = try TypedHarnessTests.toneFile(frequency: 880, seconds: 0.4)
        var sound: SystemSoundID = 0
        #expect(AudioServicesCreateSystemSoundID(url as CFURL, &sound) == kAudioServicesNoError)
        defer { _ = AudioServicesDisposeSystemSoundID(sound) }
        device.run(as: "Game") { AudioServicesPlaySystemSound(sound) }
        device.advance(to: .milliseconds(500))
        #expect(try device.audio(at: .builtInSpeaker, from: .milliseconds(50), to: .milliseconds(350)).contains(tone: 880))

        let old = try SimulatedDevice(profile: "iphone", platform: .ios8, seed: 20)
        try old.launch("Memo") {}
        let code = old.run(as: "Memo") { () -> Int? in
            do { try AVAudioSession.sharedInstance().setAllowHapticsAndSystemSoundsDuringRecording(true) } catch { return (error as NSError).code }
            return nil
        }
        #expect(code == AVAudioSession.ErrorCode.badParam.rawValue)
    }
}
