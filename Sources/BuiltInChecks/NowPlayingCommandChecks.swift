import Conformance
import Foundation
import MediaServer
import AVFoundation
import MediaPlayer
import UIKit
import SimCore
import Soundcheck

/// The remote commands beyond play and pause (feedback, rating, repeat, shuffle, seek, language
/// options, position) and what the system reads of the Now Playing info beyond the title.
enum NowPlayingCommandChecks {
    static var all: [BuiltInCheck] { [extended, position, info] }

    /// App "Radio" playing a 440 Hz file with AVPlayer as the Now Playing app; `handlers` installs its targets.
    static func radio(_ device: SimulatedDevice, seconds: Double = 3,
                      handlers: @escaping (MPRemoteCommandCenter, AVPlayer) -> Void) throws -> (AVPlayer, URL) {
        let url = try AudioPlayerChecks.toneFile("radio", frequency: 440, seconds: seconds)
        let player = try device.launch("Radio", backgroundAudio: true) { () throws -> AVPlayer in
            UIApplication.shared.beginReceivingRemoteControlEvents()
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            let player = AVPlayer(url: url)
            handlers(MPRemoteCommandCenter.shared(), player)
            return player
        }
        device.run(as: "Radio") { player.play() }
        return (player, url)
    }

    static let extended = BuiltInCheck(
        ["REMOTE-COMMAND-EXTENDED"],
        "like, dislike, bookmark, rating, repeat, shuffle, seek and language commands reach the Now Playing app's handlers as their event classes with their payloads; a rating outside the command's range and a language option the app did not publish are not delivered") { p in
        let device = try p.device()
        let log = EventLog()
        let (_, url) = try radio(device) { center, _ in
            let record = { (line: String) -> MPRemoteCommandHandlerStatus in log.append(line); return .success }
            _ = center.likeCommand.addTarget { record("like negative=\(($0 as? MPFeedbackCommandEvent)?.isNegative ?? true)") }
            _ = center.dislikeCommand.addTarget { record("dislike negative=\(($0 as? MPFeedbackCommandEvent)?.isNegative ?? false)") }
            _ = center.bookmarkCommand.addTarget { record("bookmark negative=\(($0 as? MPFeedbackCommandEvent)?.isNegative ?? true)") }
            center.ratingCommand.minimumRating = 1
            center.ratingCommand.maximumRating = 5
            _ = center.ratingCommand.addTarget { record("rating \(($0 as? MPRatingCommandEvent)?.rating ?? -1)") }
            _ = center.changeRepeatModeCommand.addTarget { record("repeat \(($0 as? MPChangeRepeatModeCommandEvent)?.repeatType.rawValue ?? -1)") }
            _ = center.changeShuffleModeCommand.addTarget { record("shuffle \(($0 as? MPChangeShuffleModeCommandEvent)?.shuffleType.rawValue ?? -1)") }
            _ = center.seekForwardCommand.addTarget { record("seek forward \(($0 as? MPSeekCommandEvent)?.type.rawValue ?? 9)") }
            _ = center.seekBackwardCommand.addTarget { record("seek backward \(($0 as? MPSeekCommandEvent)?.type.rawValue ?? 9)") }
            _ = center.enableLanguageOptionCommand.addTarget { event in
                let change = event as? MPChangeLanguageOptionCommandEvent
                return record("language \(change?.languageOption.displayName ?? "?") setting \(change?.setting.rawValue ?? -1)")
            }
            let french = MPNowPlayingInfoLanguageOption(type: .legible, languageTag: "fr", characteristics: nil, displayName: "Français", identifier: "sub-fr")
            MPNowPlayingInfoCenter.default().nowPlayingInfo = [
                MPMediaItemPropertyTitle: "Evening Show",
                MPNowPlayingInfoPropertyAvailableLanguageOptions: [MPNowPlayingInfoLanguageOptionGroup(languageOptions: [french],
                                                                                                     defaultLanguageOption: nil, allowEmptySelection: true)],
            ]
        }
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let commands: [RemoteCommand] = [
            .like(negative: false), .dislike(negative: true), .bookmark(negative: false), .rating(4), .rating(9),
            .changeRepeatMode(2), .changeShuffleMode(1), .seekForward(begin: true), .seekForward(begin: false), .seekBackward(begin: true),
            .enableLanguageOption(identifier: "sub-fr", setting: 2), .enableLanguageOption(identifier: "sub-de", setting: 1),
        ]
        for command in commands { device.server.sendRemoteCommand(command, from: .lockScreen) }
        p.expect(log.entries, equals: ["like negative=false", "dislike negative=true", "bookmark negative=false", "rating 4.0", "repeat 2",
                                       "shuffle 1", "seek forward 0", "seek forward 1", "seek backward 0", "language Français setting 2"],
                 "what the handlers received")
        let statuses = device.events(.remoteCommand).map { $0.fields["status"] }
        p.expect(statuses, equals: [0, 0, 0, 0, nil, 0, 0, 0, 0, 0, 0, nil].map { $0.map { TraceValue.integer($0) } ?? .null },
                 "statuses (rating 9 is out of range, sub-de was never published)")
    }

