import Foundation
import JACKBackend
import MediaServer
import Scenario
import SimCore

/// A scenario played freewheeling on a fresh 48 kHz dummy server, with every output port of ours
/// recorded by a capture client by JACK frame.
struct CapturedRun {
    let outcome: JACKRunOutcome
    let capture: JACKCapture
    let server: DummyJACKServer

    init(file: String, rate: Int = 48_000) throws {
        let scenario = try Scenario.load(file: file)
        server = try DummyJACKServer(rate: rate)
        let capture = try JACKCapture(client: JACKClient(name: "capture", server: server.name),
                                      seconds: Int(scenario.duration.nanoseconds / 1_000_000_000) + 30)
        capture.arm()
        var options = JACKRunOptions(server: server.name, freewheel: true)
        options.onPortRegistered = { port in
            guard !port.isInput else { return }
            try? capture.addPort(port.name, from: "soundcheck:\(port.name)")
        }
        outcome = try JACKScenarioRunner.run(scenario, options: options)
        self.capture = capture
    }

    struct Missing: Error, CustomStringConvertible { let description: String }

    /// What port `name` played from `from` to `to` seconds of the run; throws if a frame is missing.
    func samples(port name: String, from: Double, to: Double) throws -> [Float] {
        let rate = Double(outcome.sampleRate)
        let first = Int(from * rate), count = Int((to - from) * rate)
        let played = capture.samples(port: name, fromJACKFrame: outcome.stats.startFrame &+ UInt32(first), count: count)
        let missing = played.filter { $0 == nil }.count
        guard missing == 0 else {
            throw Missing(description: "\(name): \(missing) of \(count) frames not recorded (the capture of \(capture.portNames) holds "
                          + "\(capture.frameCount) frames from JACK frame \(capture.origin), the run started at \(outcome.stats.startFrame))")
        }
        return played.map { $0 ?? 0 }
    }

    /// The device port behind our JACK port `name`.
    func uid(of name: String) throws -> String {
        guard let port = outcome.outputPorts.first(where: { $0.name == name }) else { throw Missing(description: "no port \(name)") }
        return port.portUID
    }
}

/// Measures a tone at a port.
enum Tone {
    /// The frequency of a steady tone: rising zero crossings, placed between samples by linear
    /// interpolation, over the whole stretch. Nil without two crossings.
    static func frequency(_ samples: [Float], rate: Double) -> Double? {
        var crossings: [Double] = []
        for index in 1..<samples.count where samples[index - 1] < 0 && samples[index] >= 0 {
            let a = Double(samples[index - 1]), b = Double(samples[index])
            crossings.append(Double(index - 1) + (-a) / (b - a))
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return nil }
        return Double(crossings.count - 1) * rate / (last - first)
    }

    /// The phase (radians) of a tone of `frequency` whose sample n is at frame `firstFrame + n`,
    /// projected on sin and cos over the stretch (exact over whole cycles).
    static func phase(_ samples: [Float], frequency: Double, rate: Double, firstFrame: Int) -> Double {
        var sine = 0.0, cosine = 0.0
        for (index, sample) in samples.enumerated() {
            let angle = 2 * Double.pi * frequency * Double(firstFrame + index) / rate
            sine += Double(sample) * sin(angle)
            cosine += Double(sample) * cos(angle)
        }
        return atan2(cosine, sine)
    }

    static func peakDecibels(_ samples: [Float]) -> Double {
        let peak = samples.map { abs($0) }.max() ?? 0
        return peak > 0 ? 20 * log10(Double(peak)) : -.infinity
    }
}

/// Passes the run to a JACK playback and keeps every app input tap's samples with the rate they
/// were rendered at and their instant as a position in server frames (fractional at 96 kHz).
final class TimedTapRecorder: IOBackend, @unchecked Sendable {
    struct Sample { let value: Float; let position: Double; let rate: Int }
    let inner: JACKPlayback
    private weak var server: AudioServer?
    private var taps: [String: [Sample]] = [:]

    init(_ inner: JACKPlayback) { self.inner = inner }

    var sampleRate: Int { inner.sampleRate }
    var periodFrames: Int { inner.periodFrames }
    func attach(to server: AudioServer) {
        self.server = server
        inner.attach(to: server)
    }

    func ioRendered(_ output: IOCycleOutput) {
        if let clock = server?.ioClock {
            let segment = clock.segment(ofFrame: output.firstFrame)
            let rate = Double(segment.rate.integralHertz ?? 0)
            let origin = Double(segment.firstTime.nanoseconds) * Double(sampleRate) / 1e9
            for slot in 0..<output.slotCount where output.isInputTap(slot: slot) {
                let samples = output.samples(slot: slot, channel: 0)
                taps[output.portUID(slot: slot), default: []].append(contentsOf: samples.enumerated().map { index, value in
                    let frame = Double(output.firstFrame + Int64(index) - segment.firstFrame)
                    return Sample(value: value, position: origin + frame * Double(sampleRate) / rate, rate: Int(rate))
                })
            }
        }
        inner.ioRendered(output)
    }

    func samples(uid: String) -> [Sample] { taps[uid] ?? [] }
}

extension JACKServerTests.TwoArmTests {
    /// The simulation arm at 48 kHz whatever rates the scenario's hardware moves to.
    static func simulationArm48k(_ scenario: Scenario) throws -> (RecordingBackend, ScenarioResult) {
        let recording = RecordingBackend(sampleRate: 48_000, periodFrames: period)
        return (recording, try ScenarioRunner().run(scenario, backend: recording))
    }
}
