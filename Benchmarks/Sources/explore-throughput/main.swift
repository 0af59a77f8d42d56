import ExploreWorkloads

// Policy-only exploration throughput without the benchmark harness: `swift run -c release
// --package-path Benchmarks explore-throughput [runs] [steps] [rounds]`. Prints explored steps
// per second on one core: the median of the rounds in thread CPU time (the machine is shared),
// with the spread (min–max) beside it and the CPU model on top. Target: at least 100,000 steps/s.
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rounds = arguments.dropFirst(2).first ?? 11
let exploration = try PolicyExploration(runs: arguments.first ?? 2_000, steps: arguments.dropFirst().first ?? 20)
var rates: [Double] = []
var failures = 0
for _ in 0..<rounds {
    let start = threadCPUSeconds()
    failures = exploration.run()
    rates.append(Double(exploration.stepCount) / (threadCPUSeconds() - start))
}
rates.sort()
func format(_ value: Double) -> String { String(format: "%.0f", value) }
print("\(cpuModel()); \(exploration.runs) runs × \(exploration.steps) steps per round, median of \(rounds) rounds (min–max), thread CPU time")
print("policy-only exploration: \(format(rates[rates.count / 2])) steps/s (\(format(rates.first!))–\(format(rates.last!)))  "
    + "invariant failures: \(failures)  (target: ≥ 100000 steps/s)")
