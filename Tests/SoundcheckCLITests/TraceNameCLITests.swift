import Foundation
import Testing

/// Traces are named and written the same whatever the working directory and path spelling, and
/// never overwrite each other; `run --shard` splits a run so that the shards' traces are the
/// single run's, byte for byte.
@Suite("soundcheck traces and shards")
struct TraceNameCLITests {
    /// Every file under `folder`, relative path → bytes.
    static func contents(_ folder: String) throws -> [String: Data] {
        let names = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
        var result: [String: Data] = [:]
        for name in names where !name.hasSuffix("/") {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            }
        }
        return result
    }

    static func variant(_ seed: Int) -> String {
        ScenarioCLITests.passing.replacingOccurrences(of: "seed: 5", with: "seed: \(seed)")
    }

    @Test("names that used to collide get their own traces: a_b/c.yaml and a/b_c.yaml, x.yaml and x.yml")
    func distinctNames() throws {
        let folder = try ScenarioCLITests.folder("names", files: [
            "a_b/c.yaml": Self.variant(1), "a/b_c.yaml": Self.variant(2), "x.yaml": Self.variant(3), "x.yml": Self.variant(4),
        ])
        let traces = folder + "-traces"
        try? FileManager.default.removeItem(atPath: traces)
        #expect(try CLIProcessTests.run(["run", folder, "--trace", traces]).status == 0)
        let written = try Self.contents(traces)
        #expect(written.keys.sorted() == ["a/b_c.yaml.jsonl", "a_b/c.yaml.jsonl", "x.yaml.jsonl", "x.yml.jsonl"])
        #expect(Set(written.values).count == 4, "four different runs, four different traces")
    }

    @Test("two files with one name from two folders are refused before running")
    func collidingRoots() throws {
        let one = try ScenarioCLITests.folder("root-one", files: ["same.yaml": Self.variant(1)])
        let two = try ScenarioCLITests.folder("root-two", files: ["same.yaml": Self.variant(2)])
        let result = try CLIProcessTests.run(["run", one, two, "--trace", one + "-traces"])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(two)/same.yaml: has the same name 'same.yaml' as \(one)/same.yaml (its trace would overwrite the other's); run them separately"))
    }

    @Test("traces are the same bytes from any working directory and path spelling, and replay works from anywhere")
    func pathIndependence() throws {
        let folder = try ScenarioCLITests.folder("spelling", files: ["s/one.yaml": Self.variant(7), "two.yaml": Self.variant(8)])
        let parent = (folder as NSString).deletingLastPathComponent, name = (folder as NSString).lastPathComponent
        var results: [[String: Data]] = []
        for (index, (spelling, directory)) in [(folder, "/"), ("./\(name)/", parent), (name, parent)].enumerated() {
            let traces = "\(folder)-traces-\(index)"
            try? FileManager.default.removeItem(atPath: traces)
            let run = try CLIProcessTests.run(["run", spelling, "--trace", traces], in: URL(fileURLWithPath: directory))
            #expect(run.status == 0, "\(run.output)\(run.errors)")
            results.append(try Self.contents(traces))
        }
        #expect(results[0].keys.sorted() == ["s/one.yaml.jsonl", "two.yaml.jsonl"])
        #expect(results[0] == results[1] && results[1] == results[2])
        let replay = try CLIProcessTests.run(["replay", "\(folder)-traces-0/s/one.yaml.jsonl", "--scenarios", name],
                                             in: URL(fileURLWithPath: parent))
        #expect(replay.status == 0 && replay.output.contains("identical"), "\(replay.output)\(replay.errors)")
    }

    @Test("--shard K/N: N balanced shares whose traces together are the single run's, byte for byte")
    func shards() throws {
        let files = Dictionary(uniqueKeysWithValues: (1...7).map { ("s\($0).yaml", Self.variant($0)) })
        let folder = try ScenarioCLITests.folder("shards", files: files)
        let whole = folder + "-whole", parts = folder + "-parts"
        for path in [whole, parts] { try? FileManager.default.removeItem(atPath: path) }
        #expect(try CLIProcessTests.run(["run", folder, "--trace", whole]).status == 0)
        var counts: [Int] = []
        for k in 1...3 {
            let run = try CLIProcessTests.run(["run", folder, "--shard", "\(k)/3", "--trace", parts])
            #expect(run.status == 0)
            counts.append(run.output.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count)
        }
        #expect(counts == [3, 2, 2])
        #expect(try Self.contents(parts) == Self.contents(whole))
        let bad = try CLIProcessTests.run(["run", folder, "--shard", "4/3"])
        #expect(bad.status == 64 && bad.errors.contains("The value '4/3' is invalid for '--shard <K/N>'"))
    }

    @Test("conformance --shard K/N on N machines, then --merge: the report is the single machine's, byte for byte")
    func conformanceShards() throws {
        let scenarios = StandaloneBinaryTests.root.appendingPathComponent("Scenarios/ducking").path
        let base = try ScenarioCLITests.folder("conformance-shards", files: [:])
        let single = try CLIProcessTests.run(["conformance", "--scenarios", scenarios, "--no-built-in-checks", "--out", base + "/single"])
        #expect(single.status == 0, "\(single.output)\(single.errors)")
        var merge: [String] = []
        for k in 1...3 {
            let share = try CLIProcessTests.run(["conformance", "--scenarios", scenarios, "--shard", "\(k)/3", "--out", base + "/part\(k)"])
            #expect(share.status == 0 && share.output.contains("share \(k)/3: "), "\(share.output)\(share.errors)")
            merge += ["--merge", base + "/part\(k)"]
        }
        let merged = try CLIProcessTests.run(["conformance", "--no-built-in-checks", "--out", base + "/merged"] + merge)
        #expect(merged.status == 0, "\(merged.output)\(merged.errors)")
        let expected = try Self.contents(base + "/single")
        #expect(expected.keys.sorted() == ["conformance.html", "conformance.json", "conformance.md", "junit.xml"])
        #expect(try Self.contents(base + "/merged") == expected)
        let partial = try CLIProcessTests.run(["conformance", "--out", base + "/partial", "--merge", base + "/part1", "--merge", base + "/part3"])
        #expect(partial.status == 1)
        #expect(partial.errors.contains("are shares 1/3, 3/3; a merge needs each of 1/3 … 3/3 exactly once"))
    }
}
