import Foundation
import ScenarioWorkloads

// Prints the simulation path's figures without the benchmark harness (for profiling):
// `swift run -c release --package-path Benchmarks scenario-workload [minutes] [apps]`.
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let minutes = arguments.first ?? 60
let apps = arguments.dropFirst().first ?? 1_000

func peakResidentMiB() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try body()
    let elapsed = clock.now - start
    return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

let (hour, hourSeconds) = try timed { try LongScenario.run(minutes: minutes) }
print("\(minutes) min scenario, 3 ports checked: \(hour.failures.isEmpty ? "pass" : "FAIL \(hour.failures)"), "
      + String(format: "%.3f s wall, %.0f simulated s per wall s, peak resident %.1f MiB",
               hourSeconds, Double(minutes * 60) / hourSeconds, peakResidentMiB()))
let (many, manySeconds) = try timed { try ManyApps.run(count: apps) }
print("\(apps) apps: \(many.failures.isEmpty ? "pass" : "FAIL \(many.failures)"), " + String(format: "%.3f s wall", manySeconds))
