@testable import Conformance
import Foundation
import MediaServer
import AVFoundation
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// The sample-buffer renderer with no AirPlay speaker picked: it plays on the phone's own route.
@Suite("AirPlay: the sample-buffer renderer on the local route")
struct LocalRouteRendererTests {
    func speakerUID(_ device: SimulatedDevice) throws -> String {
        try #require(device.device.ports.first { $0.portType == .builtInSpeaker }?.uid)
    }

    @Test("AIRPLAY-BUFFER-DEPTH-BY-ROUTE: with no AirPlay speaker picked the renderer plays on the built-in speaker, each frame at the synchronizer's time, and wants only seconds ahead")
    func playsOnTheSpeakerAtTheTimelinesTime() throws {
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 3)
        let player = try device.launch("Radio", backgroundAudio: true) { try SampleBufferPlayer(frequency: 440) }
        try device.run(as: "Radio") { try player.play() }
        device.advance(by: .seconds(4))
        let uid = try speakerUID(device)
        let sink = try #require(device.sink(uid))
        let from = HostTime(nanoseconds: 1_000_000_000), to = HostTime(nanoseconds: 4_000_000_000)
        #expect((sink.toneAmplitude(atFrequency: 440, channel: 1, from: from, to: to) ?? 0) > 0.45)
        // Heard at the synchronizer's time: the sine the speaker plays at host time t is the
        // source's sine at the timeline's time for t (libsoxr converts 44.1 kHz to the hardware
        // rate without delay), to within one hardware frame.
        #expect(try lagBehindTimeline(device, player, sink, from: from, to: to, rate: 1) <= 1)
        // Locally the renderer wants a few seconds ahead, not minutes.
        let ahead = device.run(as: "Radio") { player.enqueuedEnd.seconds - player.synchronizer.currentTime().seconds }
        #expect(ahead > 1 && ahead < 4)
        #expect(device.server.airPlay.receivers.isEmpty)

        // Paused, the speaker is silent; resumed, the tone comes back.
        device.run(as: "Radio") { player.pause() }
        device.advance(by: .seconds(2))
        device.run(as: "Radio") { player.synchronizer.rate = 1 }
        device.advance(by: .seconds(2))
        let later = try #require(device.sink(uid))
        #expect(later.isSilent(channel: 1, from: HostTime(nanoseconds: 4_100_000_000), to: HostTime(nanoseconds: 6_000_000_000)))
        #expect((later.toneAmplitude(atFrequency: 440, channel: 1, from: HostTime(nanoseconds: 6_200_000_000),
                                     to: HostTime(nanoseconds: 8_000_000_000)) ?? 0) > 0.45)
    }

    /// How many hardware frames the speaker's sine lags the source's sine at the timeline's
    /// time (the timeline running at `rate` since before `from`).
    func lagBehindTimeline(_ device: SimulatedDevice, _ player: SampleBufferPlayer, _ sink: PortSink,
                           from: HostTime, to: HostTime, rate: Double) throws -> Int {
        let (now, timeline) = (device.now, device.run(as: "Radio") { player.synchronizer.currentTime() })
        let ioRate = try #require(device.server.ioSampleRate).hertz
        let played = try #require(sink.capturedSlice(channel: 1, from: from, to: to))
        let expected = (0..<played.count).map { index -> Float in
            let host = (from.nanoseconds - now.nanoseconds) + Int64((Double(index) / ioRate * 1e9).rounded())
            let source = timeline.seconds + rate * Double(host) / 1e9
            return Float(0.5 * sin(2 * Double.pi * 440 * source))
        }
        return abs(bestLag(expected, Array(played), maximum: 8))
    }

    @Test("AIRPLAY-AUTO-FLUSH: rate 2 on the local route — varispeed plays twice as fast an octave up, in step with the timeline; time-domain keeps the pitch; a rate low-quality-zero-latency does not support is muted")
    func rates() throws {
        let cases: [(AVAudioTimePitchAlgorithm, Float, Double?)] = [(.varispeed, 2, 880), (.timeDomain, 2, 440), (.lowQualityZeroLatency, 1.1, nil)]
        for (algorithm, rate, heard) in cases {
            let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 3)
            let player = try device.launch("Radio", backgroundAudio: true) { try SampleBufferPlayer(frequency: 440) }
            try device.run(as: "Radio") { try player.play() }
            device.advance(by: .seconds(2))
            let before = device.run(as: "Radio") { player.synchronizer.currentTime().seconds }
            device.run(as: "Radio") {
                player.renderer.audioTimePitchAlgorithm = algorithm
                player.synchronizer.rate = rate
            }
            device.advance(by: .seconds(3))
            let after = device.run(as: "Radio") { player.synchronizer.currentTime().seconds }
            #expect(abs(after - before - 3 * Double(rate)) < 0.01, "\(algorithm.rawValue)")
            // The rate change flushed the renderer by itself; the player enqueued again from the flush time.
            #expect(player.automaticFlushTimes.count == 1, "\(algorithm.rawValue)")
            let sink = try #require(device.sink(try speakerUID(device)))
            let (from, to) = (HostTime(nanoseconds: 2_500_000_000), HostTime(nanoseconds: 5_000_000_000))
            if let heard {
                #expect((sink.toneAmplitude(atFrequency: heard, channel: 1, from: from, to: to) ?? 0) > 0.3, "\(algorithm.rawValue)")
                if heard != 440 {
                    #expect((sink.toneAmplitude(atFrequency: 440, channel: 1, from: from, to: to) ?? 1) < 0.05)
                    #expect(try lagBehindTimeline(device, player, sink, from: from, to: to, rate: Double(rate)) <= 1)
                }
            } else {
                #expect(sink.isSilent(channel: 1, from: HostTime(nanoseconds: 2_100_000_000), to: to), "\(algorithm.rawValue)")
            }
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
