import Foundation
@testable import Conformance
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// AVAudioPlayer through the harness: app code written against the facade, checked on the port sinks.
@Suite("AVAudioPlayer through the media server")
struct PlayerTests {
    @Test("the same player and recorder scenario run twice gives a byte-identical trace and identical audio")
    func deterministic() throws {
        let url = try AudioPlayerChecks.toneFile("twice", seconds: 1, rate: 44_100)
        func runOnce() throws -> (String, [Float]) {
            let device = try SimulatedDevice(seed: 25)
            try AudioPlayerChecks.launch(device, "Player", category: .playAndRecord)
            let player = try AudioPlayerChecks.makePlayer(device, "Player", url)
            player.numberOfLoops = 2
            let recorder = try device.run(as: "Player") {
                try AVAudioRecorder(url: url.deletingLastPathComponent().appendingPathComponent("rec.wav"),
                                    settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 1])
            }
            device.run(as: "Player") { _ = player.play(atTime: 0.123); _ = recorder.record(forDuration: 1.5) }
            device.advance(to: .milliseconds(700))
            player.currentTime = 0.25
            try device.perform(.incomingCall(caller: "Mum"))
            device.advance(to: .seconds(4))
            return (device.trace.contentHash, try #require(device.sink("Speaker")?.samples(channel: 1)))
        }
        let first = try runOnce()
        let second = try runOnce()
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
    }
}
