import Foundation
import MediaServer
import AVFAudio
import UIKit
import SimCore
import Soundcheck
import VirtualDevices

/// One device, one truth: one route and one hardware format that every app reads, changes to an
/// active session that apply at once, and the rules that follow from it (speaker override,
/// route disconnect, recording, media server down), checked through Apple-named calls and at the
/// ports.
enum OneDeviceTruthChecks {
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

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-HW-ONE-ROUTE"],
                     "an ambient game and a VoIP call read the same route and sample rate") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 1)
            try Self.launch(device, "Game", .ambient)
            try device.launch("Phone", backgroundAudio: true) {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playAndRecord, mode: .voiceChat)
                try session.setPreferredSampleRate(16_000)
                try session.setActive(true)
            }
            for app in ["Game", "Phone"] {
                p.expect(Self.read(device, app) { $0.currentRoute.outputs.map(\.portType) }, equals: [.builtInReceiver], "\(app)'s outputs while the call holds the route")
                p.expect(Self.read(device, app) { $0.sampleRate }, equals: 16_000, "\(app)'s sample rate while the call's 16 kHz holds the device")
            }
            // The game's own request is only a request while the call controls the hardware.
            try device.run(as: "Game") { try AVAudioSession.sharedInstance().setPreferredSampleRate(48_000) }
            p.expect(Self.read(device, "Game") { $0.sampleRate }, equals: 16_000, "the game's sample rate (the device's one rate)")
            p.expect(Self.read(device, "Game") { $0.preferredSampleRate }, equals: 48_000, "the game's own preferred rate (kept though not granted)")
            // The call ends: the game alone controls the device again (speaker, its 48 kHz).
            try device.run(as: "Phone") { try AVAudioSession.sharedInstance().setActive(false) }
            p.expect(Self.read(device, "Phone") { $0.currentRoute.outputs.map(\.portType) }, equals: [.builtInSpeaker], "the phone's outputs after the call")
            p.expect(Self.read(device, "Phone") { $0.sampleRate }, equals: 48_000, "the phone's sample rate after the call")
            let gameReasons = device.events("notify.routeChange", app: "Game").map { $0.fields["reason"] }
            p.expect(gameReasons, equals: ["categoryChange", "categoryChange"], "the route-change reasons the game was told")
        },
        BuiltInCheck(["SESSION-ACTIVE-CHANGE-APPLIES"],
                     "adding duckOthers to an active session ducks Music at once") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 2)
            try Self.launch(device, "Music", .playback)
            device.play(AudioSource.sine(frequency: 440, amplitude: 0.5), as: "Music")
            try Self.launch(device, "Nav", .playback, options: .mixWithOthers)
            device.advance(to: .seconds(1))
            try device.run(as: "Nav") {
                try AVAudioSession.sharedInstance().setCategory(.playback, options: [.mixWithOthers, .duckOthers])
            }
            device.advance(to: .seconds(2))
            p.expect(device.session("Music").isDucked, "Music is not ducked after the navigation app changed its options while active")
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            let before = try p.require(speaker.toneAmplitude(atFrequency: 440, channel: 1, from: .milliseconds(200), to: .milliseconds(900)), "the level of the 440 Hz tone at speaker (channel 1 from 200 ms to 900 ms)")
            let after = try p.require(speaker.toneAmplitude(atFrequency: 440, channel: 1, from: .milliseconds(1100), to: .seconds(2)), "the level of the 440 Hz tone at speaker (channel 1 from 1100 ms to 2 s)")
            p.expect(abs(before - 0.5) < 0.01, "Music's tone before ducking has amplitude \(before), expected 0.5")
            p.expect(abs(after - 0.05) < 0.005, "ducked by 20 dB without a new setActive(true)")
            // The category change of an active session is a route change for the app itself.
            p.expect(device.events("notify.routeChange", app: "Nav").map { $0.fields["reason"] }, equals: ["categoryChange"], "the route-change reasons the navigation app was told")
        },
        BuiltInCheck(["ROUTING-SPEAKER-OVERRIDE-RESET"],
                     "an interruption ends the speaker override; so does a category change") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 3)
            try Self.launch(device, "Phone", .playAndRecord, mode: .voiceChat)
            device.answerRecordPermission("Phone", granted: true)
            try device.run(as: "Phone") { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
            p.expect(device.session("Phone").outputTypes, equals: [.builtInSpeaker], "the call's outputs after overriding to the speaker")
            try device.perform(.alarm)
            try device.perform(.dismissAlarm)
            try device.run(as: "Phone") { try AVAudioSession.sharedInstance().setActive(true) }
            p.expect(device.session("Phone").outputTypes == [.builtInReceiver], "the alarm's interruption reverted the override")

            try device.run(as: "Phone") { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
            try device.run(as: "Phone") {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .videoChat)
            }
            try device.run(as: "Phone") {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
            }
            p.expect(device.session("Phone").outputTypes == [.builtInReceiver], "the category change reverted the override")
            p.expect(device.events("route.overrideReverted", app: "Phone").count, equals: 2, "speaker overrides the system reverted")
        },
        BuiltInCheck(["SESSION-RESET-MEDIA-SERVICES-FAILED"],
                     "while the media server is down, routing and hardware calls fail with mediaServicesFailed") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 4)
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
                p.expect(code, equals: AVAudioSession.ErrorCode.mediaServicesFailed.rawValue, "the error code of a session call while the media server is down (mediaServicesFailed)")
            }
            p.expect(device.events("notify.routeChange", app: "Phone").count == routeChanges, "a failed override posts nothing")
        },
        BuiltInCheck(["ROUTING-NOW-PLAYING-DISCONNECT"],
                     "on iOS 17 unplugging interrupts the Now Playing session (routeDisconnected); iOS 14 does not; an opt-out keeps it active") { p in
            for (platform, prefers, interrupted) in [(PlatformProfile.ios17, true, true), (.ios14, true, false), (.ios17, false, false)] {
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
                p.expect(began.count, equals: interrupted ? 1 : 0, "interruptions Music was told when the headphones were pulled")
                if interrupted { p.expect(began.first?.fields["reason"] == "routeDisconnected", "began.first?.fields[\"reason\"] == \"routeDisconnected\"") }
                p.expect(device.session("Music").isActive, equals: !interrupted, "Music's session being active after the headphones were pulled")
                p.expect(device.events("notify.routeChange", app: "Music").map { $0.fields["reason"] }, equals: ["oldDeviceUnavailable"], "the route-change reasons Music was told")
        }
        },
        BuiltInCheck(["SESSION-CATEGORY-RECORD-SILENCES"],
                     "an active record session silences another app's mixable output") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 6)
            // Mixable background audio, so neither the recorder's activation nor the background stops it.
            try Self.launch(device, "Game", .playback, options: .mixWithOthers)
            device.play(Self.tone, as: "Game")
            device.advance(to: .seconds(1))
            try Self.launch(device, "Rec", .record)
            device.advance(to: .seconds(2))
            try device.run(as: "Rec") { try AVAudioSession.sharedInstance().setActive(false) }
            device.advance(to: .seconds(3))
            let speaker = try p.require(device.sink("Speaker"), "the output that reached port \"Speaker\"")
            p.expect(!speaker.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)), "the speaker was silent before the recording app went active")
            p.expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .milliseconds(1900)), "playback was still heard while a record-category session was active")
            p.expect(!speaker.isSilent(channel: 1, from: .milliseconds(2100), to: .milliseconds(2900)), "playback was not heard again after the record-category session ended")
        },
        BuiltInCheck(["SESSION-BACKGROUND-INPUT-STOPS"],
                     "input stops reaching an app that goes to the background without the audio mode") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 7)
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
            let input = try p.require(device.inputSink("Rec"), "the input the app received")
            p.expect(!input.isSilent(channel: 1, from: .milliseconds(100), to: .milliseconds(900)), "the app heard nothing from the mic while in the foreground")
            p.expect(input.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)), "the app still heard the mic in the background without the audio background mode")
        },
    ] }
}
