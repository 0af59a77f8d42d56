@testable import Conformance
import Foundation
import MediaServer
import AVFoundation
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// The fixtures (written against Apple's API) on a simulated iPhone streaming to AirPlay speakers,
/// beyond what the built-in checks (`AirPlayChecks`) show: dropouts of several lengths and multi-room sync.
@Suite("AirPlay: long-form playback through the sample-buffer renderer")
struct AirPlayRendererTests {
    func playing(_ speakers: [String], seed: UInt64 = 1) throws -> (SimulatedDevice, SampleBufferPlayer, [String]) {
        try AirPlayBench.playing(speakers, platform: .ios17, seed: seed)
    }

    @Test("AIRPLAY-SURVIVES-DROPOUT, AIRPLAY-LEGACY-CUTS-OUT: a 10 s Wi-Fi dropout passes unheard on AirPlay 2 and gaps an AirPlay 1 speaker once its 2 s are played")
    func dropout() throws {
        let (two, kept3, twoUIDs) = try playing(["airplay:2"])
        defer { withExtendedLifetime(kept3) {} }
        two.advance(by: .seconds(5))
        try two.perform(.networkDropout(duration: .seconds(10)))
        two.advance(by: .seconds(15))
        #expect(two.server.airPlay.receiver(twoUIDs[0])?.gapFrames == 0)
        #expect(AirPlayBench.toneDBFS(two, twoUIDs[0], 440, from: 5_000, to: 15_000) > -7)

        // A dropout longer than what the speaker holds yet (just after starting) gaps, then recovers.
        let (early, kept4, earlyUIDs) = try playing(["airplay:2"])
        defer { withExtendedLifetime(kept4) {} }
        early.advance(by: .milliseconds(1_500))
        try early.perform(.networkDropout(duration: .seconds(20)))
        early.advance(by: .seconds(25))
        let earlySink = try #require(early.sink(earlyUIDs[0]))
        #expect(AirPlayBench.toneDBFS(early, earlyUIDs[0], 440, from: 2_000, to: 11_000) > -7)
        #expect(AirPlayBench.silent(earlySink, from: 12_500, to: 21_000))
        #expect(AirPlayBench.toneDBFS(early, earlyUIDs[0], 440, from: 22_000, to: 26_000) > -7)
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
        #expect(!AirPlayBench.silent(sink, from: 5_000, to: 6_900))
        #expect(AirPlayBench.silent(sink, from: 7_200, to: 15_000))
        #expect(AirPlayBench.toneDBFS(one, oneUIDs[0], 440, from: 15_200, to: 20_000) > -7)
        #expect(one.events("airplay.gap.began").count == 1)
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
