import Explore
import ExploreWorkloads
import Foundation
import Scenario

// `soundcheck explore` in-process, as the CLI runs it (every shipped model under test, seed 7):
// `swift run -c release --package-path Benchmarks explore-runs [short] [long]` runs 1,000 then
// 10,000 runs in one process, each with its own peak resident memory (VmHWM reset before it),
// and prints steps per second on one core (thread CPU time) and the ratio of the peaks.
// Targets: the long peak ≤ 1.2× the short one; ≥ 10,400 steps/s (10× the 1,040 measured before).
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let counts = [arguments.first ?? 1_000, arguments.dropFirst().first ?? 10_000]
let registry = ScenarioAppRegistry.standard

var peaks: [Double] = []
print(cpuModel())
for runs in counts {
    var options = Explorer.Options(apps: AppUnderTest.shipped(registry))
    (options.seed, options.runs) = (7, runs)
    resetPeakResident()
    let start = threadCPUSeconds()
    let summary = Explorer(options: options).explore()
    let seconds = threadCPUSeconds() - start
    peaks.append(peakResidentMiB())
    print(String(format: "%d runs: %d steps in %.2f s CPU = %.0f steps/s, %d failed runs, peak resident %.1f MiB",
                 summary.runsCompleted, summary.stepsRun, seconds, Double(summary.stepsRun) / seconds, summary.failedRuns, peaks.last!))
}
print(String(format: "peak memory %d runs / %d runs: %.2f× (target ≤ 1.2)", counts[1], counts[0], peaks[1] / peaks[0]))
