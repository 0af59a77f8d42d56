import AudioGraph
import Benchmark
import EffectWorkloads
import Foundation

// The effect kernels on the render path. The chain benchmark renders 32 voices through a 4-band
// EQ each, mixes them and runs the mix through the reverb, then runs the same chain through sox
// on the same samples (written as WAV files with libsndfile) and reports both speeds and their
// ratio. Only the chain's own render is inside the measurement, after a warm-up, so its malloc
// count is the steady-state render loop's: it must be 0. The per-kernel benchmarks check the same
// for every kernel, including the two that pull their input (time-pitch at its default tier and at R3, and
// varispeed through libsoxr).

let chainSeconds = 10
let chainXRT = BenchmarkMetric.custom("chain x real time", polarity: .prefersLarger, useScalingFactor: false)
let soxXRT = BenchmarkMetric.custom("sox x real time", polarity: .prefersLarger, useScalingFactor: false)
let ratio = BenchmarkMetric.custom("chain speed / sox speed x100", polarity: .prefersLarger, useScalingFactor: false)
let voices = EffectChain.voices(seconds: Double(chainSeconds))

/// A stereo second of a 440 Hz tone through `kernel`, block by block (in-place kernels).
final class KernelRun {
    let frames = 256
    let buffers: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    var phase = 0.0

    init() {
        buffers = .allocate(capacity: 2)
        buffers[0] = .allocate(capacity: frames)
        buffers[1] = .allocate(capacity: frames)
    }

    func fill(_ target: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, _ count: Int) {
        for frame in 0..<count {
            let value = Float(0.5 * sin(phase))
            target[0][frame] = value
            target[1][frame] = value
            phase += 2 * Double.pi * 440 / 48_000
            if phase > 2 * Double.pi { phase -= 2 * Double.pi }
        }
    }

    func run(_ kernel: InPlaceEffectKernel, blocks: Int) {
        for _ in 0..<blocks {
            fill(buffers, frames)
            kernel.process(buffers, frameCount: frames)
        }
        blackHole(buffers[0][0])
    }

    func run(_ kernel: TimeEffectKernel, blocks: Int) {
        for _ in 0..<blocks { kernel.render(into: buffers, frameCount: frames, pull: fill) }
        blackHole(buffers[0][0])
    }
}

func prepared<K: EffectKernel>(_ kernel: K, _ configure: (K) -> Void = { _ in }) -> K {
    configure(kernel)
    kernel.prepare(sampleRate: 48_000, channelCount: 2, maximumFrames: 256)
    return kernel
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 20,
        thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])]
    )

    Benchmark("Effects: 32 voices x 4-band EQ, mix, reverb @48 kHz, \(chainSeconds) s, vs sox",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal, chainXRT, soxXRT, ratio],
                                   maxDuration: .seconds(120), maxIterations: 9)) { benchmark in
        let chain = EffectChain(voices: voices)
        blackHole(chain.render(blocks: 200))
        let blocks = chainSeconds * 48_000 / chain.blockFrames
        let clock = ContinuousClock()
        benchmark.startMeasurement()
        let start = clock.now
        blackHole(chain.render(blocks: blocks))
        let chainTime = SoxRun.seconds(clock.now - start)
        benchmark.stopMeasurement()

        let (directory, files) = try SoxRun.writeVoices(voices, label: "effects-vs-sox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let soxTime = try SoxRun.time(EffectChain.soxCommand(files: files))
        benchmark.measurement(chainXRT, Int((Double(chainSeconds) / chainTime).rounded()))
        benchmark.measurement(soxXRT, Int((Double(chainSeconds) / soxTime).rounded()))
        benchmark.measurement(ratio, Int((100 * soxTime / chainTime).rounded()))
    }

    // One iteration: 1 s of stereo (188 blocks of 256 frames) after a second of warm-up.
    Benchmark("Effect kernel: 4-band EQ, stereo, 1 s") { benchmark in
        let eq = prepared(NBandEQKernel(bandCount: 4)) { eq in
            for band in 0..<UInt32(4) { eq.setParameter(NBandEQKernel.bypassBand + band, 0) }
        }
        let run = KernelRun()
        run.run(eq, blocks: 188)
        benchmark.startMeasurement()
        run.run(eq, blocks: 188)
        benchmark.stopMeasurement()
    }

    Benchmark("Effect kernel: reverb (mediumHall), stereo, 1 s") { benchmark in
        let reverb = prepared(Reverb2Kernel()) { $0.loadFactoryPreset(.mediumHall) }
        let run = KernelRun()
        run.run(reverb, blocks: 188)
        benchmark.startMeasurement()
        run.run(reverb, blocks: 188)
        benchmark.stopMeasurement()
    }

    Benchmark("Effect kernel: delay, stereo, 1 s") { benchmark in
        let delay = prepared(DelayKernel())
        let run = KernelRun()
        run.run(delay, blocks: 188)
        benchmark.startMeasurement()
        run.run(delay, blocks: 188)
        benchmark.stopMeasurement()
    }

    Benchmark("Effect kernel: distortion (multiEverythingIsBroken), stereo, 1 s") { benchmark in
        let distortion = prepared(DistortionKernel()) { $0.loadFactoryPreset(.multiEverythingIsBroken) }
        let run = KernelRun()
        run.run(distortion, blocks: 188)
        benchmark.startMeasurement()
        run.run(distortion, blocks: 188)
        benchmark.stopMeasurement()
    }

    // The default tier (SoundTouch) and the finest (Rubber Band R3, AUNewTimePitch at overlap 32).
    for (label, engine) in [("", TimePitchEngine.default), (" R3", .rubberBandR3)] {
        Benchmark("Effect kernel: time-pitch\(label) (rate 1.5, +300 cents), stereo, 1 s") { benchmark in
            let timePitch = prepared(TimePitchKernel(engine: engine)) {
                $0.setParameter(TimePitchKernel.rate, 1.5)
                $0.setParameter(TimePitchKernel.pitch, 300)
            }
            let run = KernelRun()
            run.run(timePitch, blocks: 188)
            benchmark.startMeasurement()
            run.run(timePitch, blocks: 188)
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Effect kernel: varispeed (rate 1.5), stereo, 1 s") { benchmark in
        let varispeed = prepared(VarispeedKernel()) { $0.setParameter(VarispeedKernel.playbackRate, 1.5) }
        let run = KernelRun()
        run.run(varispeed, blocks: 188)
        benchmark.startMeasurement()
        run.run(varispeed, blocks: 188)
        benchmark.stopMeasurement()
    }
}
