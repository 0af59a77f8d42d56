import Foundation
import MediaServer
import AVFAudio
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

    /// The player's interruption delegate calls, in order: "began" or "ended <options>".
    final class InterruptionLog: AVAudioPlayerDelegate {
        var calls: [String] = []
        func audioPlayerBeginInterruption(_ player: AVAudioPlayer) { calls.append("began") }
        func audioPlayerEndInterruption(_ player: AVAudioPlayer, withOptions flags: Int) { calls.append("ended \(flags)") }
    }

    /// What the delegate was told, in order: "began", "ended", "decode error <code>", "finished <flag>".
    /// At "ended" it reactivates the session and resumes the player, as the talk's apps do.
    final class DelegateLog: AVAudioPlayerDelegate {
        var calls: [String] = []
        func audioPlayerBeginInterruption(_ player: AVAudioPlayer) { calls.append("began") }
        func audioPlayerEndInterruption(_ player: AVAudioPlayer, withOptions flags: Int) {
            try? AVAudioSession.sharedInstance().setActive(true)
            calls.append(player.play() ? "ended" : "ended, play refused")
        }
        func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: Error?) {
            calls.append("decode error \((error as NSError?)?.code ?? 0)")
        }
        func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) { calls.append("finished \(flag)") }
    }

    /// A 4 s FLAC of a 1 kHz tone at 44.1 kHz whose last quarter is overwritten with a fixed
    /// pattern of bytes: the decoder loses sync there, about three seconds in.
    static func damagedFLAC() throws -> URL {
        let wav = try toneFile("damaged-source", seconds: 4)
        let source = try AVAudioFile(forReading: wav)
        let buffer = try CheckProbe.required(AVAudioPCMBuffer(pcmFormat: source.processingFormat, frameCapacity: AVAudioFrameCount(source.length)))
        try source.read(into: buffer)
        let url = wav.deletingLastPathComponent().appendingPathComponent("damaged.flac")
        let settings: [String: Any] = [AVFormatIDKey: kAudioFormatFLAC, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 1,
                                       AVLinearPCMBitDepthKey: 16]
        let flac = try AVAudioFile(forWriting: url, settings: settings)
        try flac.write(from: buffer)
        flac.close()
        var bytes = try Data(contentsOf: url)
        let start = bytes.count * 3 / 4
        for index in start..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 37 &+ 11) }
        try bytes.write(to: url)
        return url
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

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["PLAYER-INIT-LOCAL-URL-OR-DATA"],
                     "a tone file plays on the speaker and moves to the headphones at the next IO cycle") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 11)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("tone"))
            p.expect(player.duration == 3 && player.numberOfChannels == 1 && player.format.sampleRate == 44_100, "the player reads the file as \(player.duration) s, \(player.numberOfChannels) channel(s) at \(player.format.sampleRate) Hz; expected 3 s, mono, 44,100 Hz")
            p.expect(device.run(as: "Player") { player.play() }, "play() returned false")
            device.advance(to: .seconds(1))
            try device.attach("wired-headphones")
            device.advance(to: .seconds(2))
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            let headphones = try p.require(device.sink("Wired Headphones"), "the output that reached port \"Wired Headphones\"")
            for channel in 1...2 {
                let before = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(100), to: .milliseconds(900)), "the level of the 1000 Hz tone at speaker (each channel from 100 ms to 900 ms)")
                p.expect(abs(before - 0.5) < 0.01, "the tone at the speaker before the plug has amplitude \(before), expected 0.5")
                p.expect(speaker.isSilent(channel: channel, from: .milliseconds(1100), to: .seconds(2)), "the speaker (channel \(channel)) still sounded after the headphones were plugged in")
                let after = try p.require(headphones.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(1100), to: .seconds(2)), "the level of the 1000 Hz tone at headphones (each channel from 1100 ms to 2 s)")
                p.expect(abs(after - 0.5) < 0.01, "the tone at the headphones after the plug has amplitude \(after), expected 0.5")
            }
            // The plug at frame 48,000 lies in the cycle [47,104, 48,128): the speaker plays it out.
            let samples = try p.require(speaker.samples(channel: 1), "the samples at speaker, channel 1")
            p.expect(samples[47_104..<48_128].contains { $0 != 0 }, "the speaker was silent in the IO cycle holding the plug (frames 47,104 to 48,128); it should play that cycle out")
            p.expect(samples[48_128..<49_152].allSatisfy { $0 == 0 }, "the speaker still sounded in the IO cycle after the plug (frames 48,128 to 49,152)")
            p.expect(abs(player.currentTime - 2) < 0.001, "the playhead after 2 s of playback is \(player.currentTime) s, expected 2 s")
        },
        BuiltInCheck(["PLAYER-INIT-LOCAL-URL-OR-DATA"],
                     "a player made from data plays; bytes that are not audio throw Apple's file-type error") { p in
            let url = try Self.toneFile("data")
            let device = try SimulatedDevice(platform: p.platform, seed: 12)
            try Self.launch(device, "Player", category: .playback)
            let player = try device.run(as: "Player") { try AVAudioPlayer(data: try Data(contentsOf: url)) }
            p.expect(player.url == nil && player.data != nil, "a player made from data reports url \(String(describing: player.url)) and data \(player.data == nil ? "nil" : "set"); expected no url and the data")
            p.expect(device.run(as: "Player") { player.play() }, "play() returned false")
            device.advance(to: .seconds(1))
            let level = try p.require(device.sink("Speaker")?.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .seconds(1)), "the level of the 1000 Hz tone at Speaker (channel 1 from 100 ms to 1 s)")
            p.expect(abs(level - 0.5) < 0.01, "the tone reached the port with amplitude \(level), expected 0.5")
            p.expect((try? AVAudioPlayer(data: Data("not audio at all".utf8))) == nil, "text is refused")
            do {
                _ = try AVAudioPlayer(data: Data(repeating: 7, count: 4096))
                p.expect(false, "garbage data was accepted")
            } catch let error as NSError {
                p.expect(error.domain, equals: AVFAudio.NSOSStatusErrorDomain, "the error domain for bytes that are not audio")
                p.expect(error.code == Int(kAudioFileUnsupportedFileTypeError) || error.code == Int(kAudioFileInvalidFileError), "bytes that are not audio gave error code \(error.code); expected kAudioFileUnsupportedFileTypeError ('typ?') or kAudioFileInvalidFileError ('dta?')")
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
            p.expect(device.run(as: "Player") { player.play() }, "play() returned false")
            p.expect(player.isPlaying, "the player says it is not playing")
            device.advance(to: .milliseconds(1400))
            p.expect(log.finishes.isEmpty, "the delegate was told the player finished \(log.finishes.count) time(s); expected no finish callback yet")
            device.advance(to: .seconds(3))
            p.expect(log.finishes.count, equals: 1, "finish callbacks")
            let finish = try p.require(log.finishes.first, "the finish callback")
            p.expect(finish.successfully && finish.app == "Player", "the finish callback came with successfully \(finish.successfully) in app \(finish.app ?? "none"); expected true, in Player")
            p.expect(finish.time, equals: SampleRate.hz48000.hostTime(at: SampleTime(frames: startFrame + 48_000), rounding: .up), "the finish callback's time (the file's last frame played)")
            p.expect(!player.isPlaying && player.currentTime == 0, "after finishing the player is \(player.isPlaying ? "playing" : "stopped") at \(player.currentTime) s; expected stopped and rewound to 0")
            let samples = try p.require(device.sink("Speaker")?.samples(channel: 1), "the samples at Speaker, channel 1")
            p.expect(Self.firstSound(samples), equals: Int(startFrame) + 1, "the first audible speaker frame (play was called on frame \(startFrame))") // sin(0) = 0: the first sample is silent
            p.expect(samples[72_000...].allSatisfy { $0 == 0 }, "the speaker sounded after the file's last frame (frame 72,000)")
            p.expect(samples[71_990..<72_000].contains { $0 != 0 }, "the speaker was silent in the file's last ten frames; it stopped early")
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
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            p.expect(forever.isPlaying && !twice.isPlaying, "at 4.5 s the looping-forever player is \(forever.isPlaying ? "playing" : "stopped") and the play-twice one \(twice.isPlaying ? "playing" : "stopped"); expected playing and stopped")
            p.expect(abs(forever.currentTime - 0.5) < 0.001, "the looping player's playhead at 4.5 s is \(forever.currentTime) s, expected 0.5 s into its fifth pass")
            p.expect(log.finishes.map { $0.time }, equals: [HostTime(nanoseconds: 2_000_000_000)], "finish callbacks of the play-twice player (one, after its second pass at 2 s)")
            let left = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(3100), to: .milliseconds(4400)), "the level of the 1000 Hz tone at speaker (channel 1 from 3100 ms to 4400 ms)")
            p.expect(abs(left - 0.5) < 0.01, "the looping player (panned left) is heard at amplitude \(left) on the left, expected 0.5")
            p.expect(!speaker.isSilent(channel: 2, from: .milliseconds(1100), to: .milliseconds(1900)), "the play-twice player (panned right) was silent during its second pass")
            p.expect(speaker.isSilent(channel: 2, from: .milliseconds(2000), to: .milliseconds(4400)), "the play-twice player (panned right) still sounded after its two passes")
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
            p.expect(!player.isPlaying, "the player says it is still playing")
            p.expect(abs(player.currentTime - 1) < 0.001, "the playhead after the interruption at 1 s is \(player.currentTime) s, expected 1 s")
            device.advance(to: .seconds(5))
            p.expect(log.finishes.isEmpty, "the delegate was told the player finished \(log.finishes.count) time(s); expected no finish callback yet")
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            p.expect(!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)), "the speaker was silent before the event at 1 s; the player should be heard")
            p.expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(5)), "the speaker still sounded after the call interrupted the player")
        },
        BuiltInCheck(["PLAYER-INTERRUPTION-DELEGATE"],
                     "the player's delegate hears each interruption begin and end as the session posts them, the end with its options") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 17)
            let notifications = try device.launchApp("Player", .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("interrupted", seconds: 10, rate: 48_000))
            let log = InterruptionLog()
            player.delegate = log
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .seconds(1))
            try device.perform(.incomingCall(caller: "Mum"))
            p.expect(log.calls, equals: ["began"], "the delegate's calls once the call rings")
            try device.perform(.declineCall)
            let posted = notifications.of(AVAudioSession.interruptionNotification).map { entry -> String in
                let type = entry.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt
                if type == AVAudioSession.InterruptionType.began.rawValue { return "began" }
                return "ended \(entry.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)"
            }
            p.expect(posted.count, equals: 2, "interruption notifications the session posted for a declined call")
            p.expect(log.calls, equals: posted, "the delegate's calls against the session's notifications")
            if p.platform.since(8) {
                p.expect(log.calls.last, equals: "ended 1", "the end call's options after a declined call (1 = shouldResume)")
            }
        },
        BuiltInCheck(["PLAYER-DECODE-ERROR-DELEGATE"],
                     "the delegate hears an interruption begin and end, then a damaged FLAC's decoding error once the good part has played, then an unsuccessful finish") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 18)
            try device.launchApp("Player", .playback)
            let player = try Self.makePlayer(device, "Player", try damagedFLAC())
            let log = DelegateLog()
            player.delegate = log
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .milliseconds(500))
            try device.perform(.incomingCall(caller: "Mum"))
            device.advance(to: .milliseconds(1_000))
            try device.perform(.declineCall)
            device.advance(to: .milliseconds(2_500))
            let heard = device.peakDBFS("Speaker")
            p.expect(heard > -12, "the good part plays after the call: \(heard) dBFS")
            device.advance(to: .milliseconds(5_000))
            p.expect(log.calls.prefix(2), equals: ["began", "ended"], "the interruption's delegate calls")
            p.expect(log.calls.count == 4 && log.calls[2].hasPrefix("decode error ") && log.calls[2] != "decode error 0",
                     "a decoding error with its code: \(log.calls)")
            p.expect(log.calls.last, equals: "finished false", "the finish reports failure")
            p.expect(device.peakDBFS("Speaker") < -90, "silent once the damaged part is reached")
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
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            p.expect(!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)), "the speaker was silent before the event at 1 s; the player should be heard")
            p.expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)), "the ambient player was still heard with the switch on silent")
            p.expect(player.isPlaying && abs(player.currentTime - 2) < 0.001, "the silenced player is \(player.isPlaying ? "playing" : "stopped") at \(player.currentTime) s; expected still playing, at 2 s")
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
                p.expect(a.play(atTime: start), "the first player's play(atTime:) returned false")
                device.advance(by: .milliseconds(37))
                p.expect(b.play(atTime: start), "the second player's play(atTime:) returned false")
                p.expect(a.isPlaying && b.isPlaying && a.currentTime == 0, "before the start time the players are \(a.isPlaying ? "playing" : "stopped")/\(b.isPlaying ? "playing" : "stopped") with the first at \(a.currentTime) s; expected both playing (pending) at 0 s")
            }
            device.advance(to: .seconds(1))
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            let left = try p.require(speaker.samples(channel: 1), "the samples at speaker, channel 1")
            let right = try p.require(speaker.samples(channel: 2), "the samples at speaker, channel 2")
            let expected = Int(SampleRate.hz48000.sampleTime(at: HostTime(nanoseconds: 583_100_000)).frames)
            // Both start on the same frame (sin(0) = 0, so sound begins within a frame or two of it).
            let startA = try p.require(Self.firstSound(left), "the first audible frame on the left channel (it stayed silent)")
            let startB = try p.require(Self.firstSound(right), "the first audible frame on the right channel (it stayed silent)")
            p.expect(abs(startA - expected) <= 2 && abs(startB - expected) <= 2, "the players were first heard on frames \(startA) and \(startB); expected both within 2 frames of \(expected)")
            p.expect(left[..<expected].allSatisfy { $0 == 0 } && right[..<expected].allSatisfy { $0 == 0 }, "a player sounded before the start frame \(expected)")
            p.expect(left[expected..<(expected + 4)].contains { $0 != 0 } && right[expected..<(expected + 4)].contains { $0 != 0 }, "a player was still silent 4 frames after the start frame \(expected)")
        },
        BuiltInCheck(["MULTICHANNEL-SELECTION-PLAYER-RECORDER"],
                     "a mono player assigned to headphone-left plays only there in a multiRoute session") { p in
            let device = try SimulatedDevice(profile: "ipad", platform: p.platform, seed: 18)
            try device.attach("wired-headphones")
            try device.attach("hdmi:2")
            try Self.launch(device, "DJ", category: .multiRoute)
            let player = try Self.makePlayer(device, "DJ", try Self.toneFile("cue"))
            p.expect(player.channelAssignments == nil, "channelAssignments is \(String(describing: player.channelAssignments)); expected nil (none set, or a count that does not match the file's channels)")
            let left = try device.run(as: "DJ") {
                try p.require(AVAudioSession.sharedInstance().currentRoute.outputs
                    .first { $0.portType == .headphones }?.channels?.first, "AVAudioSession.sharedInstance().currentRoute.outputs .first { $0.portType == .headphones }?.channels?.first")
            }
            player.channelAssignments = [left, left] // wrong count: ignored
            p.expect(player.channelAssignments == nil, "channelAssignments is \(String(describing: player.channelAssignments)); expected nil (none set, or a count that does not match the file's channels)")
            player.channelAssignments = [left]
            device.run(as: "DJ") { _ = player.play() }
            device.advance(to: .seconds(1))
            let headphones = try p.require(device.sink("Wired Headphones"), "the output that reached port \"Wired Headphones\"")
            let hdmi = try p.require(device.sink("HDMIOutput-1"), "the output that reached port \"HDMIOutput-1\"")
            let level = try p.require(headphones.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .seconds(1)), "the level of the 1000 Hz tone at headphones (channel 1 from 100 ms to 1 s)")
            p.expect(abs(level - 0.5) < 0.01, "the tone reached the port with amplitude \(level), expected 0.5")
            p.expect(headphones.isSilent(channel: 2, from: .zero, to: .seconds(1)), "the headphones' right channel sounded; the player is assigned to the left only")
            p.expect(hdmi.isSilent(channel: 1, from: .zero, to: .seconds(1)) && hdmi.isSilent(channel: 2, from: .zero, to: .seconds(1)), "HDMI sounded; the player is assigned to the headphones' left channel only")
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
            p.expect(device.server.epoch, equals: 1, "media-server resets counted")
            p.expect(!player.isPlaying, "the player says it is still playing")
            p.expect(device.run(as: "Player") { player.play() } == false, "a player made before the reset could play again; it should be a zombie")
            p.expect(!player.prepareToPlay(), "a player made before the reset could prepare again; it should be a zombie")
            player.volume = 0.5
            player.currentTime = 1
            player.stop()
            device.advance(to: .seconds(3))
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            let silent = speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(3))
            p.expect(silent, "the speaker sounded after the reset from the zombie player")
            // Rebuilding from scratch works.
            try device.run(as: "Player") {
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            let fresh = try Self.makePlayer(device, "Player", url)
            p.expect(device.run(as: "Player") { fresh.play() }, "a player made after the reset returned false from play()")
            device.advance(to: .seconds(4))
            let rebuilt = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"").isSilent(channel: 1, from: .milliseconds(3100), to: .seconds(4))
            p.expect(!rebuilt, "a player made after the reset was not heard")
        },
        BuiltInCheck(["PLAYER-STOP-KEEPS-PLAYHEAD"],
                     "stop keeps the playhead and play resumes from it; currentTime seeks") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 20)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("tape", seconds: 3, rate: 48_000))
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .milliseconds(750))
            player.stop()
            p.expect(!player.isPlaying && player.currentTime == 0.75, "after stop at 0.75 s the player is \(player.isPlaying ? "playing" : "stopped") at \(player.currentTime) s; expected stopped at 0.75 s")
            device.advance(to: .seconds(1))
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .milliseconds(1250))
            p.expect(player.currentTime, equals: 1.0, "the playhead 250 ms after resuming from 0.75 s")
            player.currentTime = 2.5
            device.advance(to: .milliseconds(1500))
            p.expect(player.currentTime, equals: 2.75, "the playhead 250 ms after seeking to 2.5 s")
            player.pause()
            p.expect(player.currentTime == 2.75 && !player.isPlaying, "after pause the player is \(player.isPlaying ? "playing" : "paused") at \(player.currentTime) s; expected paused at 2.75 s")
        },
        BuiltInCheck(["PLAYER-METERING-DEFAULT-OFF"],
                     "meters read -160 dB until metering is on; then they report the tone in dBFS") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 21)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("meter"))
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .milliseconds(500))
            player.updateMeters()
            p.expect(!player.isMeteringEnabled && player.averagePower(forChannel: 0) == -160, "before metering is on, isMeteringEnabled is \(player.isMeteringEnabled) and averagePower \(player.averagePower(forChannel: 0)) dB; expected false and −160 dB")
            player.isMeteringEnabled = true
            player.updateMeters()
            // A 0.5 sine: peak −6.02 dBFS, RMS −9.03 dBFS.
            p.expect(abs(player.peakPower(forChannel: 0) - -6.02) < 0.05, "peakPower of a 0.5 sine is \(player.peakPower(forChannel: 0)) dBFS, expected −6.02")
            p.expect(abs(player.averagePower(forChannel: 0) - -9.03) < 0.05, "averagePower (RMS) of a 0.5 sine is \(player.averagePower(forChannel: 0)) dBFS, expected −9.03")
            player.volume = 0.5
            player.updateMeters()
            p.expect(abs(player.peakPower(forChannel: 0) - -12.04) < 0.05, "peakPower at volume 0.5 is \(player.peakPower(forChannel: 0)) dBFS, expected −12.04")
        },
        BuiltInCheck(["SESSION-ACTIVATE-ERR-BACKGROUND-AT-IO-START"],
                     "a player started from the background by an app without background audio returns false") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 22)
            try Self.launch(device, "Game", category: .soloAmbient, backgroundAudio: false)
            let player = try Self.makePlayer(device, "Game", try Self.toneFile("bg"))
            try device.perform(.background(app: "Game"))
            p.expect(device.run(as: "Game") { player.play() } == false, "a player started from the background by an app without background audio returned true from play()")
            p.expect(!player.isPlaying, "the player says it is still playing")
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
            p.expect(fast.prepareToPlay(), "prepareToPlay returned false")
            p.expect(late.prepareToPlay(), "prepareToPlay returned false")
            late.enableRate = true
            p.expect(!late.enableRate, "enableRate set after prepareToPlay took effect; it must be ignored")
            device.run(as: "Player") { _ = fast.play() }
            device.advance(to: .milliseconds(250))
            p.expect(fast.currentTime, equals: 0.5, "the playhead of the rate-2 player after 250 ms")
            device.advance(to: .seconds(1))
            p.expect(log.finishes.map { $0.time }, equals: [HostTime(nanoseconds: 500_000_000)], "finish callbacks of the rate-2 player (one, when its 1 s file ends at 0.5 s)")
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            let doubled = try p.require(speaker.toneAmplitude(atFrequency: 2000, channel: 1, from: .milliseconds(50), to: .milliseconds(450)), "the level of the 2000 Hz tone at speaker (channel 1 from 50 ms to 450 ms)")
            p.expect(abs(doubled - 0.5) < 0.01, "the 1 kHz file at rate 2 is heard at 2 kHz with amplitude \(doubled), expected 0.5")
        },
        BuiltInCheck(["PLAYER-PREPARE-TO-PLAY", "PLAYER-PAUSE-STAYS-READY", "PLAYER-STOP-RELEASES"],
                     "a prepared or paused player sounds on the frame play is called; pause keeps it prepared, stop releases it") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 25)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("ready", seconds: 3, rate: 48_000))
            p.expect(player.prepareToPlay(), "prepareToPlay returned false for a fresh player")
            device.advance(to: .milliseconds(500))
            p.expect(device.run(as: "Player") { player.play() }, "play after prepareToPlay returned false")
            device.advance(to: .seconds(1))
            player.pause()
            // enableRate can change only while the player is not prepared: a paused one still is.
            player.enableRate = true
            p.expect(!player.enableRate, "after pause enableRate could be turned on, so the player was no longer prepared; pause must keep it ready")
            device.advance(to: .milliseconds(1500))
            p.expect(device.run(as: "Player") { player.play() }, "play after pause returned false")
            device.advance(to: .seconds(2))
            player.stop()
            player.enableRate = true
            p.expect(player.enableRate, "after stop enableRate stayed locked, so the player was still prepared; stop must release it")
            player.rate = 2
            device.advance(to: .milliseconds(2500))
            p.expect(device.run(as: "Player") { player.play() }, "play after stop returned false")
            device.advance(to: .milliseconds(2750))
            p.expect(player.currentTime, equals: 1.5, "the playhead 250 ms after playing from 1 s at rate 2 (enabled after stop)")
            let samples = try p.require(device.sink("Speaker")?.samples(channel: 1), "the speaker's samples")
            // 48 kHz file and hardware: play at 500 ms sounds from frame 24,000 (sin(0) = 0, so the first audible sample is the next).
            p.expect(Self.firstSound(samples), equals: 24_001, "the first audible speaker frame after play at 500 ms (frame 24,000) on a prepared player")
            p.expect(samples[49_152..<72_000].allSatisfy { $0 == 0 }, "the speaker was not silent while the player was paused (1 s to 1.5 s)")
            p.expect(Self.firstSound(samples, from: 49_152), equals: 72_001, "the first audible speaker frame after play at 1.5 s (frame 72,000) on a paused player")
        },
        BuiltInCheck(["PLAYER-VOLUME"],
                     "setVolume(_:fadeDuration:) ramps the level sample-accurately while playing") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 24)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.toneFile("fade", seconds: 3, rate: 48_000))
            device.run(as: "Player") { _ = player.play() }
            device.advance(to: .seconds(1))
            player.setVolume(0.1, fadeDuration: 0.5)
            p.expect(player.volume, equals: 0.1, "volume right after setVolume(0.1, fadeDuration: 0.5)")
            device.advance(to: .seconds(2))
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            let full = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(100), to: .milliseconds(900)), "the level of the 1000 Hz tone at speaker (channel 1 from 100 ms to 900 ms)")
            let faded = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(1600), to: .seconds(2)), "the level of the 1000 Hz tone at speaker (channel 1 from 1600 ms to 2 s)")
            p.expect(abs(full - 0.5) < 0.01 && abs(faded - 0.05) < 0.002, "the tone is at amplitude \(full) before the fade and \(faded) after it; expected 0.5 and 0.05")
            let middle = try p.require(speaker.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(1200), to: .milliseconds(1300)), "the level of the 1000 Hz tone at speaker (channel 1 from 1200 ms to 1300 ms)")
            p.expect(middle < full && middle > faded, "halfway through the fade the amplitude is \(middle); expected between \(faded) and \(full)")
        },
        BuiltInCheck(["PLAYER-TRANSPORT"],
                     "play, pause, seek, pan and stop are heard at the speaker, and play runs to the end of the file") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 23)
            try Self.launch(device, "Player", category: .playback)
            let player = try Self.makePlayer(device, "Player", try Self.twoToneFile())
            let log = FinishLog(device)
            player.delegate = log
            p.expect(device.run(as: "Player") { player.play() }, "play() returned false")
            device.advance(to: .seconds(1))
            player.pause()
            p.expect(!player.isPlaying && abs(player.currentTime - 1) < 0.001, "after pause at 1 s the player is \(player.isPlaying ? "playing" : "paused") at \(player.currentTime) s; expected paused at 1 s")
            device.advance(to: .seconds(2))
            player.currentTime = 1.5
            p.expect(device.run(as: "Player") { player.play() }, "play() returned false")
            device.advance(to: .seconds(3))
            player.pan = -1
            device.advance(to: .milliseconds(3300))
            player.stop()
            p.expect(!player.isPlaying && abs(player.currentTime - 2.8) < 0.001, "after stop the player is \(player.isPlaying ? "playing" : "stopped") at \(player.currentTime) s; expected stopped at 2.8 s")
            device.advance(to: .milliseconds(3800))
            p.expect(device.run(as: "Player") { player.play() }, "play() returned false")
            device.advance(to: .milliseconds(4500))

            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            func tone(_ hz: Double, _ channel: Int, _ from: Int, _ to: Int) throws -> Double {
                try p.require(speaker.toneAmplitude(atFrequency: hz, channel: channel, from: .milliseconds(Int64(from)), to: .milliseconds(Int64(to))), "the level of the the tone at speaker (each channel)")
            }
            for channel in 1...2 {
                p.expect(abs(try tone(440, channel, 100, 900) - 0.5) < 0.01, "play: the file's start")
                p.expect(speaker.isSilent(channel: channel, from: .milliseconds(1050), to: .milliseconds(1950)), "paused")
                p.expect(abs(try tone(880, channel, 2050, 2950) - 0.5) < 0.01, "seek to 1.5 s: the second tone")
                p.expect(try tone(440, channel, 2050, 2950) < 0.01, "after seeking to 1.5 s the first tone (440 Hz) is still heard on channel \(channel)")
                p.expect(speaker.isSilent(channel: channel, from: .milliseconds(3350), to: .milliseconds(3750)), "stopped")
                p.expect(speaker.isSilent(channel: channel, from: .milliseconds(4050), to: .milliseconds(4500)), "ended")
            }
            p.expect(abs(try tone(880, 1, 3050, 3250) - 0.5) < 0.01, "pan -1: full left")
            p.expect(speaker.isSilent(channel: 2, from: .milliseconds(3050), to: .milliseconds(3250)), "pan -1: right silent")
            p.expect(abs(try tone(880, 1, 3820, 3980) - 0.5) < 0.01, "play after stop resumes at the playhead")
            p.expect(log.finishes.map { $0.successfully }, equals: [true], "finish callbacks (successfully flags)")
            let end = try p.require(log.finishes.first?.time, "the finish callback's time")
            p.expect(abs(end.nanoseconds - 4_000_000_000) < 25_000_000, "finished at \(end)")
            p.expect(!player.isPlaying, "the player says it is still playing")
        },
    ] }
}
