import Foundation
import SimCore
import VirtualDevices

/// One machine's share of the scenario runs (`conformance --shard K/N`), written as a file that
/// `conformance --merge` reads back on another machine: every run's file, name, requirement IDs,
/// outcome and trace. Merging all N shares gives exactly the runs of one machine running all, so
/// the merged report is the single-machine report, byte for byte.
public struct ScenarioShard: Sendable {
    public let index: Int
    public let count: Int
    /// The platform profile the share ran on (`ios17`); a merge must not mix platforms.
    public let platform: String
    public let runs: [ScenarioChecks.Run]

    public init(index: Int, count: Int, platform: String, runs: [ScenarioChecks.Run]) {
        self.index = index
        self.count = count
        self.platform = platform
        self.runs = runs
    }

    /// `scenario-runs-2-of-4.json`.
    public var fileName: String { "scenario-runs-\(index)-of-\(count).json" }

    public func json() throws -> Data {
        let runs: [[String: Any]] = runs.map { run in
            var entry: [String: Any] = ["file": run.file, "name": run.name, "requirements": run.check.requirementIDs,
                                        "outcome": run.check.outcome.word]
            if let detail = run.check.outcome.detail { entry["detail"] = detail }
            if let trace = run.trace { entry["trace"] = trace.jsonLines }
            return entry
        }
        let object: [String: Any] = ["format": "soundcheck-scenario-runs/1", "shard": index, "of": count, "platform": platform, "runs": runs]
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
    }

    public static func read(file: String) throws -> ScenarioShard {
        func fail(_ message: String) -> ShardError { ShardError("\(file): \(message)") }
        let data: Data
        do { data = Data(try TextFile.read(file).utf8) } catch { throw ShardError(error.description) }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["format"] as? String == "soundcheck-scenario-runs/1",
              let index = object["shard"] as? Int, let count = object["of"] as? Int, let platform = object["platform"] as? String,
              let entries = object["runs"] as? [[String: Any]]
        else { throw fail("not a scenario-runs file written by `soundcheck conformance --shard`") }
        var runs: [ScenarioChecks.Run] = []
        for (number, entry) in entries.enumerated() {
            guard let file = entry["file"] as? String, let name = entry["name"] as? String,
                  let requirements = entry["requirements"] as? [String], let word = entry["outcome"] as? String
            else { throw fail("run \(number + 1) lacks file, name, requirements or outcome") }
            let detail = entry["detail"] as? String ?? ""
            let outcome: CheckOutcome
            switch word {
            case "passed": outcome = .passed
            case "failed": outcome = .failed(detail)
            case "not run": outcome = .notRun(detail)
            default: throw fail("run \(number + 1) has an unknown outcome '\(word)'")
            }
            var trace: Trace?
            if let text = entry["trace"] as? String {
                do { trace = try TraceReader.read(text) } catch { throw fail("the trace of \(file): \(error)") }
            }
            let check = ConformanceCheck(kind: .scenario, name: file, requirementIDs: requirements, outcome: outcome)
            runs.append(ScenarioChecks.Run(file: file, name: name, check: check, trace: trace))
        }
        return ScenarioShard(index: index, count: count, platform: platform, runs: runs)
    }

    /// All N shares, each once, from the same split and platform, as the runs one machine would have made.
    public static func merge(_ shards: [ScenarioShard], platform: String, sources: [String]) throws -> ScenarioChecks {
        guard let count = shards.first?.count else { throw ShardError("no scenario-runs files under \(sources.joined(separator: ", "))") }
        let indices = shards.map(\.index).sorted()
        guard shards.allSatisfy({ $0.count == count }), indices == Array(1...count) else {
            throw ShardError("the scenario-runs files under \(sources.joined(separator: ", ")) are shares \(shards.map { "\($0.index)/\($0.count)" }.sorted().joined(separator: ", ")); a merge needs each of 1/\(count) … \(count)/\(count) exactly once")
        }
        if let other = shards.first(where: { $0.platform != platform }) {
            throw ShardError("share \(other.index)/\(count) ran on \(other.platform), not \(platform) (give the shards' --platform)")
        }
        return ScenarioChecks(runs: shards.flatMap(\.runs).sorted { $0.file < $1.file })
    }
}

/// A shard file that cannot be read, or a set of shards that cannot be merged.
public struct ShardError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
