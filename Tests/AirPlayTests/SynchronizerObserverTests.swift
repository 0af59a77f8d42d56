import Foundation
import AVFoundation
import SimCore
import Soundcheck
import Testing

/// The synchronizer's time observers (the timeline, renderer removal, route detection, remote
/// commands and Now Playing are built-in checks: `AirPlayChecks`, `NowPlayingChecks`).
@Suite("AirPlay: synchronizer time observers")
struct SynchronizerAndNowPlayingTests {
    final class Log: @unchecked Sendable {
        var entries: [String] = []
    }

    @Test("Time observers: periodic observers fire every interval of timeline time, boundary observers at their times, none after removal")
    func observers() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
        let synchronizer = try device.launch("Radio") { AVSampleBufferRenderSynchronizer() }
        let log = Log()
        let periodic = device.run(as: "Radio") {
            synchronizer.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 1), queue: .main) { time in
                log.entries.append("tick \(time.seconds)")
            }
        }
        _ = device.run(as: "Radio") {
            synchronizer.addBoundaryTimeObserver(forTimes: [NSValue(time: CMTime(value: 2_500, timescale: 1_000))], queue: nil) {
                log.entries.append("boundary")
            }
        }
        device.run(as: "Radio") { synchronizer.rate = 1 }
        device.advance(by: .milliseconds(3_200))
        device.run(as: "Radio") { synchronizer.removeTimeObserver(periodic) }
        device.advance(by: .seconds(3))
        #expect(log.entries == ["tick 0.0", "tick 1.0", "tick 2.0", "boundary", "tick 3.0"])
    }
}
