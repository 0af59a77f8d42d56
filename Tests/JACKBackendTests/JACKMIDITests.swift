import CRealtimeProbe
import Foundation
import JACKBackend
import Scenario
import SimCore
import Testing

extension JACKServerTests {
    /// JACK MIDI into a scenario: a JACK client plays A4 into `soundcheck:midi-in`; the synth app
    /// (connected to the bridged source through Core MIDI) sounds it on the speaker, and its
    /// onset leaves JACK's `Speaker-1` port at the message's frame plus the bridge's fixed delay.
    @Suite("JACK MIDI")
    struct JACKMIDITests {
        static let scenario = """
            scenario: synth-hears-jack-midi
            description: A synth plays what a JACK MIDI keyboard sends into soundcheck:midi-in.
            seed: 3
            duration: 3s
            apps:
              Synth: { model: synth }
            steps:
              - { at: 0s, do: launch, app: Synth }
            """

        @Test("a note sent to midi-in sounds at the JACK output at its frame plus the bridge's delay")
        func noteReachesSpeakerOnItsFrame() throws {
            let server = try DummyJACKServer()
            let scenario = try Scenario.parse(Self.scenario, file: "synth-hears-jack-midi.yaml")
            let keys = try JACKMIDISender(client: JACKClient(name: "keys", server: server.name))
            let captureClient = try JACKClient(name: "capture", server: server.name)
            let capture = try JACKCapture(client: captureClient, seconds: 30)
            capture.arm()
            let client = try JACKClient(name: "soundcheck", server: server.name)
            let playback = try JACKPlayback(client: client, freewheel: true, midi: true)
            defer { playback.close() }
            playback.onPortRegistered = { port in
                if port.name == "Speaker-1" { try? capture.addPort("speaker", from: "soundcheck:Speaker-1") }
            }
            try client.activate()
            try keys.connect(to: "soundcheck:midi-in")
            // Once the player has started, A4 on at 1 s past its start frame and off 0.5 s later.
            let noteOn = LockedFrame()
            Thread.detachNewThread {
                while !playback.stats.started { usleep(500) }
                let at = playback.stats.startFrame &+ 48_000
                try? keys.send([0x90, 0x45, 0x7F], atFrame: at)
                try? keys.send([0x80, 0x45, 0x00], atFrame: at &+ 24_000)
                noteOn.set(at)
            }
            rt_probe_watch(client.processThread)
            let result = try ScenarioRunner().run(scenario, backend: playback)
            playback.finish(throughFrame: 3 * 48_000)
            let counts = rt_probe_stop()

            #expect(playback.failure == nil, "\(playback.failure?.description ?? "")")
            #expect(result.failures.isEmpty, "\(result.failureReport)")
            #expect(keys.sent == 2)
            #expect(counts.allocations == 0 && counts.locks == 0 && counts.writes == 0, "\(counts)")
            let sentAt = try #require(noteOn.get())
            let delay = UInt32(try #require(playback.midiLatencyFrames))
            // The synth's sine starts at 0 on its frame: the first non-zero sample is the next one.
            let expected = sentAt &+ delay &+ 1
            let window = capture.samples(port: "speaker", fromJACKFrame: sentAt, count: Int(delay) + 48_000)
            let first = window.firstIndex { ($0 ?? 0) != 0 }.map { sentAt &+ UInt32($0) }
            #expect(first == expected, "the note sounded at JACK frame \(String(describing: first)), expected \(expected) (sent at \(sentAt) + \(delay))")
            let note = window.compactMap { $0 }.map(abs).max() ?? 0
            #expect(abs(note - 0.5) < 0.01, "peak \(note)")
        }
    }
}

/// A JACK frame one thread sets and another reads.
final class LockedFrame: @unchecked Sendable {
    private let lock = NSLock()
    private var frame: UInt32?
    func set(_ value: UInt32) { lock.withLock { frame = value } }
    func get() -> UInt32? { lock.withLock { frame } }
}
