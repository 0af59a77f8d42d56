import EffectWorkloads
import EngineWorkloads
import Foundation

// Renders EngineChain (32 AVAudioPlayerNodes × AVAudioUnitEQ → mixer → AVAudioUnitReverb → main
// mixer, offline manual rendering) and the same chain through sox on the same samples, alternating
// the two `runs` times, and prints each run, then the medians with their spread (min–max) and the
// ratios. Both wall clock and CPU time: the engine renders on one thread, sox runs 33 processes
// that share the machine's cores, and on a machine other jobs load the CPU time is the fair
// measure of the same work. The allocation count per render cycle is the ordo-one benchmark's
// (`Tools/bench --target EngineBenchmarks`).
//
//   swift run -c release --package-path Benchmarks engine-vs-sox [seconds] [runs]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let seconds = arguments.first ?? 10
let runs = arguments.dropFirst().first ?? 5
let voices = EffectChain.voices(seconds: Double(seconds))
let (directory, files) = try SoxRun.writeVoices(voices, label: "engine-vs-sox")
defer { try? FileManager.default.removeItem(at: directory) }
let soxCommand = EffectChain.soxCommand(files: files)

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func summary(_ name: String, _ times: [Double]) -> String {
    let speeds = times.map { Double(seconds) / $0 }
    return String(format: "%@ median %.3f s = %.1f x real time (spread %.3f–%.3f s = %.1f–%.1f x)", name,
                  median(times), median(speeds), times.min()!, times.max()!, speeds.min()!, speeds.max()!)
}

func ratio(_ name: String, sox: [Double], engine: [Double]) -> String {
    let ratios = zip(sox, engine).map { $0 / $1 }
    return String(format: "%@: the engine is %.2f x as fast as sox (median of per-run ratios; spread %.2f–%.2f)",
                  name, median(ratios), ratios.min()!, ratios.max()!)
}

print("CPU: \(SoxRun.cpuModel)")
print("\(seconds) s of audio at 48 kHz, pulls of 256 frames; \(runs) runs, engine and sox alternating")
var engineWall: [Double] = [], engineCPU: [Double] = [], soxWall: [Double] = [], soxCPU: [Double] = []
let clock = ContinuousClock()
for run in 1...runs {
    let chain = try EngineChain(voices: voices)
    _ = try chain.render(cycles: 200)   // warm-up
    let cycles = seconds * Int(EffectChain.sampleRate) / Int(chain.blockFrames)
    let cpuStart = SoxRun.threadCPUSeconds()
    let start = clock.now
    let checksum = try chain.render(cycles: cycles)
    engineWall.append(SoxRun.seconds(clock.now - start))
    engineCPU.append(SoxRun.threadCPUSeconds() - cpuStart)
    let sox = try SoxRun.measure(soxCommand)
    soxWall.append(sox.wall)
    soxCPU.append(sox.cpu)
    print(String(format: "run %d: engine %.3f s wall, %.3f s CPU; sox %.3f s wall, %.3f s CPU (checksum %.4f)", run,
                 engineWall.last!, engineCPU.last!, soxWall.last!, soxCPU.last!, checksum))
}
print(summary("engine wall:", engineWall))
print(summary("sox wall:   ", soxWall))
print(summary("engine CPU: ", engineCPU))
print(summary("sox CPU:    ", soxCPU))
print(ratio("wall clock", sox: soxWall, engine: engineWall))
print(ratio("CPU time  ", sox: soxCPU, engine: engineCPU))
