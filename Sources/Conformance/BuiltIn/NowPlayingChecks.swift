import Foundation
import MediaServer
import AVFoundation
import MediaPlayer
import UIKit
import SimCore
import Soundcheck

/// Now Playing info and remote commands (MediaPlayer): what the system does with what the app
/// publishes, and which commands reach which handler.
enum NowPlayingChecks {
    static var all: [BuiltInCheck] { commands + adoption }

    /// App "Radio" playing the long-form fixture on the local route, taking remote commands:
    /// pause and play drive its synchronizer.
    static func radio(_ device: SimulatedDevice) throws -> SampleBufferPlayer {
        let player = try device.launch("Radio", backgroundAudio: true) {
            UIApplication.shared.beginReceivingRemoteControlEvents()
            let player = try SampleBufferPlayer(frequency: 440)
            let center = MPRemoteCommandCenter.shared()
            _ = center.pauseCommand.addTarget { _ in player.pause(); return .success }
            _ = center.playCommand.addTarget { _ in player.synchronizer.rate = 1; return .success }
            return player
        }
        try device.run(as: "Radio") { try player.play() }
        return player
    }

    static var adoption: [BuiltInCheck] { [
        BuiltInCheck(["NOW-PLAYING-ADOPT", "NOW-PLAYING-CONTROL-CENTER"],
                     "the playing app's Now Playing info reaches the system, and Control Center's pause and play reach its handlers: the speaker goes silent and plays again") { p in
            let device = try p.device()
            let player = try radio(device)
            let controller = device.run(as: "Radio") { NowPlayingController(title: "Morning Show") }
            device.run(as: "Radio") { controller.publish() }
            p.expect(device.server.nowPlayingApp?.name, equals: "Radio", "the system's Now Playing app")
            let info = device.events("nowplaying.info").last
            p.expect(info?.fields["title"], equals: .string("Morning Show"), "the title the system was given")
            p.expect(info?.fields["app"], equals: .string("Radio"), "from")
            _ = device.advance(by: .milliseconds(1_500))
            let uid = try AirPlayChecks.speaker(p, device)
            p.expect(AirPlayBench.toneDBFS(device, uid, 440, from: 1_000, to: 1_500) > -7, "playing before Control Center")
            device.server.sendRemoteCommand(.pause, from: .controlCenter)
            _ = device.advance(by: .seconds(1))
            p.expect(device.run(as: "Radio") { player.synchronizer.rate }, equals: 0, "paused from Control Center")
            p.expect(device.sink(uid).map { AirPlayBench.silent($0, from: 1_600, to: 2_500) } ?? false, "silent after the pause")
            device.server.sendRemoteCommand(.play, from: .controlCenter)
            _ = device.advance(by: .seconds(1))
            p.expect(AirPlayBench.toneDBFS(device, uid, 440, from: 2_700, to: 3_500) > -7, "playing again after Control Center's play")
            p.expect(device.events("remote.command").map { $0.fields["source"] }, equals: [.string("control-center"), .string("control-center")],
                     "sources")
        },
    ] }

