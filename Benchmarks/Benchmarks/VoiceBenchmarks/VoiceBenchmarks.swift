import Benchmark
import VoiceWorkloads

// Voice processing (webrtc-audio-processing 0.3) per second of a speaker-phone call in 20 ms
// cycles, after 10 s of warm-up so the echo canceller has converged and every buffer exists. One
// iteration is 1 s of audio = 100 webrtc frames of 10 ms: throughput (iterations per second) is
// times real time, and the wall clock divided by 100 is the cost of one 10 ms frame. The malloc
// count is what `analyzeRender` + `processCapture` allocate in steady state: it must be 0.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 50,
        thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])]
    )

    for rate in [16_000, 48_000] {
        Benchmark("Voice processing: AEC+NS+AGC, \(rate / 1_000) kHz mono, 1 s in 20 ms cycles") { benchmark in
            let call = try VoiceCall(sampleRate: rate)
            blackHole(call.run(seconds: 10))
            benchmark.startMeasurement()
            blackHole(call.run(seconds: 1))
            benchmark.stopMeasurement()
        }
        Benchmark("Voice processing: AEC alone, \(rate / 1_000) kHz mono, 1 s in 20 ms cycles") { benchmark in
            let call = try VoiceCall(sampleRate: rate, noiseSuppression: false, automaticGainControl: false)
            blackHole(call.run(seconds: 10))
            benchmark.startMeasurement()
            blackHole(call.run(seconds: 1))
            benchmark.stopMeasurement()
        }
    }
}
