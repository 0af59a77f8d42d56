import AVFoundation
import Foundation
import SimCore
import Soundcheck
import Testing

/// AVPlayer's and AVPlayerItem's state and controls, heard at the speaker where they change
/// what plays.
@Suite("AVPlayer: status, starting, items")
struct PlayerStateTests {
    final class Flags: @unchecked Sendable {
        var values: [String] = []
    }

    @Test("status, timeControlStatus and reasonForWaitingToPlay follow the player; rate changes are posted; defaultRate is play()'s rate")
    func statuses() throws {
        let device = try SimulatedDevice(seed: 31)
        let url = try PlayerFixtures.toneFile("status", frequency: 440, seconds: 3)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let log = TimedLog(device)
        let player = try PlayerFixtures.launch(device) { AVPlayer() }
        try device.run(as: "Music") {
            _ = NotificationCenter.default.addObserver(forName: AVPlayer.rateDidChangeNotification, object: player, queue: nil) { _ in
                log.append("rate \(player.rate)")
            }
            #expect(player.status == AVPlayer.Status.unknown && player.error == nil)
            #expect(player.timeControlStatus == AVPlayer.TimeControlStatus.paused && player.reasonForWaitingToPlay == nil)
            player.play()
            #expect(player.timeControlStatus == AVPlayer.TimeControlStatus.waitingToPlayAtSpecifiedRate)
            #expect(player.reasonForWaitingToPlay == AVPlayer.WaitingReason.noItemToPlay)
            #expect(player.automaticallyWaitsToMinimizeStalling && player.allowsExternalPlayback && !player.isExternalPlaybackActive)
            player.pause()
            player.defaultRate = 2
            player.replaceCurrentItem(with: AVPlayerItem(asset: AVURLAsset(url: url)))
            let item = try #require(player.currentItem)
            let asset: AVAsset = item.asset
            #expect((asset as? AVURLAsset)?.url == url)
            item.audioTimePitchAlgorithm = .varispeed
            player.play()
            #expect(player.rate == 2)
            #expect(player.timeControlStatus == AVPlayer.TimeControlStatus.waitingToPlayAtSpecifiedRate)
            #expect(player.reasonForWaitingToPlay == AVPlayer.WaitingReason.toMinimizeStalls, "until the renderer has its data")
        }
        device.advance(by: .milliseconds(500))
        device.run(as: "Music") {
            #expect(player.status == AVPlayer.Status.readyToPlay)
            #expect(player.timeControlStatus == AVPlayer.TimeControlStatus.playing && player.reasonForWaitingToPlay == nil)
        }
        // Varispeed at rate 2: the 440 Hz file is heard an octave up.
        let now = device.now.nanoseconds / 1_000_000
        #expect(PlayerFixtures.tone(device, 880, from: now - 400, to: now) > 0.3)
        #expect(PlayerFixtures.tone(device, 440, from: now - 400, to: now) < 0.05)
        device.run(as: "Music") { player.pause() }
        #expect(log.entries == ["rate 1.0", "rate 0.0", "rate 2.0", "rate 0.0"])
        #expect(device.run(as: "Music") { player.timeControlStatus } == .paused)
    }

