import AudioFiles
@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import CoreAudioTypes
import SimCore
import Soundcheck
import Testing

/// System Sound Services: a short sound over whatever plays, without touching anyone's session,
/// silent (or a vibration for alerts) with the ring/silent switch on silent.
@Suite("System sounds")
struct SystemSoundTests {
    /// A 1500 Hz beep of one second as a WAV file, and the device with a music queue at 500 Hz.
    static func setUp(seed: UInt64) throws -> (SimulatedDevice, AudioQueueFilePlayer, URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-beep-\(seed)-\(getpid()).wav")
        try TestToneFile.wav(frequency: 1500, amplitude: 0.5, sampleRate: 48_000, seconds: 1).write(to: url)
        let device = try SimulatedDevice(seed: seed)
        let music = try AudioQueueTests.mp3Player(frequency: 500)
        try AudioQueueTests.launch(device, "Music", category: .playback, player: music)
        try device.launch("Game") {
            try AVAudioSession.sharedInstance().setCategory(.ambient)
        }
        return (device, music, url)
    }

    static func playSound(_ device: SimulatedDevice, _ url: URL, alert: Bool) throws -> SystemSoundID {
        var id: SystemSoundID = 0
        try device.run(as: "Game") {
            try #require(AudioServicesCreateSystemSoundID(url as CFURL, &id) == kAudioServicesNoError)
            if alert { AudioServicesPlayAlertSound(id) } else { AudioServicesPlaySystemSound(id) }
        }
        return id
    }

    @Test("a system sound plays over another app's audio without interrupting or ducking it")
    func playsOverOthers() throws {
        let (device, music, url) = try Self.setUp(seed: 11)
        defer { try? FileManager.default.removeItem(at: url) }
        device.advance(to: .seconds(1))
        let id = try Self.playSound(device, url, alert: false)
        device.advance(to: .seconds(3))
        let speaker = try #require(device.sink("Speaker"))
        #expect(speaker.dominantFrequency(channel: 1, from: .milliseconds(200), to: .milliseconds(900)).map { abs($0 - 500) < 2 } == true)
        let together = try #require(speaker.level(channel: 1, from: .milliseconds(1200), to: .milliseconds(1900))).rms
        #expect(abs(together - 0.5) < 0.04, "beep and music together: \(together)")
        let after = try #require(speaker.level(channel: 1, from: .milliseconds(2200), to: .milliseconds(2900))).rms
        #expect(abs(after - 0.5 / 2.0.squareRoot()) < 0.03, "music alone again: \(after)")
        #expect(device.events("notify.interruption").isEmpty)
        #expect(music.runningChanges == [1])
        #expect(device.run(as: "Game") { AudioServicesDisposeSystemSoundID(id) } == kAudioServicesNoError)
        #expect(device.run(as: "Game") { AudioServicesDisposeSystemSoundID(id) } == kAudioServicesSystemSoundUnspecifiedError)
    }

    @Test("with the ring/silent switch on silent a system sound is not heard and an alert sound vibrates")
    func silentSwitch() throws {
        let (device, music, url) = try Self.setUp(seed: 12)
        defer { try? FileManager.default.removeItem(at: url) }
        defer { withExtendedLifetime(music) {} }
        try device.perform(.ringerSwitch(silent: true))
        device.advance(to: .seconds(1))
        _ = try Self.playSound(device, url, alert: false)
        _ = try Self.playSound(device, url, alert: true)
        device.advance(to: .seconds(2))
        let speaker = try #require(device.sink("Speaker"))
        let level = try #require(speaker.level(channel: 1, from: .milliseconds(1200), to: .milliseconds(1900))).rms
        #expect(abs(level - 0.5 / 2.0.squareRoot()) < 0.03, "only the music: \(level)")
        #expect(device.events("system.vibrate", app: "Game").count == 1)
        #expect(device.events("system.sound", app: "Game").count == 2)
    }
}
