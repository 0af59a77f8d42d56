import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// The typed harness API a user's tests call: notifications as values, port audio over a time
/// range, and what an app recorded.
@Suite("Typed harness: notifications, port audio, recordings")
struct TypedHarnessTests {
    @Test("an unplug posts routeChange(oldDeviceUnavailable) with the headphones in the previous route")
    func unplugNotification() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
        let player = try device.launch("Podcasts", backgroundAudio: true) { PodcastPlayer() }
        let headphones = try device.attach("wired-headphones")
        device.run(as: "Podcasts") { player.play() }
        device.advance(to: .seconds(2))
        try device.detach(headphones)

        // A playback session has no input, so the route it had was the headphones alone.
        let previous = RouteDescription(outputs: [TracedPort(type: .headphones, uid: "Wired Headphones")], inputs: [])
        let notifications: [SessionNotification] = device.notifications(for: "Podcasts")
        #expect(notifications.last == .routeChange(.oldDeviceUnavailable, previous: previous))
        guard case let .routeChange(reason, route)? = notifications.first else {
            Issue.record("no route change for the plug: \(notifications)")
            return
        }
        #expect(reason == .newDeviceAvailable && !route.hasOutput(.headphones))
        #expect(device.postedNotifications(for: "Podcasts").last?.time == .seconds(2))
        #expect(device.notifications(for: "Nobody").isEmpty)
    }

    @Test("a call interrupts and its end lets the app resume: began, then ended(shouldResume: true)")
    func interruption() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
        let player = try device.launch("Podcasts", backgroundAudio: true) { PodcastPlayer() }
        device.run(as: "Podcasts") { player.play() }
        try device.perform(.incomingCall(caller: "Alice"))
        device.advance(by: .seconds(1))
        try device.perform(.declineCall)
        #expect(device.notifications(for: "Podcasts") == [.interruption(.began), .interruption(.ended(shouldResume: true))])
        #expect(device.postedNotifications(for: "Podcasts").map(\.wasSuspended) == [false, false])
    }

    @Test("a 440 Hz tone from an AVAudioPlayer is at the speaker at its frequency, on the channel it is panned to, and silence before and after")
    func playerToneAtSpeaker() throws {
        let url = try Self.toneFile(frequency: 440, seconds: 2)
        let device = try SimulatedDevice(seed: 3)
        try device.launch("Player", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let player = try device.run(as: "Player") { try AVAudioPlayer(contentsOf: url) }
        device.advance(to: .seconds(1))
        device.run(as: "Player") {
            player.pan = -1
            _ = player.play()
        }
        device.advance(to: .seconds(4))

        let before = try device.audio(at: .builtInSpeaker, from: .zero, to: .milliseconds(900))
        #expect(before.isSilent)
        let playing = try device.audio(at: .builtInSpeaker, from: .milliseconds(1200), to: .milliseconds(2800))
        #expect(playing.contains(tone: 440))
        #expect(!playing.contains(tone: 1000))
        #expect(abs((playing.dominantFrequency ?? 0) - 440) < 1)
        #expect(playing.channel(1).contains(tone: 440, tolerance: 0))
        #expect(playing.channel(1).level.peakDBFS > -12 && playing.channel(1).level.peakDBFS <= 0)
        #expect(playing.channel(2).isSilent, "panned hard left")
        let after = try device.audio(at: "Speaker", from: .milliseconds(3200), to: .seconds(4))
        #expect(after.isSilent)
        #expect(throws: PortAudioError.self) { try device.audio(at: .HDMI, from: .zero, to: .seconds(1)) }
    }

    @Test("what an AVAudioRecorder app recorded holds the tone sounding into the microphone, and nothing before it")
    func recordingContent() throws {
        let device = try SimulatedDevice(seed: 5)
        try device.launch("Memo", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.answerRecordPermission("Memo", granted: true)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typed-harness-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        let recorder = try device.run(as: "Memo") {
            try AVAudioRecorder(url: url, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000.0,
                                                     AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true])
        }
        #expect(device.run(as: "Memo") { recorder.record() })
        device.advance(to: .seconds(1))
        device.attachInputSource("Built-In Microphone", .sine(frequency: 1000, amplitude: 0.25))
        device.advance(to: .seconds(3))
        device.run(as: "Memo") { recorder.stop() }

        let quiet = try device.recording(of: "Memo", from: .milliseconds(100), to: .milliseconds(900))
        #expect(quiet.isSilent)
        let tone = try device.recording(of: "Memo", from: .milliseconds(1500), to: .milliseconds(2500))
        #expect(tone.contains(tone: 1000))
        #expect(abs((tone.dominantFrequency ?? 0) - 1000) < 2)
        #expect(tone.channel(1).samples?.isEmpty == false)
        #expect(throws: PortAudioError.self) { try device.recording(of: "Nobody", from: .zero, to: .seconds(1)) }
    }

    /// A mono float WAV of a sine at half scale.
    static func toneFile(frequency: Double, seconds: Double, rate: Double = 44_100) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typed-harness-\(UUID().uuidString).wav")
        let file = try AVAudioFile(forWriting: url, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: rate,
                                                               AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true])
        let frames = AVAudioFrameCount(seconds * rate)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: frames))
        buffer.frameLength = frames
        let samples = try #require(buffer.floatChannelData)[0]
        for frame in 0..<Int(frames) { samples[frame] = 0.5 * Float(sin(2 * Double.pi * frequency * Double(frame) / rate)) }
        try file.write(from: buffer)
        return url
    }
}
