import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// Signal-level checks through the harness: what an app plays reaches the ports policy says.
@Suite("Audio IO through the media server")
struct AudioIOTests {
    static func launchPlayer(_ device: SimulatedDevice, _ name: String, category: AVAudioSession.Category,
                             mode: AVAudioSession.Mode = .default, options: AVAudioSession.CategoryOptions = [],
                             activate: Bool = true) throws {
        try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(category, mode: mode, options: options)
            if activate { try AVAudioSession.sharedInstance().setActive(true) }
        }
    }

    static let tone = AudioSource.sine(frequency: 1000, amplitude: 0.5)

    @Test("an app's tone plays on the speaker and moves to the headphones when they are plugged in")
    func toneFollowsRoute() throws {
        let device = try SimulatedDevice(seed: 1)
        try Self.launchPlayer(device, "Player", category: .playback)
        device.play(Self.tone, as: "Player")
        device.advance(to: .seconds(1))
        try device.attach("wired-headphones")
        device.advance(to: .seconds(2))
        let speaker = try #require(device.sink("Speaker"))
        let headphones = try #require(device.sink("Wired Headphones"))
        for channel in 1...2 {
            let level = try #require(speaker.level(channel: channel, from: .milliseconds(100), to: .milliseconds(900)))
            #expect(abs(level.rms - 0.5 / 2.0.squareRoot()) < 0.01)
            let frequency = try #require(speaker.dominantFrequency(channel: channel, from: .milliseconds(100), to: .milliseconds(900)))
            #expect(abs(frequency - 1000) < 1)
            #expect(speaker.isSilent(channel: channel, from: .milliseconds(1100), to: .seconds(2)))
            #expect(headphones.isSilent(channel: channel, from: .zero, to: .milliseconds(900)))
            let moved = try #require(headphones.toneAmplitude(atFrequency: 1000, channel: channel,
                                                              from: .milliseconds(1100), to: .seconds(2)))
            #expect(abs(moved - 0.5) < 0.01)
        }
        // The plug at frame 48,000 falls in the 1024-frame cycle [47,104, 48,128): the route
        // changes at the next cycle, so the speaker plays that cycle out and is silent after it.
        let samples = try #require(speaker.samples(channel: 1))
        #expect(samples[47_104..<48_128].contains { $0 != 0 })
        #expect(samples[48_128..<49_152].allSatisfy { $0 == 0 })
        #expect(try #require(headphones.samples(channel: 1))[48_128..<49_152].contains { $0 != 0 })
    }

    @Test("an ambient app is silent once the ring/silent switch is set to silent")
    func ambientSilencedBySwitch() throws {
        let device = try SimulatedDevice(seed: 2)
        try Self.launchPlayer(device, "Game", category: .ambient)
        device.play(Self.tone, as: "Game")
        device.advance(to: .seconds(1))
        try device.perform(.ringerSwitch(silent: true))
        device.advance(to: .seconds(2))
        let speaker = try #require(device.sink("Speaker"))
        #expect(!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)))
    }

    @Test("Music is ducked while a duckOthers app is active, and restored when it deactivates")
    func ducking() throws {
        let device = try SimulatedDevice(seed: 3)
        try Self.launchPlayer(device, "Music", category: .playback)
        device.play(Self.tone, as: "Music")
        try Self.launchPlayer(device, "Maps", category: .playback, mode: .voicePrompt, options: [.duckOthers], activate: false)
        device.advance(to: .seconds(1))
        try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(true) }
        device.advance(to: .seconds(2))
        try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(false) }
        device.advance(to: .seconds(3))
        let speaker = try #require(device.sink("Speaker"))
        let before = try #require(speaker.level(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        let ducked = try #require(speaker.level(channel: 1, from: .milliseconds(1100), to: .milliseconds(1900)))
        let after = try #require(speaker.level(channel: 1, from: .milliseconds(2100), to: .milliseconds(2900)))
        #expect(abs((ducked.rmsDBFS - before.rmsDBFS) - -20) < 0.1, "ducked by \(ducked.rmsDBFS - before.rmsDBFS) dB")
        #expect(abs(after.rmsDBFS - before.rmsDBFS) < 0.01)
        let gains = device.events("audio.app.gain", app: "Music").map { $0.fields["gainPerMille"] }
        #expect(gains == [.integer(1000), .integer(100), .integer(1000)])
    }

    @Test("in a multiRoute session a mono voice assigned to headphone-left plays only there")
    func multiRouteAssignment() throws {
        let device = try SimulatedDevice(profile: "ipad", seed: 4)
        try device.attach("wired-headphones")
        try device.attach("hdmi:2")
        try Self.launchPlayer(device, "DJ", category: .multiRoute)
        let route = device.server.currentRoute(for: AppID("DJ")).outputs.map(\.uid)
        #expect(route.contains("Wired Headphones") && route.contains("HDMIOutput-1"))
        device.play(Self.tone, as: "DJ", assignments: [ChannelAssignment(portUID: "Wired Headphones", channelNumber: 1)])
        device.advance(to: .seconds(1))
        let headphones = try #require(device.sink("Wired Headphones"))
        let hdmi = try #require(device.sink("HDMIOutput-1"))
        #expect(!headphones.isSilent(channel: 1, from: .milliseconds(100), to: .seconds(1)))
        #expect(headphones.isSilent(channel: 2, from: .zero, to: .seconds(1)))
        #expect(hdmi.isSilent(channel: 1, from: .zero, to: .seconds(1)) && hdmi.isSilent(channel: 2, from: .zero, to: .seconds(1)))
    }

    @Test("stereo content plays on the first two channels of an 8-channel HDMI route; the rest stays silent")
    func hdmiDefaultMapping() throws {
        let device = try SimulatedDevice(seed: 5)
        try device.attach("hdmi:8")
        try Self.launchPlayer(device, "Video", category: .playback)
        device.play(Self.tone, as: "Video")
        device.advance(to: .seconds(1))
        let hdmi = try #require(device.sink("HDMIOutput-1"))
        #expect(!hdmi.isSilent(channel: 1, from: .zero, to: .seconds(1)) && !hdmi.isSilent(channel: 2, from: .zero, to: .seconds(1)))
        for channel in 3...8 { #expect(hdmi.isSilent(channel: channel, from: .zero, to: .seconds(1))) }
    }

    @Test("a recording app hears the microphone's first channel only after record permission is granted")
    func inputNeedsPermission() throws {
        let device = try SimulatedDevice(seed: 6)
        try Self.launchPlayer(device, "Recorder", category: .playAndRecord)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        device.startInput("Recorder")
        device.run(as: "Recorder") { AVAudioApplication.requestRecordPermission { _ in } }
        device.advance(to: .seconds(1))
        device.answerRecordPermission("Recorder", granted: true)
        device.advance(to: .seconds(2))
        let input = try #require(device.inputSink("Recorder"))
        #expect(input.isSilent(channel: 1, from: .zero, to: .milliseconds(900)))
        let amplitude = try #require(input.toneAmplitude(atFrequency: 440, channel: 1, from: .milliseconds(1100), to: .seconds(2)))
        #expect(abs(amplitude - 0.25) < 0.01)
    }

    @Test("an app that ends while the media server is down leaves no voice behind after the reset")
    func terminatedWhileServerDown() throws {
        // Found by soundcheck explore (seed 2026, run 220): the terminated app's voice outlived the reset.
        let device = try SimulatedDevice(seed: 3)
        try Self.launchPlayer(device, "Player", category: .playback)
        device.play(Self.tone, as: "Player")
        device.advance(to: .milliseconds(500))
        try device.perform(.mediaServerCrash(restartDelay: .milliseconds(200)))
        try device.perform(.terminate(app: "Player"))
        device.advance(to: .seconds(1))
        #expect(device.server.liveVoices.isEmpty)
        let speaker = try #require(device.sink("Speaker"))
        #expect(speaker.isSilent(channel: 1, from: .milliseconds(750), to: .seconds(1)))
    }
}
