import AudioGraph
import Foundation
import JACKBackend
import Scenario
import SimCore

// A 16 kHz VoIP call played in real time on a 48 kHz dummy JACK server (64 frames unless told, Tools/jack),
// next to an idle reference client on the same server: the JACK boundary resamples both ways.
// Prints the far-end tone's frequency at our receiver port (recorded by a capture client by JACK
// frame) and its error, xruns for both clients, late and skipped cycles, the latency resampling
// adds, and what the conversion costs per cycle in thread CPU time, with libsoxr's own bulk
// conversion of the same signal (the sox command line, same filter) measured in the same run.
// Targets: frequency within 0.1 %, no more xruns than the reference client, no late cycles.
//
//   swift run -c release --package-path Benchmarks jack-resampling [seconds] [rounds] [period]

let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
let seconds = arguments.first ?? 20
let rounds = arguments.dropFirst().first ?? 5
let period = arguments.dropFirst(2).first ?? 64
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("jack-resampling-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

@discardableResult
func shell(_ command: String) -> String {
    let output = scratch.appendingPathComponent("shell.out").path
    let status = system("\(command) > '\(output)'")
    guard status == 0 else { fatalError("\(command) failed (\(status))") }
    return ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
}

func cpuModel() -> String {
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
}

// MARK: The call on JACK

let scenarioFile = scratch.appendingPathComponent("voip.yaml")
try Data("""
    scenario: jack-benchmark-voip-16k
    description: A VoIP call on the receiver at 16 kHz, its far-end tone at 300 Hz.
    requirements: [SESSION-HW-RATE-VOIP-MATCH]
    seed: 112
    duration: \(seconds)s
    apps:
      Phone: { model: voip }
    steps:
      - { at: 0s, do: launch, app: Phone }
      - { at: 100ms, do: start-call, app: Phone }
      - { at: 100ms, do: answer-permission, app: Phone, granted: true }
    expect:
      - { from: 300ms, to: \(seconds)s, port: Receiver, audio: { tone: 300, above: -15 } }
      - { at: 100ms, app: Phone, notification: routeChange, reason: categoryChange, previous-outputs: [Speaker] }
    """.utf8).write(to: scenarioFile)

let server = shell("'\(repository.path)/Tools/jack' start --rate 48000 --period \(period)")
defer { shell("'\(repository.path)/Tools/jack' stop \(server)") }
let reference = try JACKIdleClient(client: JACKClient(name: "reference", server: server))
let capture = try JACKCapture(client: JACKClient(name: "capture", server: server), seconds: seconds + 30)
capture.arm()
let referenceBefore = reference.stats
var options = JACKRunOptions(server: server)
options.onPortRegistered = { port in
    if port.name == "Receiver-1" { try? capture.addPort(port.name, from: "soundcheck:\(port.name)") }
}
let outcome = try JACKScenarioRunner.run(try Scenario.load(file: scenarioFile.path), options: options)
let referenceAfter = reference.stats
reference.client.close()

// The tone by its rising zero crossings, at their JACK frames (interpolated between samples).
// Cycles an xrun skipped are holes in the recording, but every other cycle keeps its frame, so
// the periods between two crossings across a hole are still a whole number: counted at 300 Hz.
let first = UInt32(outcome.sampleRate / 2), count = (seconds - 1) * outcome.sampleRate
let played = capture.samples(port: "Receiver-1", fromJACKFrame: outcome.stats.startFrame &+ first, count: count)
let missing = played.filter { $0 == nil }.count
var crossings: [Double] = []
for index in 1..<played.count {
    guard let a = played[index - 1], let b = played[index], a < 0 && b >= 0 else { continue }
    crossings.append(Double(index - 1) - Double(a) / Double(b - a))
}
var periods = 0.0
for (earlier, later) in zip(crossings, crossings.dropFirst()) {
    periods += ((later - earlier) * 300 / Double(outcome.sampleRate)).rounded()
}
let frequency = crossings.count > 1 ? periods * Double(outcome.sampleRate) / (crossings.last! - crossings.first!) : 0
let error = abs(frequency - 300) / 300

// MARK: The conversion's cost per cycle

/// Thread CPU time, in nanoseconds.
func threadNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// One IO cycle at 16 kHz of the boundary's work for `outputs` output channels and one input,
/// as the run does it (the same converter, 64-frame chunks): 64 frames out to 48 kHz, and 192
/// JACK frames in (three chunks) back to 16 kHz.
func conversionCost(outputs: Int) -> Double {
    let rate16 = SampleRate(framesPerSecond: 16_000), rate48 = SampleRate.hz48000
    let out = SampleRateConverter(channelCount: outputs, from: rate16, to: rate48, maxReadFrames: 1024, chunkFrames: 64)
    let input = SampleRateConverter(channelCount: 1, from: rate48, to: rate16, maxReadFrames: 1024, chunkFrames: 64)
    let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 1024 * outputs)
    defer { buffer.deallocate() }
    let cycles = seconds * 16_000 / 64
    var phase = 0.0
    let began = threadNanoseconds()
    for _ in 0..<cycles {
        for channel in 0..<outputs {
            let chunk = out.inputChunk(channel: channel)
            for frame in 0..<64 { chunk[frame] = Float(sin(phase + Double(frame) * 2 * .pi * 300 / 16_000)) * 0.25 }
        }
        out.convertChunk()
        while out.availableFrames >= 64 { out.read(64, into: buffer, stride: 1024) }
        for _ in 0..<3 {
            let chunk = input.inputChunk(channel: 0)
            for frame in 0..<64 { chunk[frame] = Float(sin(phase + Double(frame) * 2 * .pi * 300 / 48_000)) * 0.25 }
            input.convertChunk()
        }
        while input.availableFrames >= 64 { input.read(64, into: buffer, stride: 1024) }
        phase += 64 * 2 * .pi * 300 / 16_000
    }
    return Double(threadNanoseconds() - began) / Double(cycles * 3)   // per 64 frames at 48 kHz
}

