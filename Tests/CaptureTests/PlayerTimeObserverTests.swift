import AVFoundation
import Foundation
import SimCore
import Soundcheck
import Testing

/// AVPlayer's time observers, tested by time: each block runs at the instant the item reaches
/// its time on the simulation clock.
@Suite("AVPlayer: time observers")
struct PlayerTimeObserverTests {
    @Test("a periodic observer fires at every 0.5 s of item time while playing, on a seek and at a stop, and not after removal")
    func periodic() throws {
        let device = try SimulatedDevice(seed: 21)
        let url = try PlayerFixtures.toneFile("periodic", frequency: 440, seconds: 4)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let log = TimedLog(device)
        let player = try PlayerFixtures.launch(device) { AVPlayer(url: url) }
        let observer = device.run(as: "Music") {
            player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 2), queue: .main) { time in
                log.append("\(time.seconds)")
            }
        }
        device.run(as: "Music") { player.play() }
        device.advance(by: .milliseconds(2_200))
        #expect(log.entries == ["0.0", "0.5", "1.0", "1.5", "2.0"])
        // Every tick comes when the item is at its time: 500 ms apart on the device clock.
        let start = try #require(log.times.first)
        #expect(log.times.map { $0 - start } == [0, 500, 1_000, 1_500, 2_000])

        device.run(as: "Music") { player.seek(to: CMTime(value: 1, timescale: 4)) }
        device.advance(by: .milliseconds(600))
        #expect(Array(log.entries.dropFirst(5)) == ["0.25", "0.5"], "the jump, then the next multiple of the interval")
        let stoppedAt = device.run(as: "Music") { () -> Double in
            player.pause()
            return player.currentTime().seconds
        }
        device.advance(by: .milliseconds(10))
        #expect(log.entries.last == "\(stoppedAt)", "a stop fires with the time it stopped at")
        #expect(stoppedAt > 0.75 && stoppedAt <= 0.85)
        device.run(as: "Music") {
            player.removeTimeObserver(observer)
            player.play()
        }
        let count = log.entries.count
        device.advance(by: .seconds(1))
        #expect(log.entries.count == count, "nothing after removal")
    }

    @Test("a boundary observer fires once, when playback crosses its time")
    func boundary() throws {
        let device = try SimulatedDevice(seed: 22)
        let url = try PlayerFixtures.toneFile("boundary", frequency: 440, seconds: 3)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let log = TimedLog(device)
        let player = try PlayerFixtures.launch(device) { AVPlayer(url: url) }
        _ = device.run(as: "Music") {
            player.addPeriodicTimeObserver(forInterval: CMTime(value: 10, timescale: 1), queue: nil) { _ in log.append("start") }
        }
        _ = device.run(as: "Music") {
            player.addBoundaryTimeObserver(forTimes: [NSValue(time: CMTime(value: 1_250, timescale: 1_000))], queue: .main) {
                log.append("boundary at \(player.currentTime().seconds)")
            }
        }
        device.run(as: "Music") { player.play() }
        device.advance(by: .seconds(2))
        #expect(log.entries == ["start", "boundary at 1.25"])
        #expect(log.times[1] - log.times[0] == 1_250)
    }
}
