import Foundation
import MediaServer
import OpenAVFAudio
import OpenUIKit
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// One device, one truth: one route and one hardware format that every app reads, changes to an
/// active session that apply at once, and the rules that follow from it (speaker override,
/// route disconnect, recording, media server down), checked through Apple-named calls and at the
/// ports.
@Suite("One device, one truth")
struct OneDeviceTruthTests {
    static let tone = AudioSource.sine(frequency: 1000, amplitude: 0.5)

    static func launch(_ device: SimulatedDevice, _ name: String, _ category: AVAudioSession.Category,
                       mode: AVAudioSession.Mode = .default, options: AVAudioSession.CategoryOptions = [],
                       activate: Bool = true) throws {
        try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(category, mode: mode, options: options)
            if activate { try AVAudioSession.sharedInstance().setActive(true) }
        }
    }

    static func read<T>(_ device: SimulatedDevice, _ app: String, _ body: (AVAudioSession) -> T) -> T {
        device.run(as: app) { body(AVAudioSession.sharedInstance()) }
    }

    @Test("SESSION-HW-ONE-ROUTE: an ambient game and a VoIP call read the same route and sample rate")
    func everyAppReadsTheSameRoute() throws {
        let device = try SimulatedDevice(seed: 1)
        try Self.launch(device, "Game", .ambient)
        try device.launch("Phone", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playAndRecord, mode: .voiceChat)
            try session.setPreferredSampleRate(16_000)
            try session.setActive(true)
        }
        for app in ["Game", "Phone"] {
            #expect(Self.read(device, app) { $0.currentRoute.outputs.map(\.portType) } == [.builtInReceiver])
            #expect(Self.read(device, app) { $0.sampleRate } == 16_000)
        }
        // The game's own request is only a request while the call controls the hardware.
        try device.run(as: "Game") { try AVAudioSession.sharedInstance().setPreferredSampleRate(48_000) }
        #expect(Self.read(device, "Game") { $0.sampleRate } == 16_000)
        #expect(Self.read(device, "Game") { $0.preferredSampleRate } == 48_000)
        // The call ends: the game alone controls the device again (speaker, its 48 kHz).
        try device.run(as: "Phone") { try AVAudioSession.sharedInstance().setActive(false) }
        #expect(Self.read(device, "Phone") { $0.currentRoute.outputs.map(\.portType) } == [.builtInSpeaker])
        #expect(Self.read(device, "Phone") { $0.sampleRate } == 48_000)
        let gameReasons = device.events("notify.routeChange", app: "Game").map { $0.fields["reason"] }
        #expect(gameReasons == ["categoryChange", "categoryChange"])
    }

    @Test("SESSION-ACTIVE-CHANGE-APPLIES: adding duckOthers to an active session ducks Music at once")
    func duckOthersAppliesWhileActive() throws {
        let device = try SimulatedDevice(seed: 2)
        try Self.launch(device, "Music", .playback)
        device.play(AudioSource.sine(frequency: 440, amplitude: 0.5), as: "Music")
        try Self.launch(device, "Nav", .playback, options: .mixWithOthers)
        device.advance(to: .seconds(1))
        try device.run(as: "Nav") {
            try AVAudioSession.sharedInstance().setCategory(.playback, options: [.mixWithOthers, .duckOthers])
        }
        device.advance(to: .seconds(2))
        #expect(device.session("Music").isDucked)
        let speaker = try #require(device.sink("Speaker"))
        let before = try #require(speaker.toneAmplitude(atFrequency: 440, channel: 1, from: .milliseconds(200), to: .milliseconds(900)))
        let after = try #require(speaker.toneAmplitude(atFrequency: 440, channel: 1, from: .milliseconds(1100), to: .seconds(2)))
        #expect(abs(before - 0.5) < 0.01)
        #expect(abs(after - 0.05) < 0.005, "ducked by 20 dB without a new setActive(true)")
        // The category change of an active session is a route change for the app itself.
        #expect(device.events("notify.routeChange", app: "Nav").map { $0.fields["reason"] } == ["categoryChange"])
    }

    @Test("ROUTING-SPEAKER-OVERRIDE-RESET: an interruption ends the speaker override; so does a category change")
    func overrideRevertsOnInterruptionAndCategoryChange() throws {
        let device = try SimulatedDevice(seed: 3)
        try Self.launch(device, "Phone", .playAndRecord, mode: .voiceChat)
        device.answerRecordPermission("Phone", granted: true)
        try device.run(as: "Phone") { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
        #expect(device.session("Phone").outputTypes == [.builtInSpeaker])
        try device.perform(.alarm)
        try device.perform(.dismissAlarm)
        try device.run(as: "Phone") { try AVAudioSession.sharedInstance().setActive(true) }
        #expect(device.session("Phone").outputTypes == [.builtInReceiver], "the alarm's interruption reverted the override")

        try device.run(as: "Phone") { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
        try device.run(as: "Phone") {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .videoChat)
        }
        try device.run(as: "Phone") {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
        }
        #expect(device.session("Phone").outputTypes == [.builtInReceiver], "the category change reverted the override")
        #expect(device.events("route.overrideReverted", app: "Phone").count == 2)
    }

    @Test("SESSION-RESET-MEDIA-SERVICES-FAILED: while the media server is down, routing and hardware calls fail with mediaServicesFailed")
    func hardwareCallsFailWhileDown() throws {
        let device = try SimulatedDevice(seed: 4)
        try Self.launch(device, "Phone", .playAndRecord)
        let routeChanges = device.events("notify.routeChange", app: "Phone").count
        try device.perform(.mediaServerCrash(restartDelay: .seconds(3600)))
        let calls: [(AVAudioSession) throws -> Void] = [
            { try $0.overrideOutputAudioPort(.speaker) },
            { try $0.setPreferredInput(nil) },
            { try $0.setPreferredSampleRate(16_000) },
            { try $0.setPreferredIOBufferDuration(0.005) },
        ]
        for call in calls {
            let code = device.run(as: "Phone") { () -> Int? in
                do { try call(AVAudioSession.sharedInstance()); return nil } catch { return (error as NSError).code }
            }
            #expect(code == AVAudioSession.ErrorCode.mediaServicesFailed.rawValue)
        }
        #expect(device.events("notify.routeChange", app: "Phone").count == routeChanges, "a failed override posts nothing")
    }

    @Test("ROUTING-NOW-PLAYING-DISCONNECT: on iOS 17 unplugging interrupts the Now Playing session (routeDisconnected); iOS 14 does not; an opt-out keeps it active",
          arguments: [(PlatformProfile.ios17, true, true), (.ios14, true, false), (.ios17, false, false)])
    func nowPlayingInterruptedOnDisconnect(platform: PlatformProfile, prefers: Bool, interrupted: Bool) throws {
        let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: 5)
        let headphones = try device.attach("wired-headphones")
        try device.launch("Music", backgroundAudio: true) {
            UIApplication.shared.beginReceivingRemoteControlEvents()
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playback)
            if !prefers { try session.setPrefersInterruptionOnRouteDisconnect(false) }
            try session.setActive(true)
        }
        try device.detach(headphones)
        let began = device.events("notify.interruption", app: "Music")
        #expect(began.count == (interrupted ? 1 : 0))
        if interrupted { #expect(began.first?.fields["reason"] == "routeDisconnected") }
        #expect(device.session("Music").isActive == !interrupted)
        #expect(device.events("notify.routeChange", app: "Music").map { $0.fields["reason"] } == ["oldDeviceUnavailable"])
    }

    @Test("SESSION-CATEGORY-RECORD-SILENCES: an active record session silences another app's mixable output")
    func recordSilencesOthers() throws {
        let device = try SimulatedDevice(seed: 6)
        // Mixable background audio, so neither the recorder's activation nor the background stops it.
        try Self.launch(device, "Game", .playback, options: .mixWithOthers)
        device.play(Self.tone, as: "Game")
        device.advance(to: .seconds(1))
        try Self.launch(device, "Rec", .record)
        device.advance(to: .seconds(2))
        try device.run(as: "Rec") { try AVAudioSession.sharedInstance().setActive(false) }
        device.advance(to: .seconds(3))
        let speaker = try #require(device.sink("Speaker"))
        #expect(!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .milliseconds(1900)))
        #expect(!speaker.isSilent(channel: 1, from: .milliseconds(2100), to: .milliseconds(2900)))
    }

    @Test("SESSION-BACKGROUND-INPUT-STOPS: input stops reaching an app that goes to the background without the audio mode")
    func inputStopsInBackground() throws {
        let device = try SimulatedDevice(seed: 7)
        device.attachInputSource("Built-In Microphone", AudioSource.sine(frequency: 440, amplitude: 0.5))
        try device.launch("Rec", backgroundAudio: false) {
            try AVAudioSession.sharedInstance().setCategory(.record)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.answerRecordPermission("Rec", granted: true)
        device.startInput("Rec")
        device.advance(to: .seconds(1))
        try device.perform(.background(app: "Rec"))
        device.advance(to: .seconds(2))
        let input = try #require(device.inputSink("Rec"))
        #expect(!input.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)))
        #expect(input.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)))
    }
}
