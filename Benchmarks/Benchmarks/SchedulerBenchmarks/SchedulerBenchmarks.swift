import Benchmark
import SchedulerWorkloads
import SimCore

// One iteration runs 1,000,000 events; the scaling factor `.mega` makes every scaled figure
// (marked `*` in the output) per event, and throughput events per second.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 1,
        scalingFactor: .mega,
        maxDuration: .seconds(10),
        maxIterations: 10
    )

    // From an empty scheduler: includes the heap growing to its working size (about 4,000 events).
    Benchmark("Scheduler: 1M mixed events") { benchmark in
        var scheduler = Scheduler<StackEvent>()
        var workload = MixedWorkload()
        workload.run(&scheduler, events: benchmark.scaledIterations.count)
        blackHole(workload.fingerprint)
    }

    // The same mix after 250 ms of simulated warm-up (not measured), so the heap's storage has
    // reached its working size: allocations here are what each event costs in steady state.
    Benchmark("Scheduler: 1M mixed events, steady state") { benchmark in
        var scheduler = Scheduler<StackEvent>()
        var workload = MixedWorkload()
        workload.warmUp(&scheduler, for: MixedWorkload.steadyStateWarmUp)
        benchmark.startMeasurement()
        workload.run(&scheduler, events: benchmark.scaledIterations.count)
        benchmark.stopMeasurement()
        blackHole(workload.fingerprint)
    }

    // The harness's own cost per iteration, to subtract when reading the two above: it allocates
    // a few times per measured iteration whatever the body does.
    Benchmark("Reference: empty iteration") { benchmark in
        for event in benchmark.scaledIterations { blackHole(event) }
    }
}
