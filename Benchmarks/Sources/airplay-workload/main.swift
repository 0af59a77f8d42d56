import Foundation
import ScenarioWorkloads

// Runs the long-form AirPlay session for the minutes given (default 60) and prints how much faster
// than real time it ran and the process's peak resident memory. Run it once per length, in its own
// process, to compare peaks: `swift run -c release --package-path Benchmarks airplay-workload 10`.
let minutes = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 60
let clock = ContinuousClock()
let start = clock.now
let result = try LongFormSession.run(minutes: minutes)
let wall = clock.now - start
let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("long-form session, \(minutes) min: \(String(format: "%.2f", seconds)) s wall = \(Int(Double(minutes * 60) / seconds))x real time, "
    + "peak RSS \(usage.ru_maxrss / 1024) MiB, failures: \(result.failures.count)")
for failure in result.failures { print("  \(failure.message)") }
exit(result.failures.isEmpty ? 0 : 1)
