import CRealtimeProbe
import Foundation
import JACKBackend
import MediaServer
import Scenario
import SimCore
import Testing

extension JACKServerTests {
    /// The simulated hardware at another rate than the server's: a 16 kHz call and a 96 kHz
    /// interface on one 48 kHz server. What reaches the ports is checked by a capture client of
    /// ours, by JACK frame: the tone's frequency and level, no frame missing, and the rate change
    /// mid-run carried across without a gap.
    @Suite("resampling")
    struct ResamplingTests {
        static func file(_ path: String) -> String { DummyJACKServer.repository.appendingPathComponent(path).path }

        @Test("a 16 kHz VoIP call on a 48 kHz server: the far-end tone at 300 Hz within 0.1 % on the receiver, latency reported")
        func voipAt16kOn48k() throws {
            let run = try CapturedRun(file: Self.file("Scenarios/audio/voip-call-renders-at-16k-on-receiver.yaml"))
            let outcome = run.outcome
            #expect(outcome.passed, "\(outcome.failure?.description ?? outcome.result?.failureReport ?? "")")
            #expect(outcome.stats.skippedCycles == 0 && outcome.stats.lateCycles == 0, "\(outcome.summary)")
            // The IO starts with the call, at 16 kHz.
            let rates = outcome.result?.trace.events.filter { $0.kind == "audio.io.started" }.map { $0.fields["hz"] }
            #expect(rates == [.integer(16_000)])
            let resampling = try #require(outcome.resamplings.first)
            #expect(outcome.resamplings.count == 1 && resampling.simulatedRate == 16_000 && resampling.serverRate == 48_000)
            #expect(resampling.addedInputLatencyFrames > 0 && resampling.addedInputLatencyFrames % 64 == 0)
            #expect(outcome.summary.contains("the hardware at 16000 Hz resampled") && outcome.summary.contains("\(resampling.addedInputLatencyFrames) frames"))
            let traced = outcome.result?.trace.events.first { $0.kind == "jack.resampling" }
            #expect(traced?.fields["from"] == .integer(16_000) && traced?.fields["inputLatencyFrames"] == .integer(outcome.inputLatencyFrames + resampling.addedInputLatencyFrames))

            let receiver = try run.samples(port: "Receiver-1", from: 0.4, to: 1.9)
            let frequency = try #require(Tone.frequency(receiver, rate: 48_000))
            #expect(abs(frequency - 300) / 300 < 0.001, "\(frequency) Hz")
            #expect(Tone.peakDecibels(receiver) > -15)
            let speaker = try run.samples(port: "Speaker-1", from: 0, to: 2)
            #expect(speaker.allSatisfy { $0 == 0 })
        }