/// sox's own `rate -v` effect (the design libsoxr came from) converting the same seconds of
/// 16 kHz audio to 48 kHz and 48 kHz mono back to 16 kHz in bulk, to a null output, per 64
/// frames at 48 kHz: the peer of our period-sized chunks. Its file reading is included (float WAV: a copy).
func soxCost(outputs: Int) -> Double {
    let up = scratch.appendingPathComponent("up.wav").path, down = scratch.appendingPathComponent("down.wav").path
    if !FileManager.default.fileExists(atPath: down) {
        shell("sox -n -r 16000 -c \(outputs) -b 32 -e float '\(up)' synth \(seconds) sine 300 vol 0.25")
        shell("sox -n -r 48000 -c 1 -b 32 -e float '\(down)' synth \(seconds) sine 300 vol 0.25")
    }
    func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e9 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e3
    }
    let before = childrenCPU()
    shell("sox '\(up)' -n rate -v 48000 && sox '\(down)' -n rate -v 16000")
    return (childrenCPU() - before) / Double(seconds * 48_000 / 64)
}

let outputs = max(1, outcome.outputPorts.count)
var ours: [Double] = [], peer: [Double] = []
for _ in 0..<rounds {
    ours.append(conversionCost(outputs: outputs))
    peer.append(soxCost(outputs: outputs))
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func spread(_ values: [Double]) -> String { String(format: "%.2f–%.2f µs", values.min()! / 1000, values.max()! / 1000) }

// MARK: Report

let periodMicros = Double(outcome.periodFrames) * 1e6 / Double(outcome.sampleRate)
print("JACK dummy server, \(outcome.sampleRate) Hz, \(outcome.periodFrames) frames (\(String(format: "%.0f", periodMicros)) µs), "
      + "a \(seconds) s VoIP call at 16 kHz, \(cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) CPUs, "
      + "\(outcome.passed ? "scenario passed" : "scenario FAILED \(outcome.failure.map { "\($0)" } ?? outcome.result?.failureReport ?? "")")")
print(outcome.summary)
print(String(format: "far-end tone at Receiver-1: %.6f Hz (error %.5f %%) from %d crossings; %d of %d frames missing (skipped cycles)",
             frequency, error * 100, crossings.count, missing, count))
print("xruns: soundcheck \(outcome.stats.xruns), idle reference \(referenceAfter.xruns - referenceBefore.xruns); "
      + "late cycles \(outcome.stats.lateCycles), skipped \(outcome.stats.skippedCycles)")
print("conversion per 64 server frames (1333 µs of audio), \(outputs) output channels + 1 input, thread CPU, \(rounds) rounds: median "
      + String(format: "%.2f µs (%@), %.2f %% of real time", median(ours) / 1000, spread(ours), median(ours) / 1000 / 1333.3 * 100))
print("sox rate -v in bulk on the same audio (CPU of the sox processes): median " + String(format: "%.2f µs (%@) per 64 frames; ours / sox = %.2f",
      median(peer) / 1000, spread(peer), median(ours) / median(peer)))
let verdicts = [
    ("far-end tone within 0.1 %", error < 0.001),
    ("xruns no more than the reference client's", outcome.stats.xruns <= referenceAfter.xruns - referenceBefore.xruns),
    ("no late cycles", outcome.stats.lateCycles == 0),
    ("latency reported", !outcome.resamplings.isEmpty),
]
for (name, met) in verdicts { print("\(met ? "met" : "MISSED"): \(name)") }
