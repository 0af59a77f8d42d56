import Foundation
import MediaServer
@testable import OpenAVFAudio
import SimCore
import Soundcheck
import Testing

/// The engine on the simulated device: started through the session, pulled by the device's IO
/// cycle through a RemoteIO unit, heard at the ports; configuration changes and media-services
/// resets as an app sees them.
@Suite("AVAudioEngine on the device")
struct EngineDeviceTests {
    static func launch(_ device: SimulatedDevice, _ name: String = "Game", category: AVAudioSession.Category = .playback) throws {
        try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(category)
            try AVAudioSession.sharedInstance().setActive(true)
        }
    }

    @Test("ENGINE-DEVICE-IO-CYCLE: a player through an EQ and a reverb reaches the speaker: the tone, then a decaying reverb tail")
    func playerThroughEffects() throws {
        let device = try SimulatedDevice(seed: 21)
        try Self.launch(device)
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

    @Test("ENGINE-TAP-RECEIVES-RENDERED: on the device a tap on the main mixer gets what the speaker plays, stamped with the IO cycle's host time")
    func tapOnDevice() throws {
        let device = try SimulatedDevice(seed: 22)
        try Self.launch(device)
        let tapped = CallLog<(samples: [Float], time: AVAudioTime)>()
        let engine = try device.run(as: "Game") { () throws -> AVAudioEngine in
            let engine = AVAudioEngine()
            let player = AVAudioPlayerNode()
            engine.attach(player)
            let tone = EngineSignals.tone(frequency: 1000, seconds: 1)
            engine.connect(player, to: engine.mainMixerNode, format: tone.format)
            player.scheduleBuffer(tone, at: nil, options: .loops)
            engine.mainMixerNode.installTap(onBus: 0, bufferSize: 4800, format: nil) { buffer, time in
                tapped.append((EngineSignals.samples(buffer, channel: 0), time))
            }
            try engine.start()
            player.play()
            return engine
        }
        device.advance(by: .seconds(1))
        #expect(engine.isRunning)
        #expect(tapped.values.count >= 8)
        let speaker = try #require(device.sink("Speaker")?.samples(channel: 1))
        let rate = engine.outputNode.outputFormat(forBus: 0).sampleRate
        for entry in tapped.values.prefix(8) {
            #expect(entry.time.isHostTimeValid && entry.time.isSampleTimeValid)
            let frame = Int((Double(entry.time.hostTime) * rate / 1e9).rounded())
            let matches = Array(speaker[frame..<frame + entry.samples.count]) == entry.samples
            #expect(matches, "tap block at \(entry.time) is not what the speaker played from frame \(frame)")
        }
    }

    @Test("ENGINE-MANUAL-EQUALS-DEVICE: the graph rendered offline equals what the device pulled, sample for sample")
    func offlineEqualsDevice() throws {
        func build(_ engine: AVAudioEngine) {
            let player = AVAudioPlayerNode()
            let reverb = AVAudioUnitReverb()
            engine.attach(player)
            engine.attach(reverb)
            // 44.1 kHz into a 48 kHz output: the mixer's libsoxr conversion is part of the comparison.
            let tone = EngineSignals.tone(frequency: 523, amplitude: 0.3, seconds: 0.5, rate: 44_100)
            tone.floatChannelData![0][0] = 0.3   // a first sample that is not 0 marks the start
            engine.connect(player, to: reverb, format: tone.format)
            engine.connect(reverb, to: engine.mainMixerNode, format: tone.format)
            reverb.loadFactoryPreset(.mediumRoom)
            reverb.wetDryMix = 40
            player.scheduleBuffer(tone)
            player.play()
        }
        let device = try SimulatedDevice(seed: 23)
        try Self.launch(device)
        let live = try device.run(as: "Game") { () throws -> AVAudioEngine in
            let engine = AVAudioEngine()
            build(engine)
            try engine.start()
            return engine
        }
        device.advance(by: .seconds(2))
        let rate = live.outputNode.outputFormat(forBus: 0).sampleRate
        let speaker = try #require(device.sink("Speaker")?.samples(channel: 1))
        let first = try #require(speaker.firstIndex { $0 != 0 })

        let offline = AVAudioEngine()
        try offline.enableManualRenderingMode(.offline, format: AVAudioFormat(standardFormatWithSampleRate: rate, channels: 2)!,
                                              maximumFrameCount: 4096)
        build(offline)
        try offline.start()
        let rendered = EngineSignals.samples(try EngineSignals.renderOffline(offline, seconds: 1, chunk: 1000), channel: 0)
        #expect(rendered[0] != 0)
        let matches = Array(speaker[first..<first + rendered.count]) == rendered
        #expect(matches)
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

    @Test("ENGINE-START-SESSION-ERRORS: start() from the background without the audio mode fails with cannotStartPlaying")
    func startRefused() throws {
        let device = try SimulatedDevice(seed: 25)
        try device.launch("Game", backgroundAudio: false) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
        }
        try device.perform(.background(app: "Game"))
        let code = device.run(as: "Game") { () -> Int? in
            let engine = AVAudioEngine()
            _ = engine.mainMixerNode
            do { try engine.start(); return nil } catch { return (error as NSError).code }
        }
        #expect(code == AVAudioSession.ErrorCode.cannotStartPlaying.rawValue)
    }

    @Test("ENGINE-ZOMBIE-AFTER-RESET: an engine from before a media-services reset stops and cannot start; a new one plays")
    func zombie() throws {
        let device = try SimulatedDevice(seed: 26)
        try Self.launch(device)
        func makeEngine() throws -> AVAudioEngine {
            try device.run(as: "Game") {
                let engine = AVAudioEngine()
                let player = AVAudioPlayerNode()
                engine.attach(player)
                let tone = EngineSignals.tone(frequency: 440, seconds: 1)
                engine.connect(player, to: engine.mainMixerNode, format: tone.format)
                player.scheduleBuffer(tone, at: nil, options: .loops)
                try engine.start()
                player.play()
                return engine
            }
        }
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

extension EngineDeviceTests {
    @Test("ENGINE-SINK-NODE-RECEIVES-INPUT: the input node brings the microphone into the graph: a sink node and a tap hear its tone")
    func microphoneInput() throws {
        let device = try SimulatedDevice(seed: 28)
        try Self.launch(device, "Memo", category: .playAndRecord)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.5))
        device.answerRecordPermission("Memo", granted: true)
        let received = CallLog<[Float]>()
        let tapped = CallLog<[Float]>()
        let engine = try device.run(as: "Memo") { () throws -> AVAudioEngine in
            let engine = AVAudioEngine()
            let input = engine.inputNode
            let format = input.outputFormat(forBus: 0)
            let sink = AVAudioSinkNode { _, frames, list in
                let buffer = UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: list))[0]
                received.append(Array(UnsafeBufferPointer(start: buffer.mData!.assumingMemoryBound(to: Float.self), count: Int(frames))))
                return 0
            }
            engine.attach(sink)
            engine.connect(input, to: sink, format: format)
            input.installTap(onBus: 0, bufferSize: 4800, format: nil) { buffer, _ in tapped.append(EngineSignals.samples(buffer, channel: 0)) }
            try engine.start()
            return engine
        }
        device.advance(by: .seconds(1))
        #expect(engine.isRunning && engine.inputNode.outputFormat(forBus: 0).sampleRate == 48_000)
        let heard = received.values.flatMap { $0 }
        #expect(heard.count > 40_000)
        #expect(abs(EngineSignals.amplitude(heard[4_800...], frequency: 440, rate: 48_000) - 0.5) < 0.02)
        let tap = tapped.values.flatMap { $0 }
        #expect(Array(tap.prefix(20_000)) == Array(heard.prefix(20_000)))
    }
}

