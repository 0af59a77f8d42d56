import Foundation
import JACKBackend
import MediaServer
import Scenario
import SimCore
import Testing

extension JACKServerTests {
    /// The two-arm test: every scenario under Scenarios/audio and Scenarios/engine (apps rendering
    /// through AVAudioEngine on RemoteIO) runs in simulation and on a dummy JACK
    /// server (freewheeling, so faster than real time), and what reached each JACK port, recorded by a
    /// capture client of ours by JACK frame, is bit-identical to the simulation's output, frame by frame.
    @Suite("two-arm")
    struct TwoArmTests {
        static let period = 64

        /// Scenarios whose hardware changes rate part way (an interface at another rate arrives):
        /// no one server rate plays them bit for bit (`ResamplingTests` plays such a change on one server).
        static let rateChanging = ["Scenarios/engine/game-engine-restarts-on-usb-96k.yaml"]

        static var audioScenarios: [String] {
            ["Scenarios/audio", "Scenarios/engine"].flatMap { path in
                let folder = DummyJACKServer.repository.appendingPathComponent(path)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                return names.filter { $0.hasSuffix(".yaml") && !rateChanging.contains("\(path)/\($0)") }.sorted()
                    .map { folder.appendingPathComponent($0).path }
            }
        }

        @Test("Scenarios/audio and Scenarios/engine hold the scenarios the two arms compare")
        func inventory() {
            #expect(Self.audioScenarios.count >= 12)
        }

        @Test("simulation and a dummy JACK server put bit-identical audio on every port", arguments: audioScenarios)
        func bitIdentical(file: String) throws {
            let scenario = try Scenario.load(file: file)
            let (simulation, simulated) = try Self.simulationArm(scenario)
            let server = try DummyJACKServer(rate: simulation.sampleRate, period: Self.period)
            let frames = Int(SampleRate(framesPerSecond: Int64(server.rate)).frames(in: scenario.duration, rounding: .up))

            let captureClient = try JACKClient(name: "capture", server: server.name)
            let capture = try JACKCapture(client: captureClient, seconds: Int(scenario.duration.nanoseconds / 1_000_000_000) + 30)
            capture.arm()
            var options = JACKRunOptions(server: server.name, freewheel: true)
            options.onPortRegistered = { port in
                guard !port.isInput else { return }
                try? capture.addPort(port.name, from: "soundcheck:\(port.name)")
            }
            let outcome = try JACKScenarioRunner.run(scenario, options: options)
            #expect(outcome.failure == nil, "\(outcome.failure?.description ?? "")")
            // The same verdicts: a scenario pinned to another rate may miss a rate expectation, in both arms alike.
            #expect(outcome.result?.failures == simulated.failures, "\(outcome.result?.failureReport ?? "no result")")
            #expect(outcome.stats.lateCycles == 0 && outcome.stats.skippedCycles == 0, "\(outcome.summary)")

            var compared = 0
            for port in outcome.outputPorts {
                let expected = simulation.channel(uid: port.portUID, channel: port.channel, count: frames)
                let played = capture.samples(port: port.name, fromJACKFrame: outcome.stats.startFrame, count: frames)
                let missing = played.filter { $0 == nil }.count
                #expect(missing == 0, "\(port.name): \(missing) of \(frames) frames were not recorded (the capture began at JACK frame \(capture.origin), the run at \(outcome.stats.startFrame); \(capture.stats.lateCycles) cycles came past its end; its window moved \(capture.stats.skippedCycles) times over a jump of the frame clock)")
                let differing = zip(expected, played).enumerated().first { _, pair in
                    pair.1.map { $0.bitPattern != pair.0.bitPattern } ?? false
                }
                let where_ = "\(port.name) differs first at frame \(differing?.offset ?? -1): "
                    + "simulation \(differing?.element.0 ?? 0), JACK \(String(describing: differing?.element.1))"
                #expect(differing == nil, "\(where_)")
                compared += played.count - missing
            }
            // Something audible was compared: every scenario here plays a tone somewhere.
            let heard = outcome.outputPorts.contains { port in
                simulation.channel(uid: port.portUID, channel: port.channel, count: frames).contains { $0 != 0 }
            }
            #expect(heard && compared >= frames, "compared \(compared) frames")
        }

        /// The simulation at the JACK arm's format: 48 kHz unless the scenario's hardware runs at one
        /// other rate (a 16 kHz call, a 96 kHz request), then at that rate throughout.
        static func simulationArm(_ scenario: Scenario) throws -> (RecordingBackend, ScenarioResult) {
            var recording = RecordingBackend(sampleRate: 48000, periodFrames: period)
            var result = try ScenarioRunner().run(scenario, backend: recording)
            if let other = recording.ratesSeen.first(where: { $0 != 48000 }) {
                recording = RecordingBackend(sampleRate: other, periodFrames: period)
                result = try ScenarioRunner().run(scenario, backend: recording)
            }
            #expect(recording.ratesSeen.count == 1, "the simulation arm ran at \(recording.ratesSeen.sorted()) Hz")
            return (recording, result)
        }
    }
}
