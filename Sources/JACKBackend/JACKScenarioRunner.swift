import Foundation
import MediaServer
import Scenario
import SimCore

/// How `run --backend jack` plays a scenario.
public struct JACKRunOptions: Sendable {
    /// The server to use (nil: `$JACK_DEFAULT_SERVER`, else "default").
    public var server: String?
    public var clientName = "soundcheck"
    /// Where our ports go (`JACKConnector`); nil leaves them unconnected.
    public var connect: String?
    /// Ask the server to freewheel (run as fast as the clients allow) for the run.
    public var freewheel = false
    /// How far the simulation renders ahead of what JACK plays.
    public var lookaheadFrames = 8192
    /// Bridge MIDI: the JACK MIDI input port `midi-in` becomes a MIDI device of the device (`JACKMIDIInput`),
    /// and every MIDI source and virtual destination a JACK MIDI output port (`JACKMIDIOutput`).
    public var midi = false
    /// Told about each of our ports as it is registered (see `JACKPlayback.onPortRegistered`).
    public var onPortRegistered: (@Sendable (JACKPortChannel) -> Void)?

    public init(server: String? = nil, connect: String? = nil, freewheel: Bool = false) {
        self.server = server
        self.connect = connect
        self.freewheel = freewheel
    }
}

/// A scenario played on a JACK server: the scenario's own result, what JACK counted, and why the
/// hardware run failed if it did.
public struct JACKRunOutcome: Sendable {
    public var result: ScenarioResult?
    public var stats: JACKStats
    public var sampleRate: Int
    public var periodFrames: Int
    /// How long our process callbacks took: `callbackDurations[i]` callbacks took i µs.
    public var callbackDurations: [Int64]
    /// Our JACK output ports, in slot order.
    public var outputPorts: [JACKPortChannel]
    /// Each rate other than the server's the simulated hardware ran at, with what converting cost.
    public var resamplings: [JACKResampling] = []
    /// The input latency at the server's rate, in JACK frames (`JACKPlayback.inputLatencyFrames`).
    public var inputLatencyFrames = 0
    public var failure: JACKError?

    /// Passed: the scenario passed and JACK played it to the end (xruns are counted, not failures).
    public var passed: Bool { failure == nil && result?.passed == true }

    /// One line for people: what JACK did during the run.
    public var summary: String {
        "jack: \(sampleRate) Hz, \(periodFrames) frames, \(stats.callbacks) callbacks, \(stats.xruns) xruns, "
            + "\(stats.skippedCycles) cycles skipped by xruns, \(stats.lateCycles) cycles late"
            + resamplings.map { "\n" + Self.describe($0, inputLatencyFrames: inputLatencyFrames) }.joined()
    }

    /// One line per converted rate: what it adds, in frames and milliseconds at the server's rate.
    static func describe(_ resampling: JACKResampling, inputLatencyFrames: Int) -> String {
        let milliseconds = { (frames: Int) in String(format: "%.1f ms", Double(frames) * 1000 / Double(resampling.serverRate)) }
        let input = inputLatencyFrames + resampling.addedInputLatencyFrames
        return "jack: the hardware at \(resampling.simulatedRate) Hz resampled to and from \(resampling.serverRate) Hz "
            + "(libsoxr, \(JACKResampling.quality)): outputs keep their frames (the simulation renders up to "
            + "\(resampling.outputHoldFrames) frames, \(milliseconds(resampling.outputHoldFrames)), further ahead); inputs are heard "
            + "\(resampling.addedInputLatencyFrames) frames (\(milliseconds(resampling.addedInputLatencyFrames))) later: "
            + "\(input) frames (\(milliseconds(input))) after JACK captured them"
    }
}

/// Runs scenarios on a JACK server (`soundcheck run --backend jack`).
public enum JACKScenarioRunner {
    /// Opens a client, plays `scenario` through it, and closes it. The device's ports get their
    /// JACK ports (and connections) before the scenario's first step.
    public static func run(_ scenario: Scenario, seed: UInt64? = nil, platform: PlatformProfile? = nil,
                           options: JACKRunOptions) throws(JACKError) -> JACKRunOutcome {
        let client = try JACKClient(name: options.clientName, server: options.server)
        let playback = try JACKPlayback(client: client, lookaheadFrames: options.lookaheadFrames, connect: options.connect,
                                        freewheel: options.freewheel, midi: options.midi)
        defer { playback.close() }
        playback.onPortRegistered = options.onPortRegistered
        try client.activate()
        playback.register(ForeseenPorts.of(scenario))
        var result: ScenarioResult?
        var failure: JACKError?
        do {
            result = try ScenarioRunner().run(scenario, seed: seed, platform: platform, backend: playback)
        } catch {
            failure = JACKError(error.description)
        }
        if failure == nil {
            let rate = SampleRate(framesPerSecond: Int64(playback.sampleRate))
            playback.finish(throughFrame: rate.frames(in: scenario.duration, rounding: .up))
            failure = playback.failure
        }
        let stats = playback.stats
        if var traced = result {
            traced.trace.record(TraceRecord(time: HostTime(nanoseconds: scenario.duration.nanoseconds), .other(.jackSummary, [
                "hz": .integer(playback.sampleRate), "frames": .integer(playback.periodFrames),
                "callbacks": .integer(Int(stats.callbacks)), "xruns": .integer(Int(stats.xruns)),
                "skippedCycles": .integer(Int(stats.skippedCycles)), "lateCycles": .integer(Int(stats.lateCycles)),
                "inputLatencyFrames": .integer(playback.inputLatencyFrames),
                "resampledFrom": .list(playback.resamplingsUsed.map { .integer($0.simulatedRate) }),
                "addedInputLatencyFrames": .list(playback.resamplingsUsed.map { .integer($0.addedInputLatencyFrames) }),
            ])).event)
            result = traced
        }
        return JACKRunOutcome(result: result, stats: stats, sampleRate: playback.sampleRate, periodFrames: playback.periodFrames,
                              callbackDurations: playback.callbackDurations, outputPorts: playback.outputPorts,
                              resamplings: playback.resamplingsUsed, inputLatencyFrames: playback.inputLatencyFrames, failure: failure)
    }
}