    static var commands: [BuiltInCheck] { [
        BuiltInCheck(["REMOTE-COMMAND-HEADSET-BUTTON"],
                     "the headset's middle button reaches the playing app as toggle play/pause: its player pauses (the speaker goes silent) and plays again") { p in
            let folder = try FileChecks.scratch("headset")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("tone.wav")
            try MultichannelChecks.writeTone(to: url, seconds: 2)
            let device = try p.device()
            let player = try device.launch("Music", backgroundAudio: true) { () throws -> AVAudioPlayer in
                UIApplication.shared.beginReceivingRemoteControlEvents()
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                let player = try AVAudioPlayer(contentsOf: url)
                _ = MPRemoteCommandCenter.shared().togglePlayPauseCommand.addTarget { _ in
                    if player.isPlaying { player.pause() } else { _ = player.play() }
                    return .success
                }
                return player
            }
            device.run(as: "Music") { _ = player.play() }
            _ = device.advance(by: .milliseconds(300))
            p.expect(device.peakDBFS("Speaker") > -20, "playing")
            device.server.sendRemoteCommand(.togglePlayPause, from: .headset)
            _ = device.advance(by: .milliseconds(300))
            p.expect(!player.isPlaying && device.peakDBFS("Speaker") < -90, "the first press pauses")
            device.server.sendRemoteCommand(.togglePlayPause, from: .headset)
            _ = device.advance(by: .milliseconds(300))
            p.expect(player.isPlaying && device.peakDBFS("Speaker") > -20, "the second press plays")
            p.expect(device.events("remote.command").map { $0.fields["app"] }, equals: [.string("Music"), .string("Music")], "delivered to")
        },
        BuiltInCheck(["REMOTE-COMMAND-SIRI-DURING-INTERRUPTION"],
                     "a command given to Siri during its interruption reaches the interrupted Now Playing app's handler, and the interruption then ends with shouldResume, when the app honours it") { p in
            let device = try p.device()
            _ = try radio(device)
            let log = device.run(as: "Radio") { NotificationLog() }
            _ = device.advance(by: .milliseconds(500))
            try device.perform(.siri)
            device.server.sendRemoteCommand(.pause, from: .siri)
            let command = device.events("remote.command").last
            p.expect(command?.fields["app"], equals: .string("Radio"), "the Siri command's app")
            p.expect(command?.fields["status"], equals: .integer(0), "its handler's status")
            try device.perform(.siriEnd)
            let interruptions = log.entries.filter { $0.name == AVAudioSession.interruptionNotification }
            let types = interruptions.map { $0.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt }
            p.expect(types, equals: [AVAudioSession.InterruptionType.began.rawValue, AVAudioSession.InterruptionType.ended.rawValue], "interruption types")
            let options = interruptions.last?.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt
            p.expect(options, equals: AVAudioSession.InterruptionOptions.shouldResume.rawValue, "the ended notification's options")
        },
        BuiltInCheck(["REMOTE-COMMAND-CENTER-ADOPT", "REMOTE-COMMAND-ENABLED"],
                     "lock screen, headset and car commands reach the Now Playing app's handlers with their payloads; a disabled command is not delivered") { p in
            let device = try p.device()
            try device.attach("airplay:2")
            let (player, controller) = try device.launch("Radio", backgroundAudio: true) {
                UIApplication.shared.beginReceivingRemoteControlEvents()
                return (try SampleBufferPlayer(frequency: 440), NowPlayingController(title: "Morning Show"))
            }
            try device.run(as: "Radio") { try player.play() }
            device.server.sendRemoteCommand(.pause, from: .lockScreen)
            device.server.sendRemoteCommand(.skipForward(seconds: 30), from: .headset)
            device.server.sendRemoteCommand(.changePlaybackPosition(seconds: 600), from: .car)
            device.server.sendRemoteCommand(.nextTrack, from: .car)
            p.expect(controller.commands, equals: ["pause", "skip 30", "position 600"], "commands handled")
            let lines = device.events("remote.command")
            p.expect(lines.map { $0.fields["app"] }, equals: Array(repeating: .string("Radio"), count: 4), "delivered to")
            p.expect(lines.map { $0.fields["status"] }, equals: [.integer(0), .integer(0), .integer(0), .null], "statuses (next track disabled)")
            p.expect(lines.map { $0.fields["source"] }, equals: [.string("lock-screen"), .string("headset"), .string("car"), .string("car")], "sources")
        },
        BuiltInCheck(["NOW-PLAYING-ELAPSED-EXTRAPOLATED", "REMOTE-COMMAND-HANDLER-STATUS"],
                     "the system extrapolates the elapsed time from the last value set and the rate; handler statuses have the SDK's raw values") { p in
            let device = try p.device()
            let controller = try device.launch("Radio") { NowPlayingController(title: "Morning Show") }
            device.server.sendRemoteCommand(.play, from: .lockScreen)
            p.expect(device.server.nowPlayingApp == nil, "nobody is Now Playing before a session plays")
            device.run(as: "Radio") { controller.publish() }
            _ = device.advance(by: .seconds(4))
            let center = device.run(as: "Radio") { MPNowPlayingInfoCenter.default() }
            p.expect(center.nowPlayingInfo?[MPMediaItemPropertyTitle] as? String, equals: "Morning Show", "title")
            p.expect(center.elapsedPlaybackTime(at: device.now), equals: 0, "elapsed time at rate 0")
            device.run(as: "Radio") {
                MPNowPlayingInfoCenter.default().nowPlayingInfo = [MPNowPlayingInfoPropertyElapsedPlaybackTime: 10.0,
                                                                   MPNowPlayingInfoPropertyPlaybackRate: 1.0]
            }
            _ = device.advance(by: .milliseconds(2_500))
            p.expect(center.elapsedPlaybackTime(at: device.now), equals: 12.5, "elapsed time 2.5 s after setting 10 s at rate 1")
            let statuses: [(MPRemoteCommandHandlerStatus, Int)] = [(.success, 0), (.noSuchContent, 100), (.noActionableNowPlayingItem, 110),
                                                                   (.deviceNotFound, 120), (.commandFailed, 200)]
            for (status, raw) in statuses { p.expect(status.rawValue, equals: raw, "\(status)") }
        },
    ] }
}
