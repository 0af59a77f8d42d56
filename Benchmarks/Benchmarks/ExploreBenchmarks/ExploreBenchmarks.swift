import Benchmark
import ExploreWorkloads

// Policy-only exploration (`soundcheck explore --policy-only`): one iteration explores 1,000 runs of
// 20 random inputs into the policy with the platform invariants checked after each, and reports
// explored steps per second of the thread's CPU time (the machine is shared, so the wall clock
// would count other processes' time too); the harness gives its median (p50) and spread (p0–p100).
// Target: at least 100,000 steps/s on one core. Every run must hold its invariants.
let benchmarks: @Sendable () -> Void = {
    let stepsPerSecond = BenchmarkMetric.custom("explored steps per CPU s", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, stepsPerSecond],
        warmupIterations: 1,
        maxDuration: .seconds(30),
        maxIterations: 21
    )

    Benchmark("Explore: policy-only, 1,000 runs x 20 steps") { benchmark in
        let exploration = try PolicyExploration(runs: 1_000, steps: 20)
        benchmark.startMeasurement()
        let start = threadCPUSeconds()
        let failures = exploration.run()
        let seconds = threadCPUSeconds() - start
        benchmark.stopMeasurement()
        precondition(failures == 0, "\(failures) runs broke a platform invariant")
        benchmark.measurement(stepsPerSecond, Int((Double(exploration.stepCount) / seconds).rounded()))
    }
}
