import Foundation
import MediaServer
import OpenAVFoundation
import OpenMediaPlayer
import OpenUIKit
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// The fixtures (written against Apple's API) on a simulated iPhone streaming to AirPlay speakers.
@Suite("AirPlay: long-form playback through the sample-buffer renderer")
struct AirPlayRendererTests {
    /// A phone with `speakers` attached, an app "Radio" running the fixture, the speakers picked.
    func playing(_ speakers: [String], frequency: Double = 440, seed: UInt64 = 1) throws -> (SimulatedDevice, SampleBufferPlayer, [String]) {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: seed)
        for spec in speakers { try device.attach(spec) }
        let uids = device.device.ports.filter { $0.portType == .airPlay }.map(\.uid)
        let player = try device.launch("Radio", backgroundAudio: true) { try SampleBufferPlayer(frequency: frequency) }
        device.server.pickLongFormRoute(uids)
        try device.run(as: "Radio") { try player.play() }
        return (device, player, uids)
    }

    func silent(_ sink: PortSink, from: Int64, to: Int64) -> Bool {
        sink.isSilent(channel: 1, from: HostTime(nanoseconds: from * 1_000_000), to: HostTime(nanoseconds: to * 1_000_000))
    }

    func toneDBFS(_ device: SimulatedDevice, _ uid: String, _ hertz: Double, from: Int64, to: Int64) -> Double {
        let amplitude = device.sink(uid)?.toneAmplitude(atFrequency: hertz, channel: 1, from: HostTime(nanoseconds: from * 1_000_000),
                                                        to: HostTime(nanoseconds: to * 1_000_000)) ?? 0
        return amplitude > 0 ? 20 * log10(amplitude) : -.infinity
    }

    func bufferedAhead(_ device: SimulatedDevice, _ uid: String) -> Double {
        guard let receiver = device.server.airPlay.receiver(uid), let end = receiver.bufferedEnd,
              let playing = receiver.streamFrame(at: device.now) else { return 0 }
        return Double(end - playing) / 44_100
    }

    @Test("AIRPLAY-ENHANCED-BUFFERING, AIRPLAY-FASTER-THAN-REALTIME, AIRPLAY-BUFFER-DEPTH-BY-ROUTE, AIRPLAY-LEGACY-REALTIME, AIRPLAY-REQUEST-MEDIA-DATA, AIRPLAY-ENQUEUE-WHILE-READY: the renderer fills an AirPlay 2 speaker minutes ahead, faster than real time; an AirPlay 1 speaker seconds")
    func bufferDepth() throws {
        let (two, kept1, twoUIDs) = try playing(["airplay:2"])
        defer { withExtendedLifetime(kept1) {} }
        two.advance(by: .seconds(10))
        // 8× real time: after 10 s about 70 s are ahead; after 30 s the two-minute buffer is full.
        #expect(bufferedAhead(two, twoUIDs[0]) > 60)
        two.advance(by: .seconds(20))
        #expect(bufferedAhead(two, twoUIDs[0]) > 110)
        let (one, kept2, oneUIDs) = try playing(["airplay:1"])
        defer { withExtendedLifetime(kept2) {} }
        one.advance(by: .seconds(10))
        #expect(bufferedAhead(one, oneUIDs[0]) <= 2.01)
        #expect(bufferedAhead(one, oneUIDs[0]) > 1.9)
        #expect(toneDBFS(one, oneUIDs[0], 440, from: 2_000, to: 10_000) > -7)
    }

    @Test("AIRPLAY-SURVIVES-DROPOUT, AIRPLAY-LEGACY-CUTS-OUT, AIRPLAY-RATE-ZERO-ON-INTERRUPTION: a 10 s Wi-Fi dropout passes unheard on AirPlay 2 and gaps an AirPlay 1 speaker once its 2 s are played")
    func dropout() throws {
        let (two, kept3, twoUIDs) = try playing(["airplay:2"])
        defer { withExtendedLifetime(kept3) {} }
        two.advance(by: .seconds(5))
        try two.perform(.networkDropout(duration: .seconds(10)))
        two.advance(by: .seconds(15))
        #expect(two.server.airPlay.receiver(twoUIDs[0])?.gapFrames == 0)
        #expect(toneDBFS(two, twoUIDs[0], 440, from: 5_000, to: 15_000) > -7)

        // A dropout longer than what the speaker holds yet (just after starting) gaps, then recovers.
        let (early, kept4, earlyUIDs) = try playing(["airplay:2"])
        defer { withExtendedLifetime(kept4) {} }
        early.advance(by: .milliseconds(1_500))
        try early.perform(.networkDropout(duration: .seconds(20)))
        early.advance(by: .seconds(25))
        let earlySink = try #require(early.sink(earlyUIDs[0]))
        #expect(toneDBFS(early, earlyUIDs[0], 440, from: 2_000, to: 11_000) > -7)
        #expect(silent(earlySink, from: 12_500, to: 21_000))
        #expect(toneDBFS(early, earlyUIDs[0], 440, from: 22_000, to: 26_000) > -7)
        #expect(early.events("airplay.gap.began").count == 1)

        // AirPlay 1: the speaker holds two seconds; it plays them out and gaps until the network
        // returns, then the stream goes on (this app is not the Now Playing app, so nothing
        // interrupts it).
        let (one, player, oneUIDs) = try playing(["airplay:1"])
        defer { withExtendedLifetime(player) {} }
        one.advance(by: .seconds(5))
        try one.perform(.networkDropout(duration: .seconds(10)))
        one.advance(by: .seconds(15))
        let sink = try #require(one.sink(oneUIDs[0]))
        #expect(!silent(sink, from: 5_000, to: 6_900))
        #expect(silent(sink, from: 7_200, to: 15_000))
        #expect(toneDBFS(one, oneUIDs[0], 440, from: 15_200, to: 20_000) > -7)
        #expect(one.events("airplay.gap.began").count == 1)
    }

    @Test("AIRPLAY-LEGACY-CUTS-OUT, AIRPLAY-RATE-ZERO-ON-INTERRUPTION: the Now Playing app's AirPlay 1 speaker leaving with the network interrupts it, and the synchronizer's rate drops to zero by itself")
    func dropoutInterruptsNowPlaying() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
        try device.attach("airplay:1")
        let uid = try #require(device.device.ports.first { $0.portType == .airPlay }?.uid)
        let player = try device.launch("Radio", backgroundAudio: true) {
            UIApplication.shared.beginReceivingRemoteControlEvents()
            return try SampleBufferPlayer(frequency: 440)
        }
        device.server.pickLongFormRoute([uid])
        try device.run(as: "Radio") { try player.play() }
        device.advance(by: .seconds(5))
        try device.perform(.networkDropout(duration: .seconds(10)))
        device.advance(by: .seconds(15))
        #expect(device.run(as: "Radio") { player.synchronizer.rate } == 0)
        #expect(device.events("notify.interruption", app: "Radio").count == 1)
        let sink = try #require(device.sink(uid))
        #expect(toneDBFS(device, uid, 440, from: 2_000, to: 5_000) > -7)
        #expect(silent(sink, from: 5_100, to: 20_000))
    }

    @Test("AIRPLAY-FLUSH-FROM-SOURCE-TIME, AIRPLAY-FLUSH-MAY-FAIL, AIRPLAY-FLUSH-ASYNC, AIRPLAY-FLUSH-WHILE-PLAYING: flush(fromSourceTime:) succeeds for audio a speaker has not started playing out and fails near or behind the playhead")
    func flushFromSourceTime() throws {
        let (two, player, _) = try playing(["airplay:2"])
        defer { withExtendedLifetime(player) {} }
        two.advance(by: .seconds(20))
        let now = two.run(as: "Radio") { player.synchronizer.currentTime() }
        two.run(as: "Radio") { player.replace(from: CMTimeAdd(now, CMTime(value: 30, timescale: 1))) }
        two.advance(by: .milliseconds(100))
        two.run(as: "Radio") { player.replace(from: CMTimeAdd(now, CMTime(value: 1, timescale: 10))) }
        two.advance(by: .milliseconds(100))
        two.run(as: "Radio") { player.replace(from: .zero) }
        two.advance(by: .milliseconds(100))
        #expect(player.flushResults == [true, false, false])

        // AirPlay 1: everything sent is in the speaker's two-second output path.
        let (one, player1, _) = try playing(["airplay:1"])
        defer { withExtendedLifetime(player1) {} }
        one.advance(by: .seconds(10))
        let now1 = one.run(as: "Radio") { player1.synchronizer.currentTime() }
        one.run(as: "Radio") { player1.replace(from: CMTimeAdd(now1, CMTime(value: 1, timescale: 1))) }
        one.advance(by: .milliseconds(100))
        one.run(as: "Radio") { player1.replace(from: CMTimeAdd(now1, CMTime(value: 3, timescale: 1))) }
        one.advance(by: .milliseconds(100))
        #expect(player1.flushResults == [false, true])
    }

    @Test("AIRPLAY-SEEK, AIRPLAY-FLUSH-ANY-TIME: a seek flushes the speaker's buffer and playback resumes at the new time at once")
    func seek() throws {
        let (device, player, uids) = try playing(["airplay:2"])
        defer { withExtendedLifetime(player) {} }
        device.advance(by: .seconds(5))
        device.run(as: "Radio") { player.seek(to: CMTime(value: 90, timescale: 1)) }
        device.advance(by: .seconds(2))
        // The restart waits for half a second of data on the speaker (a few network ticks at 8×),
        // then the speaker plays the timeline's instant, without a gap.
        let time = device.run(as: "Radio") { player.synchronizer.currentTime() }
        #expect(time.seconds > 91.8 && time.seconds < 92)
        let receiver = try #require(device.server.airPlay.receiver(uids[0]))
        #expect(abs(Double(receiver.streamFrame(at: device.now) ?? 0) / 44_100 - time.seconds) < 0.001)
        #expect(receiver.gapFrames == 0)
        #expect(toneDBFS(device, uids[0], 440, from: 5_100, to: 7_000) > -7)
    }

    @Test("AIRPLAY-MULTI-ROOM: three speakers with their own seeded clocks play within 1 ms of each other")
    func multiroom() throws {
        let (device, kept5, uids) = try playing(["airplay:2", "airplay:2", "airplay:2"], seed: 42)
        defer { withExtendedLifetime(kept5) {} }
        device.advance(by: .seconds(20))
        let clocks = uids.compactMap { device.server.airPlay.receiver($0)?.clock }
        #expect(Set(clocks.map(\.driftPPM)).count == 3)
        // Cross-correlate each pair of sinks over lags up to ±1.1 ms (half a period of 440 Hz).
        let sinks = try uids.map { try #require(device.sink($0)) }
        let window = (HostTime(nanoseconds: 5_000_000_000), HostTime(nanoseconds: 15_000_000_000))
        let reference = try #require(sinks[0].capturedSlice(channel: 1, from: window.0, to: window.1))
        for sink in sinks.dropFirst() {
            let other = try #require(sink.capturedSlice(channel: 1, from: window.0, to: window.1))
            let lag = bestLag(Array(reference), Array(other), maximum: 48)
            #expect(abs(Double(lag)) / 44.1 < 1, "offset \(Double(lag) / 44.1) ms")
        }
    }

    func bestLag(_ a: [Float], _ b: [Float], maximum: Int) -> Int {
        var best = (lag: 0, score: -Double.infinity)
        for lag in -maximum...maximum {
            var score = 0.0
            for index in maximum..<(min(a.count, b.count) - maximum) { score += Double(a[index]) * Double(b[index + lag]) }
            if score > best.score { best = (lag, score) }
        }
        return best.lag
    }
}