    static let position = BuiltInCheck(
        ["REMOTE-COMMAND-EXTENDED", "AIRPLAY-AVPLAYER-SEEK"],
        "a change-playback-position command the app answers with AVPlayer.seek(to:) moves what the speaker plays: a 3 s tone sought to 2.5 s ends half a second later") { p in
        let device = try p.device()
        let (_, url) = try radio(device) { center, player in
            _ = center.changePlaybackPositionCommand.addTarget { event in
                guard let position = (event as? MPChangePlaybackPositionCommandEvent)?.positionTime else { return .commandFailed }
                player.seek(to: CMTime(seconds: position, preferredTimescale: 1_000))
                return .success
            }
        }
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        _ = device.advance(by: .milliseconds(500))
        let sent = device.now.nanoseconds / 1_000_000
        device.server.sendRemoteCommand(.changePlaybackPosition(seconds: 2.5), from: .lockScreen)
        _ = device.advance(by: .seconds(1))
        p.expect(AirPlayBench.toneDBFS(device, "Speaker", 440, from: sent + 100, to: sent + 400) > -10, "the tone plays on from 2.5 s")
        p.expect(AirPlayBench.toneDBFS(device, "Speaker", 440, from: sent + 600, to: sent + 1_000) < -60, "and ends 0.5 s after the command")
    }

    /// A PNG header of `width` × `height` pixels: all `UIImage(data:)` reads.
    static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return Data(bytes + [8, 6, 0, 0, 0, 0, 0, 0, 0])
    }

    static let info = BuiltInCheck(
        ["NOW-PLAYING-INFO-EXTENDED"],
        "the system reads the media type, the chapter and the artwork (asking for it at its bounds) from the Now Playing info") { p in
        let device = try p.device()
        let asked = EventLog()
        let (_, url) = try radio(device) { _, _ in
            let cover = UIImage(data: png(width: 600, height: 600), scale: 2)!
            let artwork = MPMediaItemArtwork(boundsSize: cover.size) { size in asked.append("\(Int(size.width))x\(Int(size.height))"); return cover }
            MPNowPlayingInfoCenter.default().nowPlayingInfo = [
                MPMediaItemPropertyTitle: "Chapter Book", MPMediaItemPropertyArtwork: artwork,
                MPNowPlayingInfoPropertyMediaType: MPNowPlayingInfoMediaType.audio.rawValue,
                MPNowPlayingInfoPropertyChapterNumber: 2, MPNowPlayingInfoPropertyChapterCount: 12,
            ]
        }
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let line = device.events(.nowPlayingInfo).last
        p.expect(line?.fields["mediaType"], equals: .string("audio"), "the media type")
        p.expect(line?.fields["chapter"], equals: .string("3/12"), "the chapter (number 2 counts from 0)")
        p.expect(line?.fields["artwork"], equals: .string("600x600"), "the artwork's pixels")
        p.expect(asked.entries, equals: ["300x300"], "the size the system asked the artwork for (its bounds, in points)")
    }
}
