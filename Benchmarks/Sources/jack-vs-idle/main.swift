import Foundation
import JACKBackend
import Scenario

// Plays a scenario (a media player's tone on the speaker for N seconds) through a JACK client of
// ours at 64 frames / 48 kHz on a dummy server started by Tools/jack, next to an idle reference
// client on the same server, and prints, for both: callbacks, xruns, and the distribution of the
// time spent in the process callback. Targets: no more xruns than the reference client, our p99
// callback time under 25% of the period, and no late cycles (cycles the simulation had not
// rendered in time, the one failure that is ours alone).
//
//   swift run -c release --package-path Benchmarks jack-vs-idle [seconds]

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("jack-vs-idle-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

func tool(_ arguments: String) -> String {
    let output = scratch.appendingPathComponent("tool.out").path
    let status = system("'\(repository.path)/Tools/jack' \(arguments) > '\(output)'")
    guard status == 0 else { fatalError("Tools/jack \(arguments) failed (\(status))") }
    return ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
}

let scenarioFile = scratch.appendingPathComponent("tone.yaml")
try Data("""
    scenario: jack-benchmark-tone
    requirements: [SESSION-INTERRUPT-BEGIN]
    duration: \(seconds)s
    apps:
      Music: { model: media-player }
    steps:
      - { at: 0s, do: launch, app: Music }
      - { at: 100ms, do: play, app: Music }
    """.utf8).write(to: scenarioFile)

let server = tool("start --rate 48000 --period 64")
defer { _ = tool("stop \(server)") }
let reference = try JACKIdleClient(client: JACKClient(name: "reference", server: server))
let referenceBefore = reference.stats
let outcome = try JACKScenarioRunner.run(try Scenario.load(file: scenarioFile.path),
                                         options: JACKRunOptions(server: server, connect: "system"))
let referenceAfter = reference.stats
let referenceDurations = reference.callbackDurations
reference.client.close()

let periodMicros = Double(outcome.periodFrames) * 1e6 / Double(outcome.sampleRate)
func row(_ name: String, callbacks: Int64, xruns: Int64, late: Int64, durations: [Int64]) -> String {
    let p50 = callbackPercentile(durations, 0.5), p99 = callbackPercentile(durations, 0.99)
    let max = durations.lastIndex { $0 > 0 } ?? 0
    return [name, String(callbacks), String(xruns), String(late), "\(p50)", "\(p99)", "\(max)",
            String(format: "%.1f%%", Double(p99) * 100 / periodMicros)]
        .map { $0.padding(toLength: 11, withPad: " ", startingAt: 0) }.joined(separator: " ")
}
print("JACK dummy server, 48000 Hz, \(outcome.periodFrames) frames (\(String(format: "%.0f", periodMicros)) µs), \(seconds) s, "
      + "\(outcome.result?.passed == true ? "scenario passed" : "scenario FAILED") \(outcome.failure.map { "(\($0))" } ?? "")")
print(["client", "callbacks", "xruns", "late", "p50 µs", "p99 µs", "max µs", "p99/period"]
    .map { $0.padding(toLength: 11, withPad: " ", startingAt: 0) }.joined(separator: " "))
print(row("soundcheck", callbacks: outcome.stats.callbacks, xruns: outcome.stats.xruns, late: outcome.stats.lateCycles,
          durations: outcome.callbackDurations))
print(row("reference", callbacks: referenceAfter.callbacks - referenceBefore.callbacks,
          xruns: referenceAfter.xruns - referenceBefore.xruns, late: 0, durations: referenceDurations))
let ours = callbackPercentile(outcome.callbackDurations, 0.99)
let verdicts = [
    ("xruns no more than the reference client's", outcome.stats.xruns <= referenceAfter.xruns - referenceBefore.xruns),
    ("p99 callback under 25% of the period", Double(ours) < periodMicros / 4),
    ("no late cycles", outcome.stats.lateCycles == 0),
]
for (name, met) in verdicts { print("\(met ? "met" : "MISSED"): \(name)") }
