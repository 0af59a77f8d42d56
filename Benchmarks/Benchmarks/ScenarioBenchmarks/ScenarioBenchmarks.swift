import Benchmark
import ScenarioWorkloads

// The simulation path at scale: a one-hour scenario with audio checked on three ports, the
// server's steady-state IO cycle, and a scenario with 1,000 apps. Goals (release build): the hour
// under 64 MiB peak and at least 1,000x real time; 0 allocations per steady IO cycle; 1,000 apps
// in under 5 s.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
        warmupIterations: 0,
        maxDuration: .seconds(60),
        maxIterations: 5
    )

    Benchmark("Scenario: one hour, audio checked on three ports",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal,
                                             .custom("simulated s per wall s", polarity: .prefersLarger, useScalingFactor: false)],
                                   thresholds: [.peakMemoryResident: .init(absolute: [.p100: 64 * 1_048_576])])) { benchmark in
        let clock = ContinuousClock()
        let start = clock.now
        let result = try LongScenario.run(minutes: 60)
        let wall = clock.now - start
        precondition(result.failures.isEmpty, "the hour's checks failed: \(result.failures)")
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        benchmark.measurement(.custom("simulated s per wall s", polarity: .prefersLarger, useScalingFactor: false),
                              Int((3_600 / seconds).rounded()))
    }

    // One iteration is 1,000 IO cycles in one `run(until:)`: the figures are per cycle, or per
    // iteration with `Tools/bench --scale`. The cycles allocate nothing; the one malloc per
    // iteration is `run(until:)`'s own (Scheduler.advance reads the heap's minimum through an
    // unspecialised generic in swift-collections), once per call, not per cycle.
    Benchmark("Server IO cycle, steady state (x1000 cycles)",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, scalingFactor: .kilo,
                                   maxIterations: 20,
                                   thresholds: [.mallocCountTotal: .init(absolute: [.p100: 1])])) { benchmark in
        let io = try SteadyIO()
        benchmark.startMeasurement()
        io.advance(cycles: 1_000)
        benchmark.stopMeasurement()
    }

    Benchmark("Scenario: one-hour long-form session on three AirPlay 2 speakers, with dropouts",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident,
                                             .custom("simulated s per wall s", polarity: .prefersLarger, useScalingFactor: false)],
                                   maxIterations: 3)) { benchmark in
        let clock = ContinuousClock()
        let start = clock.now
        let result = try LongFormSession.run(minutes: 60)
        let wall = clock.now - start
        precondition(result.failures.isEmpty, "the session's checks failed: \(result.failures)")
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        benchmark.measurement(.custom("simulated s per wall s", polarity: .prefersLarger, useScalingFactor: false),
                              Int((3_600 / seconds).rounded()))
    }

    Benchmark("Scenario: 1,000 apps") { _ in
        let result = try ManyApps.run(count: 1_000)
        precondition(result.failures.isEmpty, "the many-apps check failed: \(result.failures)")
    }
}
