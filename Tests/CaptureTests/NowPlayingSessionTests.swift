import AVFoundation
import Foundation
import MediaPlayer
import MediaServer
import SimCore
import Soundcheck
import Testing

/// `MPNowPlayingSession` on the simulated device: the active session's info reaches the system
/// and its command center gets the system's commands.
@Suite("MPNowPlayingSession")
struct NowPlayingSessionTests {
    final class Delegate: MPNowPlayingSessionDelegate, @unchecked Sendable {
        var changes: [Bool] = []
        func nowPlayingSessionDidChangeActive(_ nowPlayingSession: MPNowPlayingSession) { changes.append(nowPlayingSession.isActive) }
    }

    @Test("NOW-PLAYING-SESSION-ACTIVE: an automatically publishing session shows its player's item with where it stands; a second session taking over gets the system's pause, the first is told it is no longer active")
    @MainActor func activeSessionPublishesAndTakesCommands() throws {
        let device = try SimulatedDevice(seed: 9)
        let main = try PlayerFixtures.toneFile("main", frequency: 440, seconds: 10)
        let pip = try PlayerFixtures.toneFile("pip", frequency: 880, seconds: 10)
        let (mainPlayer, pipPlayer) = try device.launch("Music", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            return (AVPlayer(url: main), AVPlayer(url: pip))
        }
        let mainDelegate = Delegate()
        nonisolated(unsafe) var paused: [String] = []
        // The commands' targets come first: activating a non-mixable session while taking remote
        // commands is what makes the app the system's Now Playing app.
        let (first, second) = device.run(as: "Music") { () -> (MPNowPlayingSession, MPNowPlayingSession) in
            let first = MPNowPlayingSession(players: [mainPlayer])
            let second = MPNowPlayingSession(players: [pipPlayer])
            first.delegate = mainDelegate
            first.automaticallyPublishesNowPlayingInfo = true
            _ = first.remoteCommandCenter.pauseCommand.addTarget { _ in paused.append("main"); return .success }
            _ = second.remoteCommandCenter.pauseCommand.addTarget { _ in paused.append("pip"); return .success }
            return (first, second)
        }
        device.run(as: "Music") {
            MainActor.assumeIsolated { mainPlayer.currentItem?.nowPlayingInfo = [MPMediaItemPropertyTitle: "Episode 1"] }
            first.becomeActiveIfPossible()
            try? AVAudioSession.sharedInstance().setActive(true)
            mainPlayer.play()
        }
        device.advance(to: .seconds(2))
        #expect(first.isActive && !second.isActive)
        let shown = device.events(.nowPlayingInfo).last
        #expect(shown?.fields["title"] == .string("Episode 1") && shown?.fields["ratePerMille"] == .integer(1_000))
        #expect(PlayerFixtures.tone(device, 440, from: 1_000, to: 2_000) > 0.1)

        var became = false
        device.run(as: "Music") {
            second.nowPlayingInfo(title: "Picture in picture")
            second.becomeActiveIfPossible { became = $0 }
        }
        #expect(became && second.isActive && !first.isActive)
        #expect(mainDelegate.changes == [true, false])
        #expect(device.events(.nowPlayingInfo).last?.fields["title"] == .string("Picture in picture"))
        device.server.sendRemoteCommand(.pause, from: .controlCenter)
        device.advance(by: .milliseconds(100))
        #expect(paused == ["pip"], "the active session's command center gets the system's command")
    }
}

extension MPNowPlayingSession {
    fileprivate func nowPlayingInfo(title: String) { nowPlayingInfoCenter.nowPlayingInfo = [MPMediaItemPropertyTitle: title] }
}
