import Foundation
import MediaServer
import AVFoundation
import SimCore
import Soundcheck

/// `AVQueuePlayer` (WWDC 2017 session 509: "simply setting the rate of 1 on the AVQueuePlayer,
/// which in response will begin downloading the audio data … and then playing it out the
/// speakers"), with items made from local files, heard at the speaker.
enum QueuePlayerChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["AIRPLAY-AVPLAYER-RATE"],
                     "an AVQueuePlayer of three files loads nothing until its rate is set to 1, then plays them in turn at the speaker (the second, at 48 kHz, right after the first); advanceToNextItem skips to the third and pause silences it") { p in
            let device = try p.device()
            let tones: [(frequency: Double, rate: Double)] = [(440, 44_100), (660, 48_000), (880, 44_100)]
            let urls = try tones.enumerated().map { index, tone in
                try AudioPlayerChecks.toneFile("item\(index)", frequency: tone.frequency, seconds: 1.5, rate: tone.rate)
            }
            defer { for url in urls { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) } }
            let ends = EventLog()
            let (player, items) = try device.launch("Music", backgroundAudio: true) { () throws -> (AVQueuePlayer, [AVPlayerItem]) in
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                let items = urls.map { AVPlayerItem(url: $0) }
                for (index, item) in items.enumerated() {
                    _ = NotificationCenter.default.addObserver(forName: AVPlayerItem.didPlayToEndTimeNotification, object: item,
                                                               queue: nil) { _ in ends.append("item \(index)") }
                }
                return (AVQueuePlayer(items: items), items)
            }
            let speaker = try AirPlayChecks.speaker(p, device)
            _ = device.advance(by: .milliseconds(500))
            p.expect(items.map(\.status), equals: [.unknown, .unknown, .unknown], "item status before the rate is set")
            p.expect(!items[0].duration.isNumeric, "the first item's duration is unknown before loading")
            p.expect(device.peakDBFS(speaker, last: .milliseconds(500)) < -90, "silent before the rate is set")

            device.run(as: "Music") { player.rate = 1 }
            let start = device.now.nanoseconds / 1_000_000
            _ = device.advance(by: .milliseconds(100))
            p.expect(items[0].status, equals: .readyToPlay, "the first item is loaded once the rate is 1")
            p.expect(items[0].duration, equals: CMTime(value: 66_150, timescale: 44_100), "its duration")
            _ = device.advance(by: .milliseconds(1_900))
            p.expect(AirPlayBench.toneDBFS(device, speaker, 440, from: start + 200, to: start + 1_400) > -10, "the first item at the speaker")
            p.expect(AirPlayBench.toneDBFS(device, speaker, 660, from: start + 1_600, to: start + 2_000) > -10,
                     "the second item (48 kHz) right after the first")
            p.expect(ends.entries, equals: ["item 0"], "didPlayToEndTime of the first item")
            p.expect(device.run(as: "Music") { player.items().count }, equals: 2, "items left after the first ends")
            p.expect(device.run(as: "Music") { player.currentItem === items[1] }, "the second item is current")

            device.run(as: "Music") { player.advanceToNextItem() }
            let skipped = device.now.nanoseconds / 1_000_000
            _ = device.advance(by: .milliseconds(700))
            p.expect(device.run(as: "Music") { player.items().map { $0 === items[2] } }, equals: [true], "the queue after advanceToNextItem")
            p.expect(AirPlayBench.toneDBFS(device, speaker, 880, from: skipped + 200, to: skipped + 700) > -10, "the third item after the skip")
            p.expect(AirPlayBench.toneDBFS(device, speaker, 660, from: skipped + 200, to: skipped + 700) < -40, "the second item no longer plays")

            device.run(as: "Music") { player.pause() }
            p.expect(device.run(as: "Music") { player.rate }, equals: 0, "rate after pause()")
            _ = device.advance(by: .milliseconds(500))
            p.expect(device.peakDBFS(speaker, last: .milliseconds(300)) < -90, "silent after pause()")
        },
    ] }
}
