import Explore
import Foundation
import VirtualDevices

/// Policy-only exploration as `soundcheck explore --policy-only` does it: `runs` seeded runs of
/// `steps` random inputs each straight into a `MediaPolicy` on the iPhone profile, with the
/// platform invariants checked after every input (`PolicyExplorer`). Shared by the ordo-one
/// benchmark and the `explore-throughput` executable.
public struct PolicyExploration: Sendable {
    public let runs: Int
    public let steps: Int
    let explorer: PolicyExplorer

    public init(runs: Int, steps: Int) throws {
        self.runs = runs
        self.steps = steps
        explorer = PolicyExplorer(profile: try DeviceProfile.load("iphone"))
    }

    /// Steps explored by one `run()`.
    public var stepCount: Int { runs * steps }

    /// Explores seeds `0 ..< runs`; returns how many runs broke an invariant (0 for the shipped policy).
    public func run() -> Int {
        (0..<runs).reduce(0) { $0 + (explorer.run(seed: UInt64($1), steps: steps) == nil ? 0 : 1) }
    }
}

/// The calling thread's CPU time in seconds: on a shared machine, the time this exploration had
/// a core, not the wall clock other processes also use.
public func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// The CPU model, as /proc/cpuinfo names it.
public func cpuModel() -> String {
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line.map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
}

/// The process's peak resident memory (VmHWM) in MiB.
public func peakResidentMiB() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

/// Starts a new peak: Linux resets VmHWM to the current resident size when "5" is written to
/// /proc/self/clear_refs, so one process can measure several workloads' peaks one after another.
public func resetPeakResident() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// The median and the spread of some figures, as the notes quote them.
public func medianAndSpread(_ values: [Double]) -> (median: Double, low: Double, high: Double) {
    let sorted = values.sorted()
    return (sorted[sorted.count / 2], sorted.first ?? 0, sorted.last ?? 0)
}
