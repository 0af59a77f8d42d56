import Foundation
import MediaServer
import OpenAVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// AVAudioPlayer through the harness: app code written against the facade, checked on the port sinks.
@Suite("AVAudioPlayer through the media server")
struct PlayerTests {
    /// A sine file written with AVAudioFile (32-bit float WAV) in a fresh temporary folder.
    static func toneFile(_ name: String, frequency: Double = 1000, amplitude: Float = 0.5, seconds: Double = 3,
                         rate: Double = 44_100, channels: Int = 1) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("\(name).wav")
        let settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: rate,
                                       AVNumberOfChannelsKey: channels, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true]
        let file = try AVAudioFile(forWriting: url, settings: settings)
        let frames = AVAudioFrameCount(seconds * rate)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: frames))
        buffer.frameLength = frames
        let data = try #require(buffer.floatChannelData)
        for channel in 0..<channels {
            for frame in 0..<Int(frames) {
                data[channel][frame] = amplitude * Float(sin(2 * Double.pi * frequency * Double(frame) / rate))
            }
        }
        try file.write(from: buffer)
        file.close()
        return url
    }

    static func launch(_ device: SimulatedDevice, _ name: String, category: AVAudioSession.Category,
                       backgroundAudio: Bool = true) throws {
        try device.launch(name, backgroundAudio: backgroundAudio) {
            try AVAudioSession.sharedInstance().setCategory(category)
            try AVAudioSession.sharedInstance().setActive(true)
        }
    }

    static func makePlayer(_ device: SimulatedDevice, _ app: String, _ url: URL) throws -> AVAudioPlayer {
        try device.run(as: app) { try AVAudioPlayer(contentsOf: url) }
    }

    /// First sample index at or after `from` whose magnitude exceeds a small threshold.
    static func firstSound(_ samples: [Float], from: Int = 0) -> Int? {
        samples[from...].firstIndex { abs($0) > 1e-4 }
    }

    final class FinishLog: AVAudioPlayerDelegate {
        var finishes: [(time: HostTime, successfully: Bool, app: String?)] = []
        let device: SimulatedDevice
        init(_ device: SimulatedDevice) { self.device = device }
        func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
            finishes.append((device.now, flag, AppContext.current?.app.name))
        }
    }

    @Test("PLAYER-INIT-LOCAL-URL-OR-DATA: a tone file plays on the speaker and moves to the headphones at the next IO cycle")
    func toneFollowsRoute() throws {
        let device = try SimulatedDevice(seed: 11)
        try Self.launch(device, "Player", category: .playback)
        let player = try Self.makePlayer(device, "Player", try Self.toneFile("tone"))
        #expect(player.duration == 3 && player.numberOfChannels == 1 && player.format.sampleRate == 44_100)
        #expect(device.run(as: "Player") { player.play() })
        device.advance(to: .seconds(1))
        try device.attach("wired-headphones")
        device.advance(to: .seconds(2))
        let speaker = try #require(device.sink("Speaker"))
        let headphones = try #require(device.sink("Wired Headphones"))
        for channel in 1...2 {
            let before = try #require(speaker.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(100), to: .milliseconds(900)))
            #expect(abs(before - 0.5) < 0.01)
            #expect(speaker.isSilent(channel: channel, from: .milliseconds(1100), to: .seconds(2)))
            let after = try #require(headphones.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(1100), to: .seconds(2)))
            #expect(abs(after - 0.5) < 0.01)
        }
        // The plug at frame 48,000 lies in the cycle [47,104, 48,128): the speaker plays it out.
        let samples = try #require(speaker.samples(channel: 1))
        #expect(samples[47_104..<48_128].contains { $0 != 0 })
        #expect(samples[48_128..<49_152].allSatisfy { $0 == 0 })
        #expect(abs(player.currentTime - 2) < 0.001)
    }

    @Test("PLAYER-INIT-LOCAL-URL-OR-DATA: a player made from data plays; bytes that are not audio throw Apple's file-type error")
    func dataInit() throws {
        let url = try Self.toneFile("data")
        let device = try SimulatedDevice(seed: 12)
        try Self.launch(device, "Player", category: .playback)
        let player = try device.run(as: "Player") { try AVAudioPlayer(data: try Data(contentsOf: url)) }
        #expect(player.url == nil && player.data != nil)
        #expect(device.run(as: "Player") { player.play() })
        device.advance(to: .seconds(1))
        let level = try #require(device.sink("Speaker")?.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .seconds(1)))
        #expect(abs(level - 0.5) < 0.01)
        #expect(throws: (any Error).self) { try AVAudioPlayer(data: Data("not audio at all".utf8)) }
        do {
            _ = try AVAudioPlayer(data: Data(repeating: 7, count: 4096))
            Issue.record("garbage data was accepted")
        } catch let error as NSError {
            #expect(error.domain == OpenAVFAudio.NSOSStatusErrorDomain)
            #expect(error.code == Int(kAudioFileUnsupportedFileTypeError) || error.code == Int(kAudioFileInvalidFileError))
        }
    }

    @Test("PLAYER-DID-FINISH: with numberOfLoops 0 the finish callback comes at the exact end, in the app's context")
    func finishAtExactEnd() throws {
        let device = try SimulatedDevice(seed: 13)
        try Self.launch(device, "Player", category: .playback)
        // 48 kHz file on 48 kHz hardware: 1 s = 48,000 frames from the start frame.
        let player = try Self.makePlayer(device, "Player", try Self.toneFile("short", seconds: 1, rate: 48_000))
        let log = FinishLog(device)
        player.delegate = log
        device.advance(to: .milliseconds(500))
        let startFrame = Int64(24_000)
        #expect(device.run(as: "Player") { player.play() })
        #expect(player.isPlaying)
        device.advance(to: .milliseconds(1400))
        #expect(log.finishes.isEmpty)
        device.advance(to: .seconds(3))
        #expect(log.finishes.count == 1)
        let finish = try #require(log.finishes.first)
        #expect(finish.successfully && finish.app == "Player")
        #expect(finish.time == SampleRate.hz48000.hostTime(at: SampleTime(frames: startFrame + 48_000), rounding: .up))
        #expect(!player.isPlaying && player.currentTime == 0)
        let samples = try #require(device.sink("Speaker")?.samples(channel: 1))
        #expect(Self.firstSound(samples) == Int(startFrame) + 1) // sin(0) = 0: the first sample is silent
        #expect(samples[72_000...].allSatisfy { $0 == 0 })
        #expect(samples[71_990..<72_000].contains { $0 != 0 })
    }

    @Test("PLAYER-LOOPS: numberOfLoops -1 keeps playing past the file's end; 1 plays twice and then finishes")
    func loops() throws {
        let device = try SimulatedDevice(seed: 14)
        try Self.launch(device, "Player", category: .playback)
        let url = try Self.toneFile("loop", seconds: 1, rate: 48_000)
        let forever = try Self.makePlayer(device, "Player", url)
        let twice = try Self.makePlayer(device, "Player", url)
        let log = FinishLog(device)
        forever.delegate = log
        twice.delegate = log
        forever.numberOfLoops = -1
        twice.numberOfLoops = 1
        twice.pan = 1
        forever.pan = -1
        device.run(as: "Player") { _ = forever.play(); _ = twice.play() }
        device.advance(to: .milliseconds(4500))
        let speaker = try #require(device.sink("Speaker"))
        #expect(forever.isPlaying && !twice.isPlaying)
        #expect(abs(forever.currentTime - 0.5) < 0.001)
        #expect(log.finishes.count == 1 && log.finishes[0].time == .init(nanoseconds: 2_000_000_000))
        let left = try #require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(3100), to: .milliseconds(4400)))
        #expect(abs(left - 0.5) < 0.01)
        #expect(!speaker.isSilent(channel: 2, from: .milliseconds(1100), to: .milliseconds(1900)))
        #expect(speaker.isSilent(channel: 2, from: .milliseconds(2000), to: .milliseconds(4400)))
    }

    @Test("SESSION-INTERRUPT-PLAYERS-PAUSE: an incoming call stops the player, keeps its playhead and sends no finish callback")
    func interruptionPauses() throws {
        let device = try SimulatedDevice(seed: 15)
        try Self.launch(device, "Player", category: .playback)
        let player = try Self.makePlayer(device, "Player", try Self.toneFile("call", seconds: 3, rate: 48_000))
        let log = FinishLog(device)
        player.delegate = log
        device.run(as: "Player") { _ = player.play() }
        device.advance(to: .seconds(1))
        try device.perform(.incomingCall(caller: "Mum"))
        #expect(!player.isPlaying)
        #expect(abs(player.currentTime - 1) < 0.001)
        device.advance(to: .seconds(5))
        #expect(log.finishes.isEmpty)
        let speaker = try #require(device.sink("Speaker"))
        #expect(!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(5)))
    }

    @Test("SESSION-CATEGORY-AMBIENT-SILENT-SWITCH: an ambient app's player is silenced by the ring/silent switch but keeps playing")
    func ambientSilenced() throws {
        let device = try SimulatedDevice(seed: 16)
        try Self.launch(device, "Game", category: .ambient)
        let player = try Self.makePlayer(device, "Game", try Self.toneFile("game"))
        device.run(as: "Game") { _ = player.play() }
        device.advance(to: .seconds(1))
        try device.perform(.ringerSwitch(silent: true))
        device.advance(to: .seconds(2))
        let speaker = try #require(device.sink("Speaker"))
        #expect(!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)))
        #expect(player.isPlaying && abs(player.currentTime - 2) < 0.001)
    }

    @Test("PLAYER-SYNCHRONIZED-START: two players started with play(atTime:) at the same time start on the same frame")
    func synchronizedStart() throws {
        let device = try SimulatedDevice(seed: 17)
        try Self.launch(device, "DJ", category: .playback)
        let a = try Self.makePlayer(device, "DJ", try Self.toneFile("a", frequency: 500, rate: 44_100))
        let b = try Self.makePlayer(device, "DJ", try Self.toneFile("b", frequency: 1500, rate: 48_000))
        a.pan = -1
        b.pan = 1
        device.advance(to: .milliseconds(333))
        device.run(as: "DJ") {
            let start = a.deviceCurrentTime + 0.2501
            #expect(a.play(atTime: start))
            device.advance(by: .milliseconds(37))
            #expect(b.play(atTime: start))
            #expect(a.isPlaying && b.isPlaying && a.currentTime == 0)
        }
        device.advance(to: .seconds(1))
        let speaker = try #require(device.sink("Speaker"))
        let left = try #require(speaker.samples(channel: 1))
        let right = try #require(speaker.samples(channel: 2))
        let expected = Int(SampleRate.hz48000.sampleTime(at: HostTime(nanoseconds: 583_100_000)).frames)
        // Both start on the same frame (sin(0) = 0, so sound begins within a frame or two of it).
        let startA = try #require(Self.firstSound(left))
        let startB = try #require(Self.firstSound(right))
        #expect(abs(startA - expected) <= 2 && abs(startB - expected) <= 2)
        #expect(left[..<expected].allSatisfy { $0 == 0 } && right[..<expected].allSatisfy { $0 == 0 })
        #expect(left[expected..<(expected + 4)].contains { $0 != 0 } && right[expected..<(expected + 4)].contains { $0 != 0 })
    }

    @Test("MULTICHANNEL-SELECTION-PLAYER-RECORDER: a mono player assigned to headphone-left plays only there in a multiRoute session")
    func channelAssignments() throws {
        let device = try SimulatedDevice(profile: "ipad", seed: 18)
        try device.attach("wired-headphones")
        try device.attach("hdmi:2")
        try Self.launch(device, "DJ", category: .multiRoute)
        let player = try Self.makePlayer(device, "DJ", try Self.toneFile("cue"))
        #expect(player.channelAssignments == nil)
        let left = try device.run(as: "DJ") {
            try #require(AVAudioSession.sharedInstance().currentRoute.outputs
                .first { $0.portType == .headphones }?.channels?.first)
        }
        player.channelAssignments = [left, left] // wrong count: ignored
        #expect(player.channelAssignments == nil)
        player.channelAssignments = [left]
        device.run(as: "DJ") { _ = player.play() }
        device.advance(to: .seconds(1))
        let headphones = try #require(device.sink("Wired Headphones"))
        let hdmi = try #require(device.sink("HDMIOutput-1"))
        let level = try #require(headphones.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .seconds(1)))
        #expect(abs(level - 0.5) < 0.01)
        #expect(headphones.isSilent(channel: 2, from: .zero, to: .seconds(1)))
        #expect(hdmi.isSilent(channel: 1, from: .zero, to: .seconds(1)) && hdmi.isSilent(channel: 2, from: .zero, to: .seconds(1)))
    }

    @Test("SESSION-RESET-ZOMBIES: after a media-services reset a player made before it returns false from play and renders nothing")
    func zombieAfterReset() throws {
        let device = try SimulatedDevice(seed: 19)
        try Self.launch(device, "Player", category: .playback)
        let url = try Self.toneFile("zombie")
        let player = try Self.makePlayer(device, "Player", url)
        device.run(as: "Player") { _ = player.play() }
        device.advance(to: .seconds(1))
        try device.perform(.mediaServerCrash(restartDelay: .milliseconds(500)))
        device.advance(to: .seconds(2))
        #expect(device.server.epoch == 1)
        #expect(!player.isPlaying)
        #expect(device.run(as: "Player") { player.play() } == false)
        #expect(!player.prepareToPlay())
        player.volume = 0.5
        player.currentTime = 1
        player.stop()
        device.advance(to: .seconds(3))
        let speaker = try #require(device.sink("Speaker"))
        let silent = speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(3))
        #expect(silent)
        // Rebuilding from scratch works.
        try device.run(as: "Player") {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let fresh = try Self.makePlayer(device, "Player", url)
        #expect(device.run(as: "Player") { fresh.play() })
        device.advance(to: .seconds(4))
        let rebuilt = try #require(device.sink("Speaker")).isSilent(channel: 1, from: .milliseconds(3100), to: .seconds(4))
        #expect(!rebuilt)
    }

    @Test("PLAYER-STOP-KEEPS-PLAYHEAD: stop keeps the playhead and play resumes from it; currentTime seeks")
    func stopKeepsPlayhead() throws {
        let device = try SimulatedDevice(seed: 20)
        try Self.launch(device, "Player", category: .playback)
        let player = try Self.makePlayer(device, "Player", try Self.toneFile("tape", seconds: 3, rate: 48_000))
        device.run(as: "Player") { _ = player.play() }
        device.advance(to: .milliseconds(750))
        player.stop()
        #expect(!player.isPlaying && player.currentTime == 0.75)
        device.advance(to: .seconds(1))
        device.run(as: "Player") { _ = player.play() }
        device.advance(to: .milliseconds(1250))
        #expect(player.currentTime == 1.0)
        player.currentTime = 2.5
        device.advance(to: .milliseconds(1500))
        #expect(player.currentTime == 2.75)
        player.pause()
        #expect(player.currentTime == 2.75 && !player.isPlaying)
    }

    @Test("PLAYER-METERING-DEFAULT-OFF: meters read -160 dB until metering is on; then they report the tone in dBFS")
    func metering() throws {
        let device = try SimulatedDevice(seed: 21)
        try Self.launch(device, "Player", category: .playback)
        let player = try Self.makePlayer(device, "Player", try Self.toneFile("meter"))
        device.run(as: "Player") { _ = player.play() }
        device.advance(to: .milliseconds(500))
        player.updateMeters()
        #expect(!player.isMeteringEnabled && player.averagePower(forChannel: 0) == -160)
        player.isMeteringEnabled = true
        player.updateMeters()
        // A 0.5 sine: peak −6.02 dBFS, RMS −9.03 dBFS.
        #expect(abs(player.peakPower(forChannel: 0) - -6.02) < 0.05)
        #expect(abs(player.averagePower(forChannel: 0) - -9.03) < 0.05)
        player.volume = 0.5
        player.updateMeters()
        #expect(abs(player.peakPower(forChannel: 0) - -12.04) < 0.05)
    }

    @Test("SESSION-ACTIVATE-ERR-BACKGROUND-AT-IO-START: a player started from the background by an app without background audio returns false")
    func backgroundRefused() throws {
        let device = try SimulatedDevice(seed: 22)
        try Self.launch(device, "Game", category: .soloAmbient, backgroundAudio: false)
        let player = try Self.makePlayer(device, "Game", try Self.toneFile("bg"))
        try device.perform(.background(app: "Game"))
        #expect(device.run(as: "Game") { player.play() } == false)
        #expect(!player.isPlaying)
    }
    @Test("PLAYER-RATE-ENABLE-FIRST: with enableRate set before prepareToPlay, rate 2 plays twice as fast; set after, it is ignored")
    func rate() throws {
        let device = try SimulatedDevice(seed: 23)
        try Self.launch(device, "Player", category: .playback)
        let url = try Self.toneFile("rate", seconds: 1, rate: 48_000)
        let fast = try Self.makePlayer(device, "Player", url)
        let late = try Self.makePlayer(device, "Player", url)
        let log = FinishLog(device)
        fast.delegate = log
        fast.enableRate = true
        fast.rate = 2
        #expect(fast.prepareToPlay())
        #expect(late.prepareToPlay())
        late.enableRate = true
        #expect(!late.enableRate)
        device.run(as: "Player") { _ = fast.play() }
        device.advance(to: .milliseconds(250))
        #expect(fast.currentTime == 0.5)
        device.advance(to: .seconds(1))
        #expect(log.finishes.count == 1 && log.finishes.first?.time == HostTime(nanoseconds: 500_000_000))
        let speaker = try #require(device.sink("Speaker"))
        let doubled = try #require(speaker.toneAmplitude(atFrequency: 2000, channel: 1, from: .milliseconds(50), to: .milliseconds(450)))
        #expect(abs(doubled - 0.5) < 0.01)
    }

    @Test("PLAYER-VOLUME: setVolume(_:fadeDuration:) ramps the level sample-accurately while playing")
    func volumeFade() throws {
        let device = try SimulatedDevice(seed: 24)
        try Self.launch(device, "Player", category: .playback)
        let player = try Self.makePlayer(device, "Player", try Self.toneFile("fade", seconds: 3, rate: 48_000))
        device.run(as: "Player") { _ = player.play() }
        device.advance(to: .seconds(1))
        player.setVolume(0.1, fadeDuration: 0.5)
        #expect(player.volume == 0.1)
        device.advance(to: .seconds(2))
        let speaker = try #require(device.sink("Speaker"))
        let full = try #require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        let faded = try #require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(1600), to: .seconds(2)))
        #expect(abs(full - 0.5) < 0.01 && abs(faded - 0.05) < 0.002)
        let middle = try #require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(1200), to: .milliseconds(1300)))
        #expect(middle < full && middle > faded)
    }
    @Test("the same player and recorder scenario run twice gives a byte-identical trace and identical audio")
    func deterministic() throws {
        let url = try Self.toneFile("twice", seconds: 1, rate: 44_100)
        func runOnce() throws -> (String, [Float]) {
            let device = try SimulatedDevice(seed: 25)
            try Self.launch(device, "Player", category: .playAndRecord)
            let player = try Self.makePlayer(device, "Player", url)
            player.numberOfLoops = 2
            let recorder = try device.run(as: "Player") {
                try AVAudioRecorder(url: url.deletingLastPathComponent().appendingPathComponent("rec.wav"),
                                    settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 1])
            }
            device.run(as: "Player") { _ = player.play(atTime: 0.123); _ = recorder.record(forDuration: 1.5) }
            device.advance(to: .milliseconds(700))
            player.currentTime = 0.25
            try device.perform(.incomingCall(caller: "Mum"))
            device.advance(to: .seconds(4))
            return (device.trace.contentHash, try #require(device.sink("Speaker")?.samples(channel: 1)))
        }
        let first = try runOnce()
        let second = try runOnce()
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
    }
}
