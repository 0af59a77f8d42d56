import AudioFiles
import AudioGraph
import EffectWorkloads
import Foundation

// Time-pitch at simulation speed: TimePitchKernel at its default tier (what AVAudioUnitTimePitch,
// the Audio Queue's Spectral and TimeDomain algorithms and AVFoundation's .spectral and .timeDomain
// use) against SoundTouch's own command line, soundstretch, on the same input in the same run.
// The work: a stereo 440 Hz tone at 48 kHz, rate 1.5 (output 2/3 as long) and +300 cents, which
// the kernel renders in 256-frame blocks as the IO cycle pulls it. Each run times both sides;
// the figures are medians over the runs with their spread. CPU time (the kernel's thread, and
// soundstretch's process) is the fair measure on a machine that others load; wall clock is shown too.
//
//   swift run -c release --package-path Benchmarks timepitch-vs-soundstretch [seconds] [runs] [--tiers]
//
// --tiers also renders a tenth of the audio through every tier once (Rubber Band is slow).

let arguments = CommandLine.arguments.dropFirst()
let numbers = arguments.compactMap(Int.init)
let seconds = numbers.first ?? 30
let runs = numbers.dropFirst().first ?? 5
let sampleRate = 48_000
let block = 256

func cpuModel() -> String {
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line.map { String($0.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)) } ?? "unknown"
}

// The input: one tone for both sides, written as a 32-bit float WAV for soundstretch.
let frames = seconds * sampleRate
let tone = (0..<frames).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / Double(sampleRate))) }
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("timepitch-vs-soundstretch-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let path = directory.appendingPathComponent("tone.wav").path
do {
    let file = try SoundFile(writingPath: path, format: SoundFileFormat(type: .wav, encoding: .float32, sampleRate: sampleRate, channels: 2))
    let interleaved = tone.flatMap { [$0, $0] }
    try interleaved.withUnsafeBufferPointer { try file.write(interleaved: $0.baseAddress!, frames: frames) }
    file.close()
}

/// Renders the tone through `engine` until the input nearly runs out; returns the speed in times
/// real time of the input it consumed (the content's duration, as soundstretch's is counted), by
/// the thread's CPU time and by the wall clock.
func renderKernel(_ engine: TimePitchEngine, inputFrames: Int) -> (cpu: Double, wall: Double) {
    let kernel = TimePitchKernel(engine: engine)
    kernel.setParameter(TimePitchKernel.rate, 1.5)
    kernel.setParameter(TimePitchKernel.pitch, 300)
    kernel.prepare(sampleRate: Double(sampleRate), channelCount: 2, maximumFrames: block)
    let output = UnsafeMutablePointer<Float>.allocate(capacity: 2 * block)
    defer { output.deallocate() }
    let channels = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: 2)
    defer { channels.deallocate() }
    channels[0] = output
    channels[1] = output + block
    var read = 0
    // Stop a little before the input would run out (the engines read ahead of what they play).
    let outputFrames = (inputFrames - sampleRate / 2) * 2 / 3 / block * block
    var energy: Float = 0
    let clock = ContinuousClock()
    let cpuStart = SoxRun.threadCPUSeconds()
    let start = clock.now
    tone.withUnsafeBufferPointer { input in
        for _ in 0..<(outputFrames / block) {
            kernel.render(into: channels, frameCount: block) { buffers, count in
                let available = min(count, inputFrames - read)
                for channel in 0..<2 {
                    buffers[channel].update(from: input.baseAddress! + read, count: available)
                    buffers[channel].advanced(by: available).update(repeating: 0, count: count - available)
                }
                read += available
            }
            energy += output[0] * output[0]
        }
    }
    let wall = SoxRun.seconds(clock.now - start)
    let cpu = SoxRun.threadCPUSeconds() - cpuStart
    precondition(energy > 0, "the kernel rendered silence")
    let consumed = Double(read) / Double(sampleRate)
    return (consumed / cpu, consumed / wall)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func summary(_ values: [Double], _ format: String) -> String {
    String(format: format, median(values)) + " (" + String(format: format, values.min()!) + "–" + String(format: format, values.max()!) + ")"
}

let audio = Double(seconds)
// soundstretch's -tempo is a change in percent (+50 = rate 1.5), -pitch in semitones; its
// defaults (full seek, anti-alias filter) are the kernel's default tier's.
let command = "soundstretch \(path) stdout -tempo=50 -pitch=3 > /dev/null 2>&1"
var ours: [(cpu: Double, wall: Double)] = [], theirs: [(cpu: Double, wall: Double)] = []
_ = renderKernel(.default, inputFrames: sampleRate)   // the code paths warm
for run in 0..<runs {
    // Alternate which goes first, so neither always runs on the warmer or quieter machine.
    if run % 2 == 0 { ours.append(renderKernel(.default, inputFrames: frames)) }
    let measured = try SoxRun.measure(command)
    theirs.append((audio / measured.cpu, audio / measured.wall))
    if run % 2 == 1 { ours.append(renderKernel(.default, inputFrames: frames)) }
}
let ratios = zip(ours, theirs).map { $0.cpu / $1.cpu }
let wallRatios = zip(ours, theirs).map { $0.wall / $1.wall }
print("CPU: \(cpuModel()); \(seconds) s stereo 440 Hz at 48 kHz, rate 1.5, +300 cents; \(runs) runs, median (spread)")
print("TimePitchKernel (\(TimePitchEngine.default.rawValue), \(block)-frame blocks), x real time: CPU \(summary(ours.map(\.cpu), "%.0f")), wall \(summary(ours.map(\.wall), "%.0f"))")
print("soundstretch \(TimePitchKernel.soundTouchVersion), x real time:                CPU \(summary(theirs.map(\.cpu), "%.0f")), wall \(summary(theirs.map(\.wall), "%.0f"))")
print("ratio, kernel speed / soundstretch speed: CPU \(summary(ratios, "%.2f")), wall \(summary(wallRatios, "%.2f"))")
let pass = median(ours.map(\.cpu)) >= 100 && median(ratios) >= 0.2
print("target (at least 100x real time and 0.2x soundstretch, by CPU medians): \(pass ? "met" : "NOT met")")

if arguments.contains("--tiers") {
    let tierFrames = max(frames / 10, 2 * sampleRate)
    print("every tier once, \(tierFrames / sampleRate) s of input, x real time by CPU (wall):")
    for engine in TimePitchEngine.allCases {
        let speed = renderKernel(engine, inputFrames: tierFrames)
        print(String(format: "  %@: %.1f (%.1f)", engine.rawValue, speed.cpu, speed.wall))
    }
}
