import Foundation
import AVFAudio
import Soundcheck

/// AVAudioPlayer heard at the speaker: several at once, panned, paused, resumed and sought.
enum PlayerChecks {
    /// Launches "Player" in playback and opens a 2 s mono 1 kHz file in it.
    static func players(_ device: SimulatedDevice, count: Int, folder: URL) throws -> [AVAudioPlayer] {
        let url = folder.appendingPathComponent("tone.wav")
        try MultichannelChecks.writeTone(to: url, seconds: 2)
        return try device.launch("Player", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            return try (0..<count).map { _ in try AVAudioPlayer(contentsOf: url) }
        }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["PLAYER-PAN", "PLAYER-MULTIPLE-INSTANCES"], "two players sound at once, one panned full left and one full right") { p in
            let folder = try FileChecks.scratch("pan")
            defer { try? FileManager.default.removeItem(at: folder) }
            let device = try p.device()
            let players = try Self.players(device, count: 2, folder: folder)
            players[0].pan = -1
            device.run(as: "Player") { _ = players[0].play() }
            _ = device.advance(by: .milliseconds(300))
            p.expect(device.peakDBFS("Speaker", channel: 1) > -20 && device.peakDBFS("Speaker", channel: 2) < -60, "pan −1: left only")
            players[1].pan = 1
            device.run(as: "Player") { _ = players[1].play() }
            _ = device.advance(by: .milliseconds(300))
            p.expect(players.allSatisfy(\.isPlaying), "both players play")
            p.expect(device.peakDBFS("Speaker", channel: 1) > -20 && device.peakDBFS("Speaker", channel: 2) > -20, "both sides sound together")
        },
        BuiltInCheck(["PLAYER-PLAY-RESUMES", "PLAYER-CURRENT-TIME-SEEK", "PLAYER-PROPERTIES"],
                     "pause keeps the playhead, play resumes there, currentTime seeks and zero rewinds; duration and channels are the file's") { p in
            let folder = try FileChecks.scratch("transport")
            defer { try? FileManager.default.removeItem(at: folder) }
            let device = try p.device()
            let player = try Self.players(device, count: 1, folder: folder)[0]
            p.expect(player.duration, equals: 2, "duration")
            p.expect(player.numberOfChannels, equals: 1, "numberOfChannels")
            device.run(as: "Player") { _ = player.play() }
            _ = device.advance(by: .milliseconds(500))
            device.run(as: "Player") { player.pause() }
            let paused = player.currentTime
            p.expect(!player.isPlaying && abs(paused - 0.5) < 0.05, "paused at 0.5 s (\(paused))")
            _ = device.advance(by: .milliseconds(300))
            p.expect(device.peakDBFS("Speaker") < -90, "silent while paused")
            p.expect(player.currentTime, equals: paused, "the playhead stays while paused")
            device.run(as: "Player") { _ = player.play() }
            _ = device.advance(by: .milliseconds(200))
            p.expect(abs(player.currentTime - paused - 0.2) < 0.05, "play resumed from the paused playhead (\(player.currentTime))")
            player.currentTime = 1.5
            _ = device.advance(by: .milliseconds(100))
            p.expect(abs(player.currentTime - 1.6) < 0.05, "setting currentTime seeks (\(player.currentTime))")
            player.currentTime = 0
            p.expect(player.currentTime < 0.05, "zero rewinds")
            player.isMeteringEnabled = true
            _ = device.advance(by: .milliseconds(100))
            player.updateMeters()
            p.expect(player.peakPower(forChannel: 0) > -12, "metering reports the tone's peak (\(player.peakPower(forChannel: 0)) dB)")
        },
        BuiltInCheck(["RECORDER-QUALITY-RAW-VALUES"], "AVAudioQuality has the SDK's raw values") { p in
            let values: [(AVAudioQuality, Int)] = [(.min, 0), (.low, 0x20), (.medium, 0x40), (.high, 0x60), (.max, 0x7F)]
            for (quality, raw) in values { p.expect(quality.rawValue, equals: raw, "\(quality)") }
        },
    ] }
}
