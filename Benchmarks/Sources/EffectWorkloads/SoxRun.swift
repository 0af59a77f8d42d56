import AudioFiles
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Running the chain's sox equivalent on the very samples the kernels or the engine render.
public enum SoxRun {
    /// Writes the voices as 32-bit float WAV files into a fresh folder; returns the folder and the paths.
    public static func writeVoices(_ voices: [[Float]], label: String) throws -> (directory: URL, files: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = try voices.enumerated().map { index, samples in
            let path = directory.appendingPathComponent("voice-\(index).wav").path
            let format = SoundFileFormat(type: .wav, encoding: .float32, sampleRate: Int(EffectChain.sampleRate), channels: 1)
            let file = try SoundFile(writingPath: path, format: format)
            try samples.withUnsafeBufferPointer { try file.write(interleaved: $0.baseAddress!, frames: $0.count) }
            file.close()
            return path
        }
        return (directory, files)
    }

    /// Runs `command` through /bin/sh; returns its wall-clock seconds.
    public static func time(_ command: String) throws -> Double { try measure(command).wall }

    /// Runs `command` through /bin/sh; returns its wall-clock seconds and the CPU seconds (user +
    /// system) its processes used, from the children's resource usage: on a machine other jobs
    /// load, CPU time is the fair measure of the work done.
    public static func measure(_ command: String) throws -> (wall: Double, cpu: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let clock = ContinuousClock()
        let cpuBefore = childrenCPUSeconds()
        let start = clock.now
        try process.run()
        process.waitUntilExit()
        let wall = seconds(clock.now - start)
        precondition(process.terminationStatus == 0, "sox failed: \(command)")
        return (wall, childrenCPUSeconds() - cpuBefore)
    }

    /// CPU seconds of the finished child processes (and theirs) so far.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// CPU seconds the calling thread has used.
    public static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The CPU as /proc/cpuinfo names it, and how many this process may use.
    public static var cpuModel: String {
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let name = info.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return "\(name) (\(ProcessInfo.processInfo.activeProcessorCount) CPUs)"
    }
}