        @Test("a 96 kHz interface on a 48 kHz server, the rate changing mid-run: the tone goes on at 1 kHz and -12 dBFS, without a gap")
        func interfaceAt96kOn48k() throws {
            let scenarioFile = Self.file("Scenarios/audio/usb-interface-renders-at-96k.yaml")
            let run = try CapturedRun(file: scenarioFile)
            let outcome = run.outcome
            #expect(outcome.passed, "\(outcome.failure?.description ?? outcome.result?.failureReport ?? "")")
            #expect(outcome.stats.skippedCycles == 0 && outcome.stats.lateCycles == 0, "\(outcome.summary)")
            #expect(outcome.resamplings.map(\.simulatedRate) == [96_000], "\(outcome.outputPorts.map(\.name)) \(run.capture.portNames)")

            // The interface's output is USBAudio2 (its input port took the name USBAudio).
            // Before the change the run is at the server's rate: bit for bit the simulation's.
            let (simulation, _) = try TwoArmTests.simulationArm48k(try Scenario.load(file: scenarioFile))
            let before = try run.samples(port: "USBAudio2-1", from: 0, to: 0.95)
            let uid = try run.uid(of: "USBAudio2-1")
            #expect(before == simulation.channel(uid: uid, channel: 1, count: before.count))

            for (from, to) in [(0.2, 0.95), (1.1, 2.9)] {
                let stretch = try run.samples(port: "USBAudio2-1", from: from, to: to)
                let frequency = try #require(Tone.frequency(stretch, rate: 48_000))
                #expect(abs(frequency - 1000) / 1000 < 0.001, "\(frequency) Hz from \(from) s")
                #expect(abs(Tone.peakDecibels(stretch) + 12) < 0.1, "\(Tone.peakDecibels(stretch)) dBFS from \(from) s")
            }
            // Across the change (at the IO buffer ending at 1 s): every millisecond still carries the tone.
            let across = try run.samples(port: "USBAudio2-1", from: 0.9, to: 1.1)
            let quiet = stride(from: 0, to: across.count - 48, by: 48).filter { Tone.peakDecibels(Array(across[$0..<$0 + 48])) < -14 }
            #expect(quiet.isEmpty, "\(quiet.count) quiet milliseconds around the change, the first at \(0.9 + Double(quiet.first ?? 0) / 48_000) s")
            // …and no jump: the tone's phase (at 1 kHz, over whole cycles) is the same on both sides
            // of the change, to 0.02 rad (0.15 of a frame): a dropped or repeated frame would move it 0.13 rad.
            let phaseBefore = Tone.phase(Array(across[2_400..<4_800]), frequency: 1000, rate: 48_000, firstFrame: 2_400)
            let phaseAfter = Tone.phase(Array(across[4_896..<7_296]), frequency: 1000, rate: 48_000, firstFrame: 4_896)
            let jump = abs(remainder(phaseAfter - phaseBefore, 2 * Double.pi))
            #expect(jump < 0.02, "the tone's phase moved by \(jump) rad at the change")
            // The converter that starts at the change begins from silence: its filter's edge is the
            // only departure from the tone, under −40 dB, and under −60 dB a millisecond later.
            let residuals = (4_000..<6_000).map { frame in
                abs(Double(across[frame]) - 0.25 * sin(2 * Double.pi * 1000 * Double(frame) / 48_000 + phaseBefore))
            }
            #expect(residuals.max()! < 0.25 / 100, "\(residuals.max()!)")
            #expect(residuals[848...].max()! < 0.25 / 1000, "\(residuals[848...].max()!)")
        }

        static let recorderAt16k = """
            scenario: recorder-hears-jack-input-at-16k
            description: A recorder asking for 16 kHz records what a JACK client plays into the built-in microphone.
            seed: 7
            duration: 2500ms
            apps:
              Rec: { model: recorder }
            steps:
              - { at: 0s, do: launch, app: Rec }
              - { at: 100ms, do: set-preferred-sample-rate, app: Rec, hz: 16000 }
              - { at: 200ms, do: record, app: Rec }
              - { at: 300ms, do: answer-permission, app: Rec, granted: true }
              - { at: 2400ms, do: stop, app: Rec }
            expect:
              - { at: 1s, app: Rec, state: { sample-rate: 16000 } }
              - { from: 600ms, to: 2300ms, app: Rec, recorded: { tone: 1000, above: -13 } }
              - { at: 200ms, app: Rec, notification: routeChange, reason: categoryChange, previous-outputs: [Speaker] }
            """

