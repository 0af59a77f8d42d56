import Explore
import ExploreWorkloads
import Foundation
import Scenario

// `soundcheck explore` in-process, as the CLI runs it (every shipped model under test, seed 7):
// `swift run -c release --package-path Benchmarks explore-runs [short] [long] [rounds]` runs 1,000
// then 10,000 runs, `rounds` times (3 unless told), each exploration with its own peak resident
// memory (VmHWM reset before it), and prints steps per second on one core (thread CPU time) and
// the peaks as medians with their spread, and the ratio of the peaks measured in the same round.
// Targets: the long peak ≤ 1.2× the short one; ≥ 10,400 steps/s (10× the 1,040 measured before).
//
// Each exploration also prints a fingerprint of everything its summary holds (steps, failures per
// invariant, transitions, the findings' shrunk scenario files): a change that should keep
// explore's results must keep the fingerprints.
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let counts = [arguments.first ?? 1_000, arguments.dropFirst().first ?? 10_000]
let rounds = arguments.dropFirst(2).first ?? 3
let registry = ScenarioAppRegistry.standard

/// FNV-1a over the summary written out in a fixed order (dictionaries sorted by key).
func fingerprint(_ summary: Explorer.Summary) -> String {
    var text = "\(summary.runsCompleted) \(summary.stepsRun) \(summary.failedRuns)\n"
    for (key, value) in summary.failuresByInvariant.sorted(by: { $0.key < $1.key }) { text += "\(key)=\(value)\n" }
    for (key, value) in summary.transitions.sorted(by: { $0.key < $1.key }) { text += "\(key)=\(value)\n" }
    for finding in summary.findings {
        text += "\(finding.run) \(finding.failure.invariant) \(finding.failure.afterStep) \(finding.failure.message) \(finding.shrinkRuns)\n"
        text += finding.minimal.yaml
    }
    text += summary.invalidScripts.joined(separator: "\n")
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
}

var speeds = Array(repeating: [Double](), count: counts.count)
var peaks = Array(repeating: [Double](), count: counts.count)
var ratios: [Double] = []
print("\(cpuModel()); explore seed 7, every shipped model; \(rounds) rounds; thread CPU time")
for round in 1...rounds {
    for (index, runs) in counts.enumerated() {
        var options = Explorer.Options(apps: AppUnderTest.shipped(registry))
        (options.seed, options.runs) = (7, runs)
        resetPeakResident()
        let start = threadCPUSeconds()
        let summary = Explorer(options: options).explore()
        let seconds = threadCPUSeconds() - start
        speeds[index].append(Double(summary.stepsRun) / seconds)
        peaks[index].append(peakResidentMiB())
        print(String(format: "round %d, %d runs: %d steps in %.2f s CPU = %.0f steps/s, %d failed runs, peak resident %.1f MiB, fingerprint %@",
                     round, summary.runsCompleted, summary.stepsRun, seconds, speeds[index].last!, summary.failedRuns,
                     peaks[index].last!, fingerprint(summary)))
    }
    ratios.append(peaks[1].last! / peaks[0].last!)
}
for (index, runs) in counts.enumerated() {
    let speed = medianAndSpread(speeds[index]), peak = medianAndSpread(peaks[index])
    print(String(format: "%6d runs: %6.0f steps/s (%.0f–%.0f, target ≥ 10400), peak resident %6.1f MiB (%.1f–%.1f)",
                 runs, speed.median, speed.low, speed.high, peak.median, peak.low, peak.high))
}
let ratio = medianAndSpread(ratios)
print(String(format: "peak memory %d runs / %d runs, per round: %.2f× (%.2f–%.2f; target ≤ 1.2)",
             counts[1], counts[0], ratio.median, ratio.low, ratio.high))
