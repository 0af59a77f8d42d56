import Explore
import Foundation
import VirtualDevices

// Policy-only exploration throughput: random inputs straight into `MediaPolicy` with the platform
// invariants checked after each one (`PolicyExplorer`), as `swift run -c release --package-path
// Benchmarks explore-throughput [runs] [steps] [rounds]`. Prints explored steps per second on one
// core: the median of the rounds in thread CPU time (the machine is shared), with the spread
// (min–max) beside it and the CPU model on top. Target: at least 100,000 steps/s.
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let runs = arguments.first ?? 2_000
let steps = arguments.dropFirst().first ?? 20
let rounds = arguments.dropFirst(2).first ?? 11

/// The thread's CPU time in seconds, not the wall clock other processes share.
func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// The CPU model from /proc/cpuinfo.
func cpuModel() -> String {
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line.map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
}

let explorer = PolicyExplorer(profile: try DeviceProfile.load("iphone"))
var rates: [Double] = []
var failures = 0
for _ in 0..<rounds {
    let start = cpuSeconds()
    failures = (0..<runs).reduce(0) { $0 + (explorer.run(seed: UInt64($1), steps: steps) == nil ? 0 : 1) }
    rates.append(Double(runs * steps) / (cpuSeconds() - start))
}
rates.sort()
func format(_ value: Double) -> String { String(format: "%.0f", value) }
print("\(cpuModel()); \(runs) runs × \(steps) steps per round, median of \(rounds) rounds (min–max), thread CPU time")
print("policy-only exploration: \(format(rates[rates.count / 2])) steps/s (\(format(rates.first!))–\(format(rates.last!)))  "
    + "invariant failures: \(failures)  (target: ≥ 100000 steps/s)")
