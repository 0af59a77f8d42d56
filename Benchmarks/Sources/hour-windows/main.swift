import ExploreWorkloads
import Foundation
import ScenarioWorkloads
import SimCore

// The one-hour scenario (`WindowedHour`: music with prompts, headphones out and in, HDMI arriving,
// three ports checked) with windows of 2 s, 1 min, 20 min and 60 min, run in one process:
// `swift run -c release --package-path Benchmarks hour-windows [rounds] [minutes]`. Each round runs
// every window once (interleaved, so drift on a shared machine hits all alike); each run's peak
// resident memory is its own (VmHWM reset before it). Prints medians with spread (min–max) and the
// ratios of the longest windows to the shortest. Targets: longest peak ≤ 1.1× shortest and
// ≤ 64 MiB; longest speed ≥ 0.9× shortest and ≥ 5,000× real time.
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rounds = arguments.first ?? 5
let minutes = arguments.dropFirst().first ?? 60
let windows: [HostDuration] = [.seconds(2), .minutes(1), .minutes(20), .minutes(60)]

var speeds = Array(repeating: [Double](), count: windows.count)
var peaks = Array(repeating: [Double](), count: windows.count)
for _ in 0..<rounds {
    for (index, window) in windows.enumerated() {
        resetPeakResident()
        let start = threadCPUSeconds()
        let result = try WindowedHour.run(window: window, minutes: minutes)
        let seconds = threadCPUSeconds() - start
        guard result.failures.isEmpty else {
            print("FAIL with \(window) windows:\n\(result.failureReport)")
            exit(1)
        }
        speeds[index].append(Double(minutes * 60) / seconds)
        peaks[index].append(peakResidentMiB())
    }
}

print("\(cpuModel()); \(minutes) min scenario, 3 ports, 5 checks; median of \(rounds) rounds (min–max), thread CPU time")
for (index, window) in windows.enumerated() {
    let speed = medianAndSpread(speeds[index]), peak = medianAndSpread(peaks[index])
    print(String(format: "windows of %@: %6.0f× real time (%.0f–%.0f), peak resident %5.1f MiB (%.1f–%.1f)",
                 "\(window)".padding(toLength: 4, withPad: " ", startingAt: 0), speed.median, speed.low, speed.high,
                 peak.median, peak.low, peak.high))
}
let speedRatio = medianAndSpread(speeds[windows.count - 1]).median / medianAndSpread(speeds[0]).median
let memoryRatio = medianAndSpread(peaks[windows.count - 1]).median / medianAndSpread(peaks[0]).median
let longest = (speed: medianAndSpread(speeds[windows.count - 1]).median, peak: medianAndSpread(peaks[windows.count - 1]).median)
print(String(format: "longest / shortest windows: speed %.2f× (target ≥ 0.9), peak memory %.2f× (target ≤ 1.1); "
             + "longest: %.0f× real time (target ≥ 5000), %.1f MiB (target ≤ 64)",
             speedRatio, memoryRatio, longest.speed, longest.peak))