    @Test("the player types' raw values are Apple's")
    func rawValues() {
        #expect([AVPlayer.Status.unknown, AVPlayer.Status.readyToPlay, AVPlayer.Status.failed].map(\.rawValue) == [0, 1, 2])
        #expect([AVPlayerItem.Status.unknown, AVPlayerItem.Status.readyToPlay, AVPlayerItem.Status.failed].map(\.rawValue) == [0, 1, 2])
        #expect([AVPlayer.TimeControlStatus.paused, AVPlayer.TimeControlStatus.waitingToPlayAtSpecifiedRate,
                 AVPlayer.TimeControlStatus.playing].map(\.rawValue) == [0, 1, 2])
        #expect(AVPlayer.TimeControlStatus(rawValue: 2) == .playing && AVPlayer.Status(rawValue: 2) == .failed)
        #expect([AVPlayer.ActionAtItemEnd.advance, AVPlayer.ActionAtItemEnd.pause, AVPlayer.ActionAtItemEnd.none].map(\.rawValue) == [0, 1, 2])
        #expect(AVPlayer.ActionAtItemEnd(rawValue: 1) == .pause)
        #expect(AVPlayer.WaitingReason.toMinimizeStalls.rawValue == "AVPlayerWaitingToMinimizeStallsReason")
        #expect(AVPlayer.WaitingReason.evaluatingBufferingRate.rawValue == "AVPlayerWaitingWhileEvaluatingBufferingRateReason")
        #expect(AVPlayer.WaitingReason.noItemToPlay == AVPlayer.WaitingReason(rawValue: "AVPlayerWaitingWithNoItemToPlayReason"))
        #expect([AVPlayerAudiovisualBackgroundPlaybackPolicy.automatic, .pauses, .continuesIfPossible].map(\.rawValue) == [1, 2, 3])
    }

    @Test("playImmediately starts at once; setRate(_:time:atHostTime:) starts the item time given at the host time given")
    func startingAtAHostTime() throws {
        let device = try SimulatedDevice(seed: 32)
        let url = try PlayerFixtures.toneFile("hosttime", frequency: 440, seconds: 3)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let player = try PlayerFixtures.launch(device) { AVPlayer(url: url) }
        device.advance(by: .milliseconds(100))
        let start = device.now.nanoseconds / 1_000_000 + 500
        device.run(as: "Music") {
            player.automaticallyWaitsToMinimizeStalling = false
            let host = CMClockGetTime(CMClockGetHostTimeClock())
            player.setRate(1, time: CMTime(value: 1, timescale: 1), atHostTime: host + CMTime(value: 1, timescale: 2))
        }
        device.advance(by: .milliseconds(1_000))
        #expect(PlayerFixtures.tone(device, 440, from: start - 450, to: start - 50) < 0.01, "silent until the host time")
        #expect(PlayerFixtures.tone(device, 440, from: start + 50, to: start + 450) > 0.4)
        let itemTime = device.run(as: "Music") { player.currentTime().seconds }
        #expect(abs(itemTime - 1.5) < 0.001, "1 s of item time at the host time, 0.5 s later it is 1.5 s")
        device.run(as: "Music") { player.pause() }
        device.advance(by: .milliseconds(100))
        let again = device.now.nanoseconds / 1_000_000
        device.run(as: "Music") {
            player.playImmediately(atRate: 1)
            #expect(player.timeControlStatus == .playing, "no wait for data")
        }
        device.advance(by: .milliseconds(300))
        #expect(PlayerFixtures.tone(device, 440, from: again + 20, to: again + 300) > 0.4)
    }

    @Test("the synchronizer's setRate(_:time:atHostTime:) anchors its timeline at the host time")
    func synchronizerHostTime() throws {
        let device = try SimulatedDevice(seed: 33)
        let synchronizer = try device.launch("Radio") { AVSampleBufferRenderSynchronizer() }
        device.run(as: "Radio") {
            let host = CMClockGetTime(CMClockGetHostTimeClock())
            synchronizer.delaysRateChangeUntilHasSufficientMediaData = false
            synchronizer.setRate(1, time: CMTime(value: 5, timescale: 1), atHostTime: host + CMTime(value: 1, timescale: 1))
        }
        device.advance(by: .seconds(1))
        #expect(device.run(as: "Radio") { synchronizer.currentTime() } == CMTime(value: 5, timescale: 1))
    }

    @Test("preroll completes with true; a cancelled one with false")
    func preroll() throws {
        let device = try SimulatedDevice(seed: 34)
        let url = try PlayerFixtures.toneFile("preroll", frequency: 440, seconds: 2)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let flags = Flags()
        let player = try PlayerFixtures.launch(device) { AVPlayer(url: url) }
        device.run(as: "Music") {
            player.preroll(atRate: 1) { flags.values.append("first \($0)") }
            player.cancelPendingPrerolls()
            player.preroll(atRate: 1) { flags.values.append("second \($0)") }
        }
        device.advance(by: .milliseconds(100))
        #expect(flags.values == ["first false", "second true"])
        #expect(device.run(as: "Music") { player.status } == .readyToPlay)
    }

    @Test("item seeks: through its player, cancelled ones complete with false, the jump is posted; a loaded item's ranges and buffer")
    func itemSeeks() throws {
        let device = try SimulatedDevice(seed: 35)
        let url = try PlayerFixtures.toneFile("itemseek", frequency: 440, seconds: 3)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let flags = Flags()
        let (player, item) = try PlayerFixtures.launch(device) { () -> (AVPlayer, AVPlayerItem) in
            let item = AVPlayerItem(url: url)
            return (AVPlayer(playerItem: item), item)
        }
        device.run(as: "Music") {
            for name in [AVPlayerItem.timeJumpedNotification, .AVPlayerItemTimeJumped, AVPlayerItem.playbackStalledNotification,
                         .AVPlayerItemPlaybackStalled] {
                _ = NotificationCenter.default.addObserver(forName: name, object: item, queue: nil) { note in
                    flags.values.append(note.name == AVPlayerItem.timeJumpedNotification ? "jumped" : "stalled")
                }
            }
            #expect(item.isPlaybackBufferEmpty && !item.isPlaybackBufferFull && !item.isPlaybackLikelyToKeepUp)
            #expect(item.loadedTimeRanges.isEmpty && item.seekableTimeRanges.isEmpty)
            #expect(item.preferredForwardBufferDuration == 0 && !item.reversePlaybackEndTime.isValid)
            player.play()
        }
        device.advance(by: .milliseconds(500))
        device.run(as: "Music") {
            #expect(!item.isPlaybackBufferEmpty && item.isPlaybackBufferFull && item.isPlaybackLikelyToKeepUp)
            let whole = CMTimeRange(start: .zero, duration: CMTime(value: 144_000, timescale: 48_000))
            #expect(item.loadedTimeRanges.map(\.timeRangeValue) == [whole])
            #expect(item.seekableTimeRanges.map(\.timeRangeValue) == [whole])
            item.seek(to: CMTime(value: 2, timescale: 1)) { flags.values.append("seek \($0)") }
            item.cancelPendingSeeks()
            item.seek(to: CMTime(value: 2, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero) { flags.values.append("exact \($0)") }
        }
        device.advance(by: .milliseconds(100))
        #expect(flags.values == ["jumped", "jumped", "jumped", "jumped", "seek false", "exact true"])
        let itemTime = device.run(as: "Music") { item.currentTime().seconds }
        #expect(itemTime > 2 && itemTime <= 2.1, "at 2 s, then playing (after the wait for data a seek brings)")
        device.advance(by: .seconds(2))
        #expect(!flags.values.contains("stalled"), "a local file never stalls")
    }

    @Test("forwardPlaybackEndTime ends the item there: the end is posted and the tone stops")
    func forwardEnd() throws {
        let device = try SimulatedDevice(seed: 36)
        let url = try PlayerFixtures.toneFile("forwardend", frequency: 440, seconds: 3)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let log = TimedLog(device)
        let player = try PlayerFixtures.launch(device) { () -> AVPlayer in
            let item = AVPlayerItem(url: url)
            item.forwardPlaybackEndTime = CMTime(value: 1, timescale: 1)
            _ = NotificationCenter.default.addObserver(forName: AVPlayerItem.didPlayToEndTimeNotification, object: item, queue: nil) { _ in
                log.append("end")
            }
            return AVPlayer(playerItem: item)
        }
        device.run(as: "Music") { player.play() }
        let start = device.now.nanoseconds / 1_000_000
        device.advance(by: .seconds(2))
        #expect(log.entries == ["end"])
        #expect(abs(log.times[0] - start - 1_000) <= 50)
        #expect(PlayerFixtures.tone(device, 440, from: start + 200, to: start + 900) > 0.4)
        #expect(PlayerFixtures.tone(device, 440, from: start + 1_200, to: start + 1_900) < 0.01)
    }

    @Test("a media-services reset fails the player and posts failedToPlayToEndTime with the error")
    func failedToPlayToEnd() throws {
        let device = try SimulatedDevice(seed: 37)
        let url = try PlayerFixtures.toneFile("reset", frequency: 440, seconds: 3)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let flags = Flags()
        let player = try PlayerFixtures.launch(device) { AVPlayer(url: url) }
        device.run(as: "Music") {
            _ = NotificationCenter.default.addObserver(forName: .AVPlayerItemFailedToPlayToEndTime, object: player.currentItem, queue: nil) { note in
                let error = note.userInfo?[AVPlayerItemFailedToPlayToEndTimeErrorKey] as? NSError
                flags.values.append("failed \(error?.code ?? 0)")
            }
            player.play()
        }
        device.advance(by: .milliseconds(500))
        try device.perform(.mediaServerCrash(restartDelay: .milliseconds(200)))
        device.advance(by: .milliseconds(100))
        #expect(flags.values == ["failed -11819"])
        device.run(as: "Music") {
            #expect(player.status == .failed && player.rate == 0)
            #expect((player.error as? NSError)?.code == -11819)
        }
        #expect(AVPlayerItem.failedToPlayToEndTimeNotification == .AVPlayerItemFailedToPlayToEndTime)
    }

    @Test("AVQueuePlayer: insert after the current item plays next, remove and removeAllItems take items out, canInsert refuses duplicates")
    func queueEdits() throws {
        let device = try SimulatedDevice(seed: 38)
        let urls = try [440.0, 660, 880].map { try PlayerFixtures.toneFile("queue\(Int($0))", frequency: $0, seconds: 1) }
        defer { for url in urls { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) } }
        let (player, items) = try PlayerFixtures.launch(device) { () -> (AVQueuePlayer, [AVPlayerItem]) in
            let items = urls.map { AVPlayerItem(url: $0) }
            return (AVQueuePlayer(items: [items[0], items[2]]), items)
        }
        device.run(as: "Music") {
            #expect(!player.canInsert(items[0], after: nil), "already in the queue")
            #expect(!player.canInsert(items[1], after: items[1]), "after an item not in the queue")
            #expect(player.canInsert(items[1], after: items[0]))
            player.play()
        }
        let start = device.now.nanoseconds / 1_000_000
        device.advance(by: .milliseconds(300))
        device.run(as: "Music") {
            player.insert(items[1], after: items[0])
            #expect(player.items().map { items.firstIndex(of: $0) } == [0, 1, 2])
            player.remove(items[2])
            #expect(player.items().count == 2)
        }
        device.advance(by: .milliseconds(1_500))
        #expect(PlayerFixtures.tone(device, 440, from: start + 100, to: start + 900) > 0.4)
        #expect(PlayerFixtures.tone(device, 660, from: start + 1_100, to: start + 1_700) > 0.4, "the inserted item plays second")
        #expect(PlayerFixtures.tone(device, 880, from: start + 1_100, to: start + 1_700) < 0.01, "the removed one does not")
        device.run(as: "Music") {
            player.removeAllItems()
            #expect(player.items().isEmpty && player.currentItem == nil)
        }
        let emptied = device.now.nanoseconds / 1_000_000
        device.advance(by: .milliseconds(300))
        #expect(PlayerFixtures.tone(device, 660, from: emptied + 100, to: emptied + 300) < 0.01, "silence once emptied")
    }
}
