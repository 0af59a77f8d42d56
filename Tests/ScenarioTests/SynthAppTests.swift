import MediaServer
@_spi(Soundcheck) import UIKit
import Scenario
import SimCore
import Foundation
import Testing
import VirtualDevices

/// The synth reference app, measured at the speaker.
@Suite struct SynthAppTests {
    @Test("MIDI-BLE-LOW-LATENCY: a BLE note-on sounds at the speaker from the exact frame of its Core MIDI timestamp")
    func noteSoundsOnItsFrame() throws {
        let server = AudioServer(profile: try DeviceProfile.load("iphone"), seed: 7)
        let app = AppID("Synth")
        SimulatedApp.register(app, on: server, hasAudioBackgroundMode: true)
        final class Lines: @unchecked Sendable { var all: [(String, [String: String])] = [] }
        let lines = Lines()
        let log = AppLog { what, fields in lines.all.append((what, fields)) }
        try server.apply(.launch(app: "Synth"))
        let synth = server.inAppContext(app) { SynthApp(configuration: AppConfiguration(), log: log) }
        let radio = server.midi.radio
        try server.schedule("keys", at: HostTime(nanoseconds: 100_000_000)) { try? radio.advertise(peripheral: "Keys") }
        try server.schedule("connect", at: HostTime(nanoseconds: 200_000_000)) { try? radio.connect(peripheral: "Keys") }
        try server.schedule("pair", at: HostTime(nanoseconds: 500_000_000)) { try? radio.answerPairing("Keys", accept: true) }
        try server.schedule("play", at: HostTime(nanoseconds: 2_000_000_000)) { try? radio.send(fromPeer: "Keys", [0x90, 69, 127]) }
        server.run(until: HostTime(nanoseconds: 2_500_000_000))
        #expect(synth.isPlaying)

        let received = try #require(lines.all.first { $0.0 == "midi-received" }?.1)
        let stamp = try #require(received["timestamp"].flatMap(HostDuration.init))
        let clock = try #require(server.ioClock)
        let expectedFrame = clock.frame(at: HostTime(nanoseconds: stamp.nanoseconds), rounding: .up)
        let samples = try #require(server.sink(portUID: "Speaker")?.samples(channel: 1))
        // The sine starts at phase 0 on its frame: silence before it, sin(2π·440/48000)/2 one frame later.
        let onset = Int(expectedFrame)
        #expect(samples[..<(onset + 1)].allSatisfy { $0 == 0 })
        #expect(abs(Double(samples[onset + 1]) - 0.5 * sin(2 * Double.pi * 440 / 48_000)) < 1e-4)
        // Within the link's latency of the key press: one 7.5 ms interval, 1 ms processing, < 0.5 ms jitter.
        let pressFrame = clock.frame(at: HostTime(nanoseconds: 2_000_000_000))
        #expect(Int64(onset) - pressFrame < 48 * 9)
        // A 440 Hz tone at 0.5 peak (velocity 127).
        let speaker = try #require(server.sink(portUID: "Speaker"))
        let from = HostTime(nanoseconds: 2_020_000_000), to = HostTime(nanoseconds: 2_400_000_000)
        let amplitude = try #require(speaker.toneAmplitude(atFrequency: 440, channel: 1, from: from, to: to))
        #expect(abs(amplitude - 0.5) < 0.02)
    }
}
