import Foundation
import MediaServer
import OpenAVFoundation
import OpenMediaPlayer
import OpenUIKit
import SimCore
import Soundcheck
import Testing
import VirtualDevices

@Suite("AirPlay: synchronizer timeline, route detection, remote commands and Now Playing")
struct SynchronizerAndNowPlayingTests {
    final class Log: @unchecked Sendable {
        var entries: [String] = []
    }

    @Test("AIRPLAY-SYNCHRONIZER-RATE, AIRPLAY-TIMEBASE-CLOCK: the timeline follows the host clock at the rate set; setRate(_:time:) sets the time first")
    func timeline() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
        let synchronizer = try device.launch("Radio") { AVSampleBufferRenderSynchronizer() }
        device.advance(by: .seconds(1))
        #expect(synchronizer.currentTime() == .zero)
        device.run(as: "Radio") { synchronizer.setRate(1, time: CMTime(value: 10, timescale: 1)) }
        device.advance(by: .milliseconds(2_500))
        #expect(synchronizer.currentTime() == CMTime(value: 12_500, timescale: 1_000))
        device.run(as: "Radio") { synchronizer.rate = 0 }
        device.advance(by: .seconds(3))
        #expect(synchronizer.currentTime() == CMTime(value: 12_500, timescale: 1_000))
        #expect(synchronizer.rate == 0)
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

    @Test("AIRPLAY-REMOVE-RENDERER: removeRenderer(_:at:) removes at the timeline time; a replaced removal and a stranger get false")
    func removeRenderer() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
        let (synchronizer, renderer, stranger) = try device.launch("Radio") {
            (AVSampleBufferRenderSynchronizer(), AVSampleBufferAudioRenderer(), AVSampleBufferAudioRenderer())
        }
        let log = Log()
        device.run(as: "Radio") {
            synchronizer.addRenderer(renderer)
            // The renderer has no data: start at once instead of waiting for it.
            synchronizer.delaysRateChangeUntilHasSufficientMediaData = false
            synchronizer.rate = 1
            synchronizer.removeRenderer(renderer, at: CMTime(value: 5, timescale: 1)) { log.entries.append("first \($0)") }
            synchronizer.removeRenderer(renderer, at: CMTime(value: 2, timescale: 1)) { log.entries.append("second \($0)") }
            synchronizer.removeRenderer(stranger, at: .invalid) { log.entries.append("stranger \($0)") }
        }
        device.advance(by: .seconds(1))
        #expect(synchronizer.renderers.count == 1)
        device.advance(by: .seconds(2))
        #expect(synchronizer.renderers.isEmpty)
        #expect(log.entries == ["first false", "stranger false", "second true"])
    }

    @Test("AIRPLAY-ROUTE-DETECTOR, AIRPLAY-ROUTE-DETECTION-DEFAULT-OFF: with detection on, an AirPlay speaker appearing sets multipleRoutesDetected and posts the notification")
    func routeDetector() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
        let detector = try device.launch("Radio") { AVRouteDetector() }
        let log = Log()
        let token = NotificationCenter.default.addObserver(forName: .AVRouteDetectorMultipleRoutesDetectedDidChange, object: detector,
                                                           queue: nil) { _ in log.entries.append("changed \(detector.multipleRoutesDetected)") }
        defer { NotificationCenter.default.removeObserver(token) }
        try device.attach("airplay:2")
        #expect(!detector.multipleRoutesDetected, "detection is off by default")
        device.run(as: "Radio") { detector.isRouteDetectionEnabled = true }
        device.advance(by: .milliseconds(10))
        #expect(detector.multipleRoutesDetected)
        try device.detach("airplay#1")
        device.advance(by: .milliseconds(10))
        #expect(!detector.multipleRoutesDetected)
        #expect(log.entries == ["changed true", "changed false"])
    }

    @Test("REMOTE-COMMAND-CENTER-ADOPT, REMOTE-COMMAND-ENABLED: lock screen and headset commands reach the Now Playing app's handlers; disabled commands are not delivered")
    func remoteCommands() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
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
        #expect(controller.commands == ["pause", "skip 30", "position 600"])
        let lines = device.events("remote.command")
        #expect(lines.map { $0.fields["app"] } == Array(repeating: .string("Radio"), count: 4))
        #expect(lines.map { $0.fields["status"] } == [.integer(0), .integer(0), .integer(0), .null])
        #expect(lines.map { $0.fields["source"] } == [.string("lock-screen"), .string("headset"), .string("car"), .string("car")])
    }

    @Test("NOW-PLAYING-ELAPSED-EXTRAPOLATED, REMOTE-COMMAND-HANDLER-STATUS: the system extrapolates the elapsed time from the last value and the rate")
    func elapsedTime() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
        let controller = try device.launch("Radio") { NowPlayingController(title: "Morning Show") }
        device.server.sendRemoteCommand(.play, from: .lockScreen)
        #expect(device.server.nowPlayingApp == nil, "nobody is Now Playing before a session plays")
        device.run(as: "Radio") { controller.publish() }
        device.advance(by: .seconds(4))
        let center = device.run(as: "Radio") { MPNowPlayingInfoCenter.default() }
        #expect(center.nowPlayingInfo?[MPMediaItemPropertyTitle] as? String == "Morning Show")
        #expect(center.elapsedPlaybackTime(at: device.now) == 0)
        _ = device.run(as: "Radio") { MPRemoteCommandCenter.shared().playCommand }
        device.run(as: "Radio") {
            MPNowPlayingInfoCenter.default().nowPlayingInfo = [MPNowPlayingInfoPropertyElapsedPlaybackTime: 10.0,
                                                               MPNowPlayingInfoPropertyPlaybackRate: 1.0]
        }
        device.advance(by: .milliseconds(2_500))
        #expect(center.elapsedPlaybackTime(at: device.now) == 12.5)
        #expect(MPRemoteCommandHandlerStatus.commandFailed.rawValue == 200)
        #expect(MPNowPlayingPlaybackState.interrupted.rawValue == 4)
    }
}
