import CRealtimeProbe
import Foundation
import JACKBackend
import MediaServer
import Scenario
import SimCore
import Testing

extension JACKServerTests {
    /// A JACK input port is the device's input port channel: a second JACK client plays a tone
    /// into `soundcheck:MicrophoneBuiltIn-1`, and the scenario's recorder hears exactly that
    /// tone, frame-aligned on JACK's frame clock, once the user grants the microphone.
    @Suite("JACK inputs")
    struct JACKInputTests {
        static let frequency = 1_000.0
        static let amplitude: Float = 0.25   // −12 dBFS

        static let scenario = """
            scenario: recorder-hears-jack-input
            description: A recorder records what a JACK client plays into the built-in microphone's JACK port.
            seed: 7
            apps:
              Rec: { model: recorder }
            steps:
              - { at: 0s, do: launch, app: Rec }
              - { at: 1s, do: record, app: Rec }
              - { at: 2s, do: answer-permission, app: Rec, granted: true }
              - { at: 3s, do: stop, app: Rec }
            expect:
              - { from: 1100ms, to: 1900ms, app: Rec, recorded: silent }
              - { from: 2100ms, to: 2900ms, app: Rec, recorded: { tone: 1000, above: -13 } }
              - { from: 2100ms, to: 2900ms, app: Rec, recorded: { level-below: -11 } }
              - { at: 1s, app: Rec, notification: routeChange, reason: categoryChange, previous-outputs: [Speaker] }
              - { at: 2s, app: Rec, app-event: permission, with: { granted: "true" } }
            """

        @Test("a tone played into the microphone's JACK port reaches the recorder, exact to the frame, after the grant")
        func recorderHearsJACKInput() throws {
            let server = try DummyJACKServer()
            let scenario = try Scenario.parse(Self.scenario, file: "recorder-hears-jack-input.yaml")
            let tone = try JACKTone(client: JACKClient(name: "tone", server: server.name), frequency: Self.frequency, amplitude: Self.amplitude)
            let client = try JACKClient(name: "soundcheck", server: server.name)
            // Freewheeling, the server waits for every client, so this busy machine's xruns drop no input cycle.
            let playback = try JACKPlayback(client: client, freewheel: true)
            defer { playback.close() }
            playback.onPortRegistered = { port in
                if port.isInput && port.name == "MicrophoneBuiltIn-1" { try? tone.connect(to: "soundcheck:\(port.name)") }
            }
            try client.activate()
            usleep(200_000)
            let tap = InputTapRecorder(playback)
            rt_probe_watch(client.processThread)
            let result = try ScenarioRunner().run(scenario, backend: tap)
            playback.finish(throughFrame: 4 * 48_000)
            let counts = rt_probe_stop()

            #expect(result.failures.isEmpty, "\(result.failureReport)")
            #expect(playback.failure == nil)
            #expect(playback.inputPorts.contains { $0.name == "MicrophoneBuiltIn-1" })
            #expect(counts.allocations == 0 && counts.locks == 0 && counts.writes == 0, "\(counts)")

            // IO frame n of the recording is what JACK captured at frame start + n − latency.
            let recorded = tap.samples(uid: "input:Rec")
            let start = playback.stats.startFrame, latency = UInt32(playback.inputLatencyFrames)
            let first = 2_100 * 48, last = 2_900 * 48
            #expect(recorded.count > last)
            // A cycle an xrun dropped would be silence (none should, freewheeling); every other frame is exact.
            var exact = 0, dropped = 0, wrong: [Int] = []
            for frame in first..<min(last, recorded.count) {
                let jackFrame = start &+ UInt32(frame) &- latency
                let phase = fmod(Double(jackFrame) * 2 * Double.pi * Self.frequency / 48_000, 2 * Double.pi)
                if abs(recorded[frame] - Self.amplitude * Float(sin(phase))) < 1e-6 { exact += 1 }
                else if recorded[frame] == 0 { dropped += 1 }
                else { wrong.append(frame) }
            }
            #expect(wrong.isEmpty, "\(wrong.count) frames differ from JACK's tone at their frame, the first at IO frame \(wrong.first ?? 0)")
            #expect(exact >= (last - first) * 9 / 10, "\(exact) exact, \(dropped) dropped by xruns (\(playback.stats.skippedCycles) cycles skipped)")
        }
    }
}

/// Passes the run to a JACK playback and keeps every app input tap's samples by IO frame.
final class InputTapRecorder: IOBackend, @unchecked Sendable {
    let inner: JACKPlayback
    private var taps: [String: [Float]] = [:]

    init(_ inner: JACKPlayback) { self.inner = inner }

    var sampleRate: Int { inner.sampleRate }
    var periodFrames: Int { inner.periodFrames }
    func attach(to server: AudioServer) { inner.attach(to: server) }

    func ioRendered(_ output: IOCycleOutput) {
        for slot in 0..<output.slotCount where output.isInputTap(slot: slot) {
            let uid = output.portUID(slot: slot)
            var kept = taps.removeValue(forKey: uid) ?? []
            let first = Int(output.firstFrame)
            if kept.count < first { kept.append(contentsOf: repeatElement(0, count: first - kept.count)) }
            kept.append(contentsOf: output.samples(slot: slot, channel: 0))
            taps[uid] = kept
        }
        inner.ioRendered(output)
    }

    func samples(uid: String) -> [Float] { taps[uid] ?? [] }
}
