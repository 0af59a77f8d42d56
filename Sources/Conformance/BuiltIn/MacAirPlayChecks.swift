import Foundation
import MediaServer
import AVFoundation
import AudioToolbox
import MediaPlayer
import UIKit
import SimCore
import Soundcheck

/// Long-form audio and Now Playing on the Mac (the `mac` device profile): what a Mac app does
/// differently — it only sets the route sharing policy, and it tells Now Playing when it plays.
enum MacAirPlayChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["AIRPLAY-MACOS-SESSION"],
                     "on a Mac an app that only sets its route sharing policy to long-form (no category, no activation) plays on the AirPlay 2 speaker the user picked, while another app's system sound stays on the MacBook speakers") { p in
            let device = try SimulatedDevice(profile: "mac", platform: p.platform, seed: 2)
            try device.attach("airplay:2")
            let airPlay = try p.require(device.device.ports.first { $0.portType == .airPlay }?.uid, "the AirPlay speaker")
            let speakers = try p.require(device.device.ports.first { $0.portType == .builtInSpeaker }?.uid, "the MacBook speakers")
            let (renderer, synchronizer) = try device.launch("Music", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setRouteSharingPolicy(.longFormAudio)
                let pair = (AVSampleBufferAudioRenderer(), AVSampleBufferRenderSynchronizer())
                pair.1.addRenderer(pair.0)
                return pair
            }
            p.expect(device.run(as: "Music") { AVAudioSession.sharedInstance().routeSharingPolicy }, equals: .longFormAudio, "the policy reads back")
            device.server.pickLongFormRoute([airPlay])
            try device.run(as: "Music") {
                renderer.enqueue(try AirPlayBench.sineBuffer(rate: 44_100, channels: 2, float: false, frequency: 440, startFrame: 0,
                                                             frames: 3 * 44_100))
                synchronizer.rate = 1
            }
            // Mail plays a system sound (the talk's "as distinct from things like system sounds on a Mac").
            let tone = try AudioPlayerChecks.toneFile("mail", frequency: 880, seconds: 3)
            defer { try? FileManager.default.removeItem(at: tone.deletingLastPathComponent()) }
            var sound: SystemSoundID = 0
            try CheckProbe.requireNoErr(AudioServicesCreateSystemSoundID(tone as CFURL, &sound), "AudioServicesCreateSystemSoundID")
            defer { _ = AudioServicesDisposeSystemSoundID(sound) }
            try device.launch("Mail") { AudioServicesPlaySystemSound(sound) }
            _ = device.advance(by: .milliseconds(2_500))
            p.expect(device.events("api.setActive", app: "Music").isEmpty, "the long-form app never activated a session")
            p.expect(AirPlayBench.toneDBFS(device, airPlay, 440, from: 1_000, to: 2_000) > -7, "the long-form app on the AirPlay speaker")
            p.expect(AirPlayBench.toneDBFS(device, airPlay, 880, from: 1_000, to: 2_000) < -40, "not the system sound")
            p.expect(AirPlayBench.toneDBFS(device, speakers, 880, from: 1_000, to: 2_000) > -10, "the system sound on the MacBook speakers")
            p.expect(AirPlayBench.toneDBFS(device, speakers, 440, from: 1_000, to: 2_000) < -40, "not the long-form audio")
        },
        BuiltInCheck(["NOW-PLAYING-PLAYBACK-STATE-MAC"],
                     "on a Mac the play/pause command reaches the app that set MPNowPlayingInfoCenter.playbackState to playing (its player pauses and resumes), and stays with it while it says paused; an app playing without setting it gets none") { p in
            p.expect([MPNowPlayingPlaybackState.unknown, .playing, .paused, .stopped, .interrupted].map(\.rawValue), equals: [0, 1, 2, 3, 4],
                     "MPNowPlayingPlaybackState raw values")
            let device = try SimulatedDevice(profile: "mac", platform: p.platform, seed: 2)
            let tones = try [440.0, 660.0].map { try AudioPlayerChecks.toneFile("tone\(Int($0))", frequency: $0, seconds: 10) }
            defer { for url in tones { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) } }
            // Music plays and takes remote commands but never sets playbackState.
            let music = try device.launch("Music") { try MacPlayer(url: tones[0], setsPlaybackState: false) }
            device.run(as: "Music") { music.start() }
            p.expect(device.run(as: "Music") { MPNowPlayingInfoCenter.default().playbackState }, equals: .unknown, "playbackState by default")
            _ = device.advance(by: .milliseconds(500))
            device.server.sendRemoteCommand(.togglePlayPause, from: .controlCenter)
            _ = device.advance(by: .milliseconds(500))
            p.expect(device.events("remote.command").last?.fields["app"], equals: .null, "the command without a Now Playing app reaches no app")
            p.expect(music.commands, equals: [], "Music's handlers were not called")
            p.expect(music.isPlaying, "Music plays on")
            device.run(as: "Music") { music.stop() }
            // Podcasts says when it plays and stops, as the documentation asks.
            let podcasts = try device.launch("Podcasts") { try MacPlayer(url: tones[1], setsPlaybackState: true) }
            device.run(as: "Podcasts") { podcasts.start() }
            _ = device.advance(by: .milliseconds(500))
            p.expect(device.server.nowPlayingApp?.name, equals: "Podcasts", "the Now Playing app")
            device.server.sendRemoteCommand(.togglePlayPause, from: .controlCenter)
            _ = device.advance(by: .milliseconds(500))
            p.expect(podcasts.commands, equals: ["pause"], "the toggle reached Podcasts' handler")
            p.expect(!podcasts.isPlaying, "Podcasts paused")
            device.server.sendRemoteCommand(.togglePlayPause, from: .controlCenter)
            _ = device.advance(by: .milliseconds(500))
            p.expect(podcasts.commands, equals: ["pause", "play"], "paused, Podcasts still gets the next toggle")
            p.expect(podcasts.isPlaying, "Podcasts plays again")
            p.expect(device.events("remote.command").map { $0.fields["app"] }, equals: [.null, .string("Podcasts"), .string("Podcasts")],
                     "the apps the three commands reached")
            p.expect(device.events("nowplaying.state", app: "Podcasts").map { $0.fields["state"] },
                     equals: [.string("playing"), .string("paused"), .string("playing")], "the states Podcasts set")
        },
    ] }
}

/// A Mac player written against Apple's API: an AVAudioPlayer, the toggle command, and (when
/// `setsPlaybackState`) `MPNowPlayingInfoCenter.playbackState` at every start and stop.
final class MacPlayer: @unchecked Sendable {
    private let player: AVAudioPlayer
    private let setsPlaybackState: Bool
    private(set) var commands: [String] = []

    init(url: URL, setsPlaybackState: Bool) throws {
        player = try AVAudioPlayer(contentsOf: url)
        self.setsPlaybackState = setsPlaybackState
        _ = MPRemoteCommandCenter.shared().togglePlayPauseCommand.addTarget { [weak self] _ in
            guard let self else { return .commandFailed }
            self.commands.append(self.player.isPlaying ? "pause" : "play")
            if self.player.isPlaying { self.stop() } else { self.start() }
            return .success
        }
    }

    var isPlaying: Bool { player.isPlaying }

    func start() {
        player.play()
        if setsPlaybackState { MPNowPlayingInfoCenter.default().playbackState = .playing }
    }

    func stop() {
        player.pause()
        if setsPlaybackState { MPNowPlayingInfoCenter.default().playbackState = .paused }
    }
}
