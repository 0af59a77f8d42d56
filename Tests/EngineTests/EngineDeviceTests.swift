@testable import Conformance
import Foundation
import MediaServer
@testable import AVFAudio
import SimCore
import Soundcheck
import Testing

/// The engine on the simulated device: started through the session, pulled by the device's IO
/// cycle through a RemoteIO unit, heard at the ports; configuration changes and media-services
/// resets as an app sees them.
@Suite("AVAudioEngine on the device")
struct EngineDeviceTests {
    @Test("ENGINE-DEVICE-IO-CYCLE: a player through an EQ and a reverb reaches the speaker: the tone, then a decaying reverb tail")
    func playerThroughEffects() throws {
        let device = try SimulatedDevice(seed: 21)
        try EngineRenderingChecks.launch(device)
        let (engine, player) = try device.run(as: "Game") { () throws -> (AVAudioEngine, AVAudioPlayerNode) in
            let engine = AVAudioEngine()
            let player = AVAudioPlayerNode()
            let equalizer = AVAudioUnitEQ(numberOfBands: 1)
            let reverb = AVAudioUnitReverb()
            for node in [player, equalizer, reverb] as [AVAudioNode] { engine.attach(node) }
            let tone = EngineSignals.tone(frequency: 440, seconds: 0.5)
            engine.connect(player, to: equalizer, format: tone.format)
            engine.connect(equalizer, to: reverb, format: tone.format)
            engine.connect(reverb, to: engine.mainMixerNode, format: tone.format)
            equalizer.bands[0].filterType = .highPass
            equalizer.bands[0].frequency = 100
            equalizer.bands[0].bypass = false
            reverb.loadFactoryPreset(.largeHall)
            reverb.wetDryMix = 50
            player.scheduleBuffer(tone)
            try engine.start()
            player.play()
            return (engine, player)
        }
        #expect(engine.isRunning && player.isPlaying)
        let start = device.now
        device.advance(by: .seconds(3))
        let speaker = try #require(device.sink("Speaker"))
        let tone = try #require(speaker.toneAmplitude(atFrequency: 440, channel: 1, from: start + .milliseconds(100),
                                                      to: start + .milliseconds(450)))
        #expect(tone > 0.1)
        // After the buffer ends (0.5 s plus at most one IO buffer) the hall rings on and decays.
        let early = try #require(speaker.level(channel: 1, from: start + .milliseconds(600), to: start + .milliseconds(800)))
        let late = try #require(speaker.level(channel: 1, from: start + .milliseconds(1400), to: start + .milliseconds(1600)))
        #expect(early.rms > 0.001)
        #expect(late.rms < early.rms / 4)
        #expect(device.events("audio.client.added", app: nil).count >= 1)
        #expect(engine.mainMixerNode.lastRenderTime != nil)
    }

    @Test("ENGINE-CONFIGURATION-CHANGE: a 96 kHz USB interface stops the engine of an app written against Apple's API; it restarts at 96 kHz")
    func configurationChange() throws {
        let device = try SimulatedDevice(seed: 24)
        try device.launch("Game", backgroundAudio: true) {}
        let notifications = CallLog<AnyObject?>()
        let game = try device.run(as: "Game") { () throws -> GameAudioEngine in
            let game = GameAudioEngine(music: EngineSignals.tone(frequency: 440, amplitude: 0.25, seconds: 1))
            try game.start()
            return game
        }
        let observer = NotificationCenter.default.addObserver(forName: .AVAudioEngineConfigurationChange, object: game.engine,
                                                              queue: nil) { notifications.append($0.object as AnyObject?) }
        defer { NotificationCenter.default.removeObserver(observer) }
        #expect(game.outputSampleRate == 48_000 && game.isRunning)
        device.advance(by: .seconds(1))
        _ = try device.attach("usb-interface:2x2@96000")
        device.advance(by: .seconds(2))
        #expect(notifications.values.count == 1 && notifications.values.first.map { $0 === game.engine } == true)
        #expect(game.configurationChanges == 1)
        #expect(game.outputSampleRate == 96_000 && game.isRunning)
        let usb = try #require(device.server.currentRoute.outputs.first)
        let sink = try #require(device.sink(usb.uid))
        let tone = try #require(sink.toneAmplitude(atFrequency: 440, channel: 1, from: .milliseconds(1500), to: .milliseconds(2900)))
        #expect(tone > 0.02)
        #expect(game.meterPeaks.count > 20 && game.meterPeaks.suffix(5).allSatisfy { $0 > 0.05 })
        #expect(device.events("engine.configurationChange").count == 1)
    }

    @Test("ENGINE-ZOMBIE-AFTER-RESET: an engine from before a media-services reset stops and cannot start; a new one plays")
    func zombie() throws {
        let device = try SimulatedDevice(seed: 26)
        try EngineRenderingChecks.launch(device)
        func makeEngine() throws -> AVAudioEngine { try EngineRenderingChecks.startLoopingTone(device).0 }
        let old = try makeEngine()
        device.advance(by: .seconds(1))
        try device.perform(.mediaServerCrash(restartDelay: .milliseconds(100)))
        device.advance(by: .milliseconds(500))
        #expect(!old.isRunning)
        #expect(throws: (any Error).self) { try device.run(as: "Game") { try old.start() } }
        try device.run(as: "Game") { try AVAudioSession.sharedInstance().setActive(true) }
        let fresh = try makeEngine()
        let restart = device.now
        device.advance(by: .seconds(1))
        #expect(fresh.isRunning)
        let level = try #require(device.sink("Speaker")?.toneAmplitude(atFrequency: 440, channel: 1, from: restart + .milliseconds(100),
                                                                       to: restart + .milliseconds(900)))
        #expect(abs(level - 0.5) < 0.02)
    }
}