        @Test("a 16 kHz recorder hears a JACK tone resampled, each sample where the reported latency puts it, the process thread untouched")
        func inputAt16kOn48k() throws {
            let server = try DummyJACKServer()
            let scenario = try Scenario.parse(Self.recorderAt16k, file: "recorder-hears-jack-input-at-16k.yaml")
            let amplitude: Float = 0.25
            let tone = try JACKTone(client: JACKClient(name: "tone", server: server.name), frequency: 1_000, amplitude: amplitude)
            let client = try JACKClient(name: "soundcheck", server: server.name)
            let playback = try JACKPlayback(client: client, freewheel: true)
            defer { playback.close() }
            playback.onPortRegistered = { port in
                if port.isInput && port.name == "MicrophoneBuiltIn-1" { try? tone.connect(to: "soundcheck:\(port.name)") }
            }
            try client.activate()
            usleep(200_000)
            let tap = TimedTapRecorder(playback)
            rt_probe_watch(client.processThread)
            let result = try ScenarioRunner().run(scenario, backend: tap)
            playback.finish(throughFrame: 3 * 48_000)
            let counts = rt_probe_stop()
            #expect(result.failures.isEmpty, "\(result.failureReport)")
            #expect(playback.failure == nil)
            #expect(counts.allocations == 0 && counts.locks == 0 && counts.writes == 0, "\(counts)")

            // Recorded sample n at JACK position p (its instant, in server frames) is JACK's tone at
            // stream position p − latency: libsoxr keeps the stream aligned, so only the filter's
            // error remains (well under −60 dB of the tone).
            let latency = Double(playback.inputLatencyFrames(atRate: 16_000))
            let recorded = tap.samples(uid: "input:Rec").filter { $0.position >= 0.7 * 48_000 && $0.position < 2.3 * 48_000 }
            #expect(recorded.count > 16_000 && recorded.allSatisfy { $0.rate == 16_000 })
            let start = Double(playback.stats.startFrame)
            var worst: Float = 0
            for sample in recorded {
                let phase = 2 * Double.pi * 1_000 * (start + sample.position - latency) / 48_000
                worst = max(worst, abs(sample.value - amplitude * Float(sin(phase))))
            }
            #expect(worst < amplitude / 1000, "the largest difference from JACK's tone at its frame: \(worst)")
            let frequency = try #require(Tone.frequency(recorded.map(\.value), rate: 16_000))
            #expect(abs(frequency - 1000) / 1000 < 0.001, "\(frequency) Hz")
        }

        /// Converted (a 16 kHz call) and copied (music at 48 kHz).
        static let steadyRuns = [("Scenarios/audio/voip-call-renders-at-16k-on-receiver.yaml", [16_000]),
                                 ("Scenarios/audio/call-silences-music-audio.yaml", [])]

        @Test("a steady IO cycle's way out, converted or copied into the ring, allocates, locks and writes nothing on the simulation thread",
              arguments: steadyRuns)
        func steadyCycleIsRealtimeSafe(path: String, converted: [Int]) throws {
            let server = try DummyJACKServer()
            let file = Self.file(path)
            let client = try JACKClient(name: "soundcheck", server: server.name)
            let playback = try JACKPlayback(client: client, freewheel: true)
            defer { playback.close() }
            try client.activate()
            let probed = ProbedBackend(playback)
            let result = try ScenarioRunner().run(try Scenario.load(file: file), backend: probed)
            playback.finish(throughFrame: 2 * 48_000)
            #expect(result.passed && playback.failure == nil)
            #expect(playback.resamplingsUsed.map(\.simulatedRate) == converted)
            #expect(probed.probedCycles > 300, "\(probed.probedCycles) cycles probed")
            #expect(probed.counts.allocations == 0 && probed.counts.locks == 0 && probed.counts.writes == 0, "\(probed.counts)")
        }
    }
}

/// Passes the run to a JACK playback, counting what its `ioRendered` allocates, locks and writes
/// on the simulation thread in steady cycles: from the 50th piece at the same rate on, leaving out
/// a piece during which an xrun was noted (that goes into the trace).
final class ProbedBackend: IOBackend, @unchecked Sendable {
    let inner: JACKPlayback
    private(set) var counts = rt_probe_counts()
    private(set) var probedCycles = 0
    private var rate = 0
    private var sameRate = 0

    init(_ inner: JACKPlayback) { self.inner = inner }

    var sampleRate: Int { inner.sampleRate }
    var periodFrames: Int { inner.periodFrames }
    func attach(to server: AudioServer) { inner.attach(to: server) }

    func ioRendered(_ output: IOCycleOutput) {
        let hertz = Int(output.sampleRate.integralHertz ?? 0)
        sameRate = hertz == rate ? sameRate + 1 : 0
        rate = hertz
        guard sameRate >= 50 else { return inner.ioRendered(output) }
        let xruns = inner.stats.xruns
        rt_probe_watch(pthread_self())
        inner.ioRendered(output)
        let cycle = rt_probe_stop()
        guard inner.stats.xruns == xruns else { return }
        counts.allocations += cycle.allocations
        counts.locks += cycle.locks
        counts.writes += cycle.writes
        probedCycles += 1
    }
}
