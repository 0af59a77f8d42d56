import Foundation
import MediaServer
import Soundcheck
import Testing

/// The Music app plays through an `AVAudioPlayer`, so what the system sees follows what it does.
@Suite("Music system app")
struct MusicAppTests {
    @Test("Music's tone reaches the speaker while it plays; pausing stops its I/O but keeps its session")
    func playAndPause() throws {
        let device = try SimulatedDevice(seed: 1)
        let music = try device.launchMusic()
        device.run(as: MusicApp.name) { music.play() }
        device.advance(to: .seconds(1))
        device.run(as: MusicApp.name) { music.pause() }
        device.advance(to: .seconds(2))
        #expect(!music.isPlaying)
        #expect(device.session(MusicApp.name).isActive, "pausing leaves the session active")
        #expect(device.events(.apiStartIO, app: MusicApp.name).map { $0.fields["result"] } == ["ok"])
        #expect(device.events(.apiStopIO, app: MusicApp.name).map { $0.fields["result"] } == ["ok"])
        let speaker = try #require(device.sink("Speaker"))
        let playing = try #require(speaker.toneAmplitude(atFrequency: Double(MusicApp.tone), channel: 1,
                                                         from: .milliseconds(100), to: .milliseconds(900)))
        #expect(abs(playing - 0.25) < 0.01, "the test tone at -12 dBFS: \(playing)")
        let paused = try #require(speaker.level(channel: 1, from: .milliseconds(1100), to: .milliseconds(1900)))
        #expect(paused.peak == 0, "silent once paused")
    }

    @Test("after a media-services reset Music plays again with a new player")
    func playsAfterReset() throws {
        let device = try SimulatedDevice(seed: 1)
        let music = try device.launchMusic()
        device.run(as: MusicApp.name) { music.play() }
        try device.perform(.mediaServerCrash(restartDelay: .milliseconds(250)))
        device.advance(to: .seconds(1))
        #expect(!music.isPlaying, "the old player died with the media server")
        device.run(as: MusicApp.name) { music.play() }
        device.advance(to: .seconds(2))
        #expect(music.isPlaying)
        let speaker = try #require(device.sink("Speaker"))
        let tone = try #require(speaker.toneAmplitude(atFrequency: Double(MusicApp.tone), channel: 1,
                                                      from: .milliseconds(1100), to: .milliseconds(1900)))
        #expect(tone > 0.2, "heard again: \(tone)")
    }
}
