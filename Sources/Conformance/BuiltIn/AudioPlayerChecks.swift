import Foundation
import MediaServer
import OpenAVFAudio
import SimCore
import Soundcheck
import VirtualDevices

/// AVAudioPlayer through the harness: app code written against the facade, checked on the port sinks.
enum AudioPlayerChecks {
    /// A sine file written with AVAudioFile (32-bit float WAV) in a fresh temporary folder.
    static func toneFile(_ name: String, frequency: Double = 1000, amplitude: Float = 0.5, seconds: Double = 3,
                         rate: Double = 44_100, channels: Int = 1) throws -> URL {
        let folder = try FileChecks.uniqueScratch("player")
        let url = folder.appendingPathComponent("\(name).wav")
        let settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: rate,
                                       AVNumberOfChannelsKey: channels, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true]
        let file = try AVAudioFile(forWriting: url, settings: settings)
        let frames = AVAudioFrameCount(seconds * rate)
        let buffer = try CheckProbe.required(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: frames))
        buffer.frameLength = frames
        let data = try CheckProbe.required(buffer.floatChannelData)
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

    /// Mono 48 kHz, 0.5 amplitude: 440 Hz for the first 1.5 s, then 880 Hz to the end at 3 s, so
    /// what reaches the speaker tells which part of the file is playing.
    static func twoToneFile() throws -> URL {
        let url = try toneFile("two-tone", frequency: 440, seconds: 3, rate: 48_000)
        let file = try AVAudioFile(forReading: url)
        let buffer = try CheckProbe.required(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 144_000))
        try file.read(into: buffer)
        let data = try CheckProbe.required(buffer.floatChannelData)
        for frame in 72_000..<144_000 { data[0][frame] = 0.5 * Float(sin(2 * Double.pi * 880 * Double(frame) / 48_000)) }
        let rewritten = try AVAudioFile(forWriting: url, settings: file.fileFormat.settings)
        try rewritten.write(from: buffer)
        rewritten.close()
        return url
    }

    static let all: [BuiltInCheck] = [
        BuiltInCheck(["PLAYER-INIT-LOCAL-URL-OR-DATA"],
                     "a tone file plays on the speaker and moves to the headphones at the next IO cycle") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 11)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("tone"))
            p.expect(player.duration == 3 && player.numberOfChannels == 1 && player.format.sampleRate == 44_100, "player.duration == 3 && player.numberOfChannels == 1 && player.format.sampleRate == 44_100")
            p.expect(device.run(as: "Player") { player.play() }, "device.run(as: \"Player\") { player.play() }")
            device.advance(to: .seconds(1))
            try device.attach("wired-headphones")
            device.advance(to: .seconds(2))
            let speaker = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")")
            let headphones = try p.require(device.sink("Wired Headphones"), "device.sink(\"Wired Headphones\")")
            for channel in 1...2 {
                let before = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(100), to: .milliseconds(900)), "speaker.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(100), to: .milliseconds(900))")
                p.expect(abs(before - 0.5) < 0.01, "abs(before - 0.5) < 0.01")
                p.expect(speaker.isSilent(channel: channel, from: .milliseconds(1100), to: .seconds(2)), "speaker.isSilent(channel: channel, from: .milliseconds(1100), to: .seconds(2))")
                let after = try p.require(headphones.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(1100), to: .seconds(2)), "headphones.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(1100), to: .seconds(2))")
                p.expect(abs(after - 0.5) < 0.01, "abs(after - 0.5) < 0.01")
            }
            // The plug at frame 48,000 lies in the cycle [47,104, 48,128): the speaker plays it out.
            let samples = try p.require(speaker.samples(channel: 1), "speaker.samples(channel: 1)")
            p.expect(samples[47_104..<48_128].contains { $0 != 0 }, "samples[47_104..<48_128].contains { $0 != 0 }")
            p.expect(samples[48_128..<49_152].allSatisfy { $0 == 0 }, "samples[48_128..<49_152].allSatisfy { $0 == 0 }")
            p.expect(abs(player.currentTime - 2) < 0.001, "abs(player.currentTime - 2) < 0.001")
        },
        BuiltInCheck(["PLAYER-INIT-LOCAL-URL-OR-DATA"],
                     "a player made from data plays; bytes that are not audio throw Apple's file-type error") { p in
            let url = try Self.toneFile("data")
            let device = try SimulatedDevice(platform: p.platform, seed: 12)
            try Self.launch(device, "Player", category: .playback)
            let player = try device.run(as: "Player") { try AVAudioPlayer(data: try Data(contentsOf: url)) }
            p.expect(player.url == nil && player.data != nil, "player.url == nil && player.data != nil")
            p.expect(device.run(as: "Player") { player.play() }, "device.run(as: \"Player\") { player.play() }")
            device.advance(to: .seconds(1))
            let level = try p.require(device.sink("Speaker")?.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .seconds(1)), "device.sink(\"Speaker\")?.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .seconds(1))")
            p.expect(abs(level - 0.5) < 0.01, "abs(level - 0.5) < 0.01")
            p.expect((try? AVAudioPlayer(data: Data("not audio at all".utf8))) == nil, "text is refused")
            do {
                _ = try AVAudioPlayer(data: Data(repeating: 7, count: 4096))
                p.expect(false, "garbage data was accepted")
            } catch let error as NSError {
                p.expect(error.domain == OpenAVFAudio.NSOSStatusErrorDomain, "error.domain == OpenAVFAudio.NSOSStatusErrorDomain")
                p.expect(error.code == Int(kAudioFileUnsupportedFileTypeError) || error.code == Int(kAudioFileInvalidFileError), "error.code == Int(kAudioFileUnsupportedFileTypeError) || error.code == Int(kAudioFileInvalidFileError)")
            }
        },
        BuiltInCheck(["PLAYER-DID-FINISH"],
                     "with numberOfLoops 0 the finish callback comes at the exact end, in the app's context") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 13)
            try Self.launch(device, "Player", category: .playback)
            // 48 kHz file on 48 kHz hardware: 1 s = 48,000 frames from the start frame.
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("short", seconds: 1, rate: 48_000))
            let log = FinishLog(device)
            player.delegate = log
            device.advance(to: .milliseconds(500))
            let startFrame = Int64(24_000)
            p.expect(device.run(as: "Player") { player.play() }, "device.run(as: \"Player\") { player.play() }")
            p.expect(player.isPlaying, "player.isPlaying")
            device.advance(to: .milliseconds(1400))
            p.expect(log.finishes.isEmpty, "log.finishes.isEmpty")
            device.advance(to: .seconds(3))
            p.expect(log.finishes.count == 1, "log.finishes.count == 1")
            let finish = try p.require(log.finishes.first, "log.finishes.first")
            p.expect(finish.successfully && finish.app == "Player", "finish.successfully && finish.app == \"Player\"")
            p.expect(finish.time == SampleRate.hz48000.hostTime(at: SampleTime(frames: startFrame + 48_000), rounding: .up), "finish.time == SampleRate.hz48000.hostTime(at: SampleTime(frames: startFrame + 48_000), rounding: .up)")
            p.expect(!player.isPlaying && player.currentTime == 0, "!player.isPlaying && player.currentTime == 0")
            let samples = try p.require(device.sink("Speaker")?.samples(channel: 1), "device.sink(\"Speaker\")?.samples(channel: 1)")
            p.expect(Self.firstSound(samples) == Int(startFrame) + 1, "Self.firstSound(samples) == Int(startFrame) + 1") // sin(0) = 0: the first sample is silent
            p.expect(samples[72_000...].allSatisfy { $0 == 0 }, "samples[72_000...].allSatisfy { $0 == 0 }")
            p.expect(samples[71_990..<72_000].contains { $0 != 0 }, "samples[71_990..<72_000].contains { $0 != 0 }")
        },
        BuiltInCheck(["PLAYER-LOOPS"],
                     "numberOfLoops -1 keeps playing past the file's end; 1 plays twice and then finishes") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 14)
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
            let speaker = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")")
            p.expect(forever.isPlaying && !twice.isPlaying, "forever.isPlaying && !twice.isPlaying")
            p.expect(abs(forever.currentTime - 0.5) < 0.001, "abs(forever.currentTime - 0.5) < 0.001")
            p.expect(log.finishes.count == 1 && log.finishes[0].time == .init(nanoseconds: 2_000_000_000), "log.finishes.count == 1 && log.finishes[0].time == .init(nanoseconds: 2_000_000_000)")
            let left = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(3100), to: .milliseconds(4400)), "speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(3100), to: .milliseconds(4400))")
            p.expect(abs(left - 0.5) < 0.01, "abs(left - 0.5) < 0.01")
            p.expect(!speaker.isSilent(channel: 2, from: .milliseconds(1100), to: .milliseconds(1900)), "!speaker.isSilent(channel: 2, from: .milliseconds(1100), to: .milliseconds(1900))")
            p.expect(speaker.isSilent(channel: 2, from: .milliseconds(2000), to: .milliseconds(4400)), "speaker.isSilent(channel: 2, from: .milliseconds(2000), to: .milliseconds(4400))")
        },
        BuiltInCheck(["SESSION-INTERRUPT-PLAYERS-PAUSE"],
                     "an incoming call stops the player, keeps its playhead and sends no finish callback") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 15)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("call", seconds: 3, rate: 48_000))
            let log = FinishLog(device)
            player.delegate = log
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .seconds(1))
            try device.perform(.incomingCall(caller: "Mum"))
            p.expect(!player.isPlaying, "!player.isPlaying")
            p.expect(abs(player.currentTime - 1) < 0.001, "abs(player.currentTime - 1) < 0.001")
            device.advance(to: .seconds(5))
            p.expect(log.finishes.isEmpty, "log.finishes.isEmpty")
            let speaker = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")")
            p.expect(!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)), "!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900))")
            p.expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(5)), "speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(5))")
        },
        BuiltInCheck(["SESSION-CATEGORY-AMBIENT-SILENT-SWITCH"],
                     "an ambient app's player is silenced by the ring/silent switch but keeps playing") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 16)
            try Self.launch(device, "Game", category: .ambient)
            let player = try Self.makePlayer(device, "Game", try Self.toneFile("game"))
            device.run(as: "Game") { _ = player.play() }
            device.advance(to: .seconds(1))
            try device.perform(.ringerSwitch(silent: true))
            device.advance(to: .seconds(2))
            let speaker = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")")
            p.expect(!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)), "!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900))")
            p.expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)), "speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2))")
            p.expect(player.isPlaying && abs(player.currentTime - 2) < 0.001, "player.isPlaying && abs(player.currentTime - 2) < 0.001")
        },
        BuiltInCheck(["PLAYER-SYNCHRONIZED-START"],
                     "two players started with play(atTime:) at the same time start on the same frame") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 17)
            try Self.launch(device, "DJ", category: .playback)
            let a = try Self.makePlayer(device, "DJ", try Self.toneFile("a", frequency: 500, rate: 44_100))
            let b = try Self.makePlayer(device, "DJ", try Self.toneFile("b", frequency: 1500, rate: 48_000))
            a.pan = -1
            b.pan = 1
            device.advance(to: .milliseconds(333))
            device.run(as: "DJ") {
                let start = a.deviceCurrentTime + 0.2501
                p.expect(a.play(atTime: start), "a.play(atTime: start)")
                device.advance(by: .milliseconds(37))
                p.expect(b.play(atTime: start), "b.play(atTime: start)")
                p.expect(a.isPlaying && b.isPlaying && a.currentTime == 0, "a.isPlaying && b.isPlaying && a.currentTime == 0")
            }
            device.advance(to: .seconds(1))
            let speaker = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")")
            let left = try p.require(speaker.samples(channel: 1), "speaker.samples(channel: 1)")
            let right = try p.require(speaker.samples(channel: 2), "speaker.samples(channel: 2)")
            let expected = Int(SampleRate.hz48000.sampleTime(at: HostTime(nanoseconds: 583_100_000)).frames)
            // Both start on the same frame (sin(0) = 0, so sound begins within a frame or two of it).
            let startA = try p.require(Self.firstSound(left), "Self.firstSound(left)")
            let startB = try p.require(Self.firstSound(right), "Self.firstSound(right)")
            p.expect(abs(startA - expected) <= 2 && abs(startB - expected) <= 2, "abs(startA - expected) <= 2 && abs(startB - expected) <= 2")
            p.expect(left[..<expected].allSatisfy { $0 == 0 } && right[..<expected].allSatisfy { $0 == 0 }, "left[..<expected].allSatisfy { $0 == 0 } && right[..<expected].allSatisfy { $0 == 0 }")
            p.expect(left[expected..<(expected + 4)].contains { $0 != 0 } && right[expected..<(expected + 4)].contains { $0 != 0 }, "left[expected..<(expected + 4)].contains { $0 != 0 } && right[expected..<(expected + 4)].contains { $0 != 0 }")
        },
        BuiltInCheck(["MULTICHANNEL-SELECTION-PLAYER-RECORDER"],
                     "a mono player assigned to headphone-left plays only there in a multiRoute session") { p in
            let device = try SimulatedDevice(profile: "ipad", platform: p.platform, seed: 18)
            try device.attach("wired-headphones")
            try device.attach("hdmi:2")
            try Self.launch(device, "DJ", category: .multiRoute)
            let player = try Self.makePlayer(device, "DJ", try Self.toneFile("cue"))
            p.expect(player.channelAssignments == nil, "player.channelAssignments == nil")
            let left = try device.run(as: "DJ") {
                try p.require(AVAudioSession.sharedInstance().currentRoute.outputs
                    .first { $0.portType == .headphones }?.channels?.first, "AVAudioSession.sharedInstance().currentRoute.outputs .first { $0.portType == .headphones }?.channels?.first")
            }
            player.channelAssignments = [left, left] // wrong count: ignored
            p.expect(player.channelAssignments == nil, "player.channelAssignments == nil")
            player.channelAssignments = [left]
            device.run(as: "DJ") { _ = player.play() }
            device.advance(to: .seconds(1))
            let headphones = try p.require(device.sink("Wired Headphones"), "device.sink(\"Wired Headphones\")")
            let hdmi = try p.require(device.sink("HDMIOutput-1"), "device.sink(\"HDMIOutput-1\")")
            let level = try p.require(headphones.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .seconds(1)), "headphones.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .seconds(1))")
            p.expect(abs(level - 0.5) < 0.01, "abs(level - 0.5) < 0.01")
            p.expect(headphones.isSilent(channel: 2, from: .zero, to: .seconds(1)), "headphones.isSilent(channel: 2, from: .zero, to: .seconds(1))")
            p.expect(hdmi.isSilent(channel: 1, from: .zero, to: .seconds(1)) && hdmi.isSilent(channel: 2, from: .zero, to: .seconds(1)), "hdmi.isSilent(channel: 1, from: .zero, to: .seconds(1)) && hdmi.isSilent(channel: 2, from: .zero, to: .seconds(1))")
        },
        BuiltInCheck(["SESSION-RESET-ZOMBIES"],
                     "after a media-services reset a player made before it returns false from play and renders nothing") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 19)
            try Self.launch(device, "Player", category: .playback)
            let url = try Self.toneFile("zombie")
            let player = try Self.makePlayer(device, "Player", url)
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .seconds(1))
            try device.perform(.mediaServerCrash(restartDelay: .milliseconds(500)))
            device.advance(to: .seconds(2))
            p.expect(device.server.epoch == 1, "device.server.epoch == 1")
            p.expect(!player.isPlaying, "!player.isPlaying")
            p.expect(device.run(as: "Player") { player.play() } == false, "device.run(as: \"Player\") { player.play() } == false")
            p.expect(!player.prepareToPlay(), "!player.prepareToPlay()")
            player.volume = 0.5
            player.currentTime = 1
            player.stop()
            device.advance(to: .seconds(3))
            let speaker = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")")
            let silent = speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(3))
            p.expect(silent, "silent")
            // Rebuilding from scratch works.
            try device.run(as: "Player") {
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            let fresh = try Self.makePlayer(device, "Player", url)
            p.expect(device.run(as: "Player") { fresh.play() }, "device.run(as: \"Player\") { fresh.play() }")
            device.advance(to: .seconds(4))
            let rebuilt = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")").isSilent(channel: 1, from: .milliseconds(3100), to: .seconds(4))
            p.expect(!rebuilt, "!rebuilt")
        },
        BuiltInCheck(["PLAYER-STOP-KEEPS-PLAYHEAD"],
                     "stop keeps the playhead and play resumes from it; currentTime seeks") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 20)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("tape", seconds: 3, rate: 48_000))
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .milliseconds(750))
            player.stop()
            p.expect(!player.isPlaying && player.currentTime == 0.75, "!player.isPlaying && player.currentTime == 0.75")
            device.advance(to: .seconds(1))
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .milliseconds(1250))
            p.expect(player.currentTime == 1.0, "player.currentTime == 1.0")
            player.currentTime = 2.5
            device.advance(to: .milliseconds(1500))
            p.expect(player.currentTime == 2.75, "player.currentTime == 2.75")
            player.pause()
            p.expect(player.currentTime == 2.75 && !player.isPlaying, "player.currentTime == 2.75 && !player.isPlaying")
        },
        BuiltInCheck(["PLAYER-METERING-DEFAULT-OFF"],
                     "meters read -160 dB until metering is on; then they report the tone in dBFS") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 21)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("meter"))
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .milliseconds(500))
            player.updateMeters()
            p.expect(!player.isMeteringEnabled && player.averagePower(forChannel: 0) == -160, "!player.isMeteringEnabled && player.averagePower(forChannel: 0) == -160")
            player.isMeteringEnabled = true
            player.updateMeters()
            // A 0.5 sine: peak −6.02 dBFS, RMS −9.03 dBFS.
            p.expect(abs(player.peakPower(forChannel: 0) - -6.02) < 0.05, "abs(player.peakPower(forChannel: 0) - -6.02) < 0.05")
            p.expect(abs(player.averagePower(forChannel: 0) - -9.03) < 0.05, "abs(player.averagePower(forChannel: 0) - -9.03) < 0.05")
            player.volume = 0.5
            player.updateMeters()
            p.expect(abs(player.peakPower(forChannel: 0) - -12.04) < 0.05, "abs(player.peakPower(forChannel: 0) - -12.04) < 0.05")
        },
        BuiltInCheck(["SESSION-ACTIVATE-ERR-BACKGROUND-AT-IO-START"],
                     "a player started from the background by an app without background audio returns false") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 22)
            try Self.launch(device, "Game", category: .soloAmbient, backgroundAudio: false)
            let player = try Self.makePlayer(device, "Game", try Self.toneFile("bg"))
            try device.perform(.background(app: "Game"))
            p.expect(device.run(as: "Game") { player.play() } == false, "device.run(as: \"Game\") { player.play() } == false")
            p.expect(!player.isPlaying, "!player.isPlaying")
        },
        BuiltInCheck(["PLAYER-RATE-ENABLE-FIRST"],
                     "with enableRate set before prepareToPlay, rate 2 plays twice as fast; set after, it is ignored") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 23)
            try Self.launch(device, "Player", category: .playback)
            let url = try Self.toneFile("rate", seconds: 1, rate: 48_000)
            let fast = try Self.makePlayer(device, "Player", url)
            let late = try Self.makePlayer(device, "Player", url)
            let log = FinishLog(device)
            fast.delegate = log
            fast.enableRate = true
            fast.rate = 2
            p.expect(fast.prepareToPlay(), "fast.prepareToPlay()")
            p.expect(late.prepareToPlay(), "late.prepareToPlay()")
            late.enableRate = true
            p.expect(!late.enableRate, "!late.enableRate")
            device.run(as: "Player") { _ = fast.play() }
            device.advance(to: .milliseconds(250))
            p.expect(fast.currentTime == 0.5, "fast.currentTime == 0.5")
            device.advance(to: .seconds(1))
            p.expect(log.finishes.count == 1 && log.finishes.first?.time == HostTime(nanoseconds: 500_000_000), "log.finishes.count == 1 && log.finishes.first?.time == HostTime(nanoseconds: 500_000_000)")
            let speaker = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")")
            let doubled = try p.require(speaker.toneAmplitude(atFrequency: 2000, channel: 1, from: .milliseconds(50), to: .milliseconds(450)), "speaker.toneAmplitude(atFrequency: 2000, channel: 1, from: .milliseconds(50), to: .milliseconds(450))")
            p.expect(abs(doubled - 0.5) < 0.01, "abs(doubled - 0.5) < 0.01")
        },
        BuiltInCheck(["PLAYER-VOLUME"],
                     "setVolume(_:fadeDuration:) ramps the level sample-accurately while playing") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 24)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("fade", seconds: 3, rate: 48_000))
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .seconds(1))
            player.setVolume(0.1, fadeDuration: 0.5)
            p.expect(player.volume == 0.1, "player.volume == 0.1")
            device.advance(to: .seconds(2))
            let speaker = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")")
            let full = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .milliseconds(900)), "speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .milliseconds(900))")
            let faded = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(1600), to: .seconds(2)), "speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(1600), to: .seconds(2))")
            p.expect(abs(full - 0.5) < 0.01 && abs(faded - 0.05) < 0.002, "abs(full - 0.5) < 0.01 && abs(faded - 0.05) < 0.002")
            let middle = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(1200), to: .milliseconds(1300)), "speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(1200), to: .milliseconds(1300))")
            p.expect(middle < full && middle > faded, "middle < full && middle > faded")
        },
        BuiltInCheck(["PLAYER-TRANSPORT"],
                     "play, pause, seek, pan and stop are heard at the speaker, and play runs to the end of the file") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 23)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.twoToneFile())
            let log = FinishLog(device)
            player.delegate = log
            p.expect(device.run(as: "Player") { player.play() }, "device.run(as: \"Player\") { player.play() }")
            device.advance(to: .seconds(1))
            player.pause()
            p.expect(!player.isPlaying && abs(player.currentTime - 1) < 0.001, "!player.isPlaying && abs(player.currentTime - 1) < 0.001")
            device.advance(to: .seconds(2))
            player.currentTime = 1.5
            p.expect(device.run(as: "Player") { player.play() }, "device.run(as: \"Player\") { player.play() }")
            device.advance(to: .seconds(3))
            player.pan = -1
            device.advance(to: .milliseconds(3300))
            player.stop()
            p.expect(!player.isPlaying && abs(player.currentTime - 2.8) < 0.001, "!player.isPlaying && abs(player.currentTime - 2.8) < 0.001")
            device.advance(to: .milliseconds(3800))
            p.expect(device.run(as: "Player") { player.play() }, "device.run(as: \"Player\") { player.play() }")
            device.advance(to: .milliseconds(4500))

            let speaker = try p.require(device.sink("Speaker"), "device.sink(\"Speaker\")")
            func tone(_ hz: Double, _ channel: Int, _ from: Int, _ to: Int) throws -> Double {
                try p.require(speaker.toneAmplitude(atFrequency: hz, channel: channel, from: .milliseconds(Int64(from)), to: .milliseconds(Int64(to))), "speaker.toneAmplitude(atFrequency: hz, channel: channel, from: .milliseconds(Int64(from)), to: .milliseconds(Int64(to)))")
            }
            for channel in 1...2 {
                p.expect(abs(try tone(440, channel, 100, 900) - 0.5) < 0.01, "play: the file's start")
                p.expect(speaker.isSilent(channel: channel, from: .milliseconds(1050), to: .milliseconds(1950)), "paused")
                p.expect(abs(try tone(880, channel, 2050, 2950) - 0.5) < 0.01, "seek to 1.5 s: the second tone")
                p.expect(try tone(440, channel, 2050, 2950) < 0.01, "try tone(440, channel, 2050, 2950) < 0.01")
                p.expect(speaker.isSilent(channel: channel, from: .milliseconds(3350), to: .milliseconds(3750)), "stopped")
                p.expect(speaker.isSilent(channel: channel, from: .milliseconds(4050), to: .milliseconds(4500)), "ended")
            }
            p.expect(abs(try tone(880, 1, 3050, 3250) - 0.5) < 0.01, "pan -1: full left")
            p.expect(speaker.isSilent(channel: 2, from: .milliseconds(3050), to: .milliseconds(3250)), "pan -1: right silent")
            p.expect(abs(try tone(880, 1, 3820, 3980) - 0.5) < 0.01, "play after stop resumes at the playhead")
            p.expect(log.finishes.count == 1 && log.finishes.first?.successfully == true, "log.finishes.count == 1 && log.finishes.first?.successfully == true")
            let end = try p.require(log.finishes.first?.time, "log.finishes.first?.time")
            p.expect(abs(end.nanoseconds - 4_000_000_000) < 25_000_000, "finished at \(end)")
            p.expect(!player.isPlaying, "!player.isPlaying")
        },
    ]
}
