import AudioGraph
import Benchmark
import RenderWorkloads

// One iteration renders 1 s of audio (187.5 cycles of 256 frames, rounded to 188) of the
// eight-voice mix, after a warm-up that fills every converter's FIFO, so the malloc count is what
// the steady-state render loop allocates: it must be 0.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 50
    )

    Benchmark("Render: 8 voices, 8 rates -> 8 ch HDMI @48 kHz, 1 s, steady state") { benchmark in
        let mix = EightVoiceMix(inputs: EightVoiceMix.sineInputs(seconds: 2))
        blackHole(mix.render(cycles: 200))
        benchmark.startMeasurement()
        blackHole(mix.render(cycles: 188))
        benchmark.stopMeasurement()
    }
}