extension EngineDeviceTests {
    @Test("ENGINE-PLAYER-CHANNEL-MISMATCH: a stereo buffer on a mono player is refused (Apple's exception, in the trace) and nothing plays")
    func channelMismatch() throws {
        let device = try SimulatedDevice(seed: 29)
        try Self.launch(device)
        let player = try device.run(as: "Game") { () throws -> AVAudioPlayerNode in
            let engine = AVAudioEngine()
            let player = AVAudioPlayerNode()
            engine.attach(player)
            engine.connect(player, to: engine.mainMixerNode, format: AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!)
            player.scheduleBuffer(EngineSignals.tone(frequency: 440, seconds: 1, channels: 2))
            try engine.start()
            player.play()
            return player
        }
        device.advance(by: .milliseconds(500))
        let exceptions = device.events("engine.exception", app: "Game")
        #expect(exceptions.count == 1)
        guard case let .string(reason)? = exceptions.first?.fields["reason"] else { Issue.record("no reason"); return }
        #expect(reason.contains("2 channels"))
        #expect(player.isPlaying)
        #expect(device.sink("Speaker")?.isSilent(channel: 1, from: .zero, to: .milliseconds(500)) == true)
    }

    @Test("ENGINE-START-PREPARES: pause keeps node time and playing players; stop starts node time again and pauses the players")
    func pauseAndStop() throws {
        let device = try SimulatedDevice(seed: 30)
        try Self.launch(device)
        let (engine, player) = try device.run(as: "Game") { () throws -> (AVAudioEngine, AVAudioPlayerNode) in
            let engine = AVAudioEngine()
            let player = AVAudioPlayerNode()
            engine.attach(player)
            let tone = EngineSignals.tone(frequency: 440, seconds: 1)
            engine.connect(player, to: engine.mainMixerNode, format: tone.format)
            player.scheduleBuffer(tone, at: nil, options: .loops)
            try engine.start()
            player.play()
            return (engine, player)
        }
        device.advance(by: .milliseconds(500))
        let before = try #require(player.lastRenderTime).sampleTime
        engine.pause()
        #expect(!engine.isRunning && player.isPlaying && player.lastRenderTime == nil)
        device.advance(by: .milliseconds(500))
        try device.run(as: "Game") { try engine.start() }
        device.advance(by: .milliseconds(100))
        #expect(try #require(player.lastRenderTime).sampleTime > before)
        engine.stop()
        #expect(!player.isPlaying)
        try device.run(as: "Game") { try engine.start() }
        device.advance(by: .milliseconds(100))
        #expect(try #require(player.lastRenderTime).sampleTime < before)
    }
}
