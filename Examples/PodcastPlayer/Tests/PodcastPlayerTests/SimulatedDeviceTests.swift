import AVFoundation
import Foundation
import PodcastPlayer
import Soundcheck
import Testing

/// The player on a simulated iPhone driven step by step from Swift: typed notifications, the audio
/// at the ports over a time range, the lock screen's commands, and a recorded clip.
@Suite struct SimulatedDeviceTests {
    @Test func unplugPausesAndTheSpeakerStaysSilent() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios14, seed: 1)
        let headphones = try device.attach("wired-headphones")
        let player = try device.launch("Podcasts", backgroundAudio: true) { try PodcastBench.loaded() }
        try device.run(as: "Podcasts") { try player.play() }
        device.advance(by: .seconds(2))
        try device.detach(headphones)
        device.advance(by: .seconds(1))

        #expect(!player.isPlaying)
        let unplugged = device.notifications(for: "Podcasts").contains { notification in
            if case let .routeChange(.oldDeviceUnavailable, previous) = notification { previous.hasOutput(.headphones) } else { false }
        }
        #expect(unplugged)
        // 1.5× through the time-pitch unit: shorter, but still a 1 kHz tone, on both channels.
        let heard = try device.audio(at: "Headphones", from: at(500), to: at(2_000))
        #expect(heard.contains(tone: 1_000))
        #expect(heard.channels.allSatisfy { $0.contains(tone: 1_000) })
        #expect(try device.audio(at: "Speaker", from: at(2_100), to: at(3_000)).isSilent)
    }

    @Test func theLockScreenPausesAndSkips() throws {
        let device = try SimulatedDevice(profile: "iphone", seed: 2)
        let player = try device.launch("Podcasts", backgroundAudio: true) { try PodcastBench.loaded() }
        try device.run(as: "Podcasts") { try player.play() }
        device.advance(by: .seconds(1))
        device.server.sendRemoteCommand(.skipForward(seconds: 30), from: .lockScreen)
        device.advance(by: .milliseconds(500))
        #expect(player.position > 30)
        device.server.sendRemoteCommand(.pause, from: .lockScreen)
        device.advance(by: .milliseconds(500))
        #expect(!player.isPlaying)
        #expect(try device.audio(at: "Speaker", from: at(1_600), to: at(2_000)).isSilent)
    }

    @Test func aClipIsRecordedFromTheMicrophone() throws {
        let device = try SimulatedDevice(profile: "iphone", seed: 3)
        let recorder = try device.launch("Podcasts", backgroundAudio: true) { ClipRecorder() }
        device.run(as: "Podcasts") { recorder.requestPermission { _ in } }
        device.answerRecordPermission("Podcasts", granted: true)
        let clip = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(getpid()).wav")
        try device.run(as: "Podcasts") { try recorder.record(to: clip, seconds: 1) }
        device.advance(by: .milliseconds(1_500))
        device.run(as: "Podcasts") { recorder.finish() }
        let recorded = try AVAudioFile(forReading: clip)
        #expect(abs(Double(recorded.length) / recorded.fileFormat.sampleRate - 1) < 0.05)
        // What the app's input read, as the harness kept it: the microphone of a quiet room.
        #expect(try device.recording(of: "Podcasts", from: at(100), to: at(900)).level.peakDBFS < -40)
    }

    /// A time on the simulated clock, `milliseconds` after the device started.
    private func at(_ milliseconds: Int64) -> HostTime { .zero + .milliseconds(milliseconds) }
}
