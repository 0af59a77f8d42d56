import Benchmark
import EffectWorkloads
import EngineWorkloads
import Foundation

// AVAudioEngine rendering offline (manual rendering, `renderOffline`): 32 player nodes, each
// through its own AVAudioUnitEQ, a submix, AVAudioUnitReverb, the main mixer. Each iteration
// renders 10 s of audio in pulls of 256 frames after a warm-up, then runs the same chain through
// sox on the same samples (the voices written as WAV files), and reports both speeds and their
// ratio. Only the engine's pulls are inside the measurement, so its malloc count is the steady
// render cycles': it must be 0 (threshold p100 = 0).

let seconds = 10
let engineXRT = BenchmarkMetric.custom("engine x real time", polarity: .prefersLarger, useScalingFactor: false)
let soxXRT = BenchmarkMetric.custom("sox x real time", polarity: .prefersLarger, useScalingFactor: false)
let ratio = BenchmarkMetric.custom("engine speed / sox speed x100", polarity: .prefersLarger, useScalingFactor: false)
let voices = EffectChain.voices(seconds: Double(seconds))

let benchmarks: @Sendable () -> Void = {
    FileHandle.standardError.write(Data("CPU: \(SoxRun.cpuModel)\n".utf8))
    Benchmark("Engine: 32 player nodes x AVAudioUnitEQ, mixer, AVAudioUnitReverb, renderOffline @48 kHz, \(seconds) s, vs sox",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal, engineXRT, soxXRT, ratio],
                                   warmupIterations: 1, maxDuration: .seconds(180), maxIterations: 9,
                                   thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])])) { benchmark in
        let chain = try EngineChain(voices: voices)
        blackHole(try chain.render(cycles: 200))
        let cycles = seconds * Int(EffectChain.sampleRate) / Int(chain.blockFrames)
        let clock = ContinuousClock()
        benchmark.startMeasurement()
        let start = clock.now
        blackHole(try chain.render(cycles: cycles))
        let engineTime = SoxRun.seconds(clock.now - start)
        benchmark.stopMeasurement()

        let (directory, files) = try SoxRun.writeVoices(voices, label: "engine-vs-sox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let soxTime = try SoxRun.time(EffectChain.soxCommand(files: files))
        benchmark.measurement(engineXRT, Int((Double(seconds) / engineTime).rounded()))
        benchmark.measurement(soxXRT, Int((Double(seconds) / soxTime).rounded()))
        benchmark.measurement(ratio, Int((100 * soxTime / engineTime).rounded()))
    }
}
