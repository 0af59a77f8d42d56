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
