import Conformance
import Explore
import Foundation
import MediaServer
import Scenario
import VirtualDevices

/// Runs scenario files, the report's app rules and explore over your registered apps, from a
/// Swift Testing test:
///
/// ```swift
/// let bench = Bench(apps: [podcasts])
/// let result = try bench.run(scenario: URL(fileURLWithPath: "Scenarios/unplug-pauses.yaml"))
/// #expect(result.passed, "\(result)")
/// ```
///
/// The reference apps (`media-player`, `navigation`, `voip` …) stay available to scenarios, so a
/// scenario can interrupt your app with a call or duck it with a navigation prompt. A registered
/// app replaces a reference model of the same name.
public struct Bench: Sendable {
    /// The reference models and yours: what scenario files may name under `apps:`.
    public let registry: ScenarioAppRegistry
    /// Your apps' models by name: the apps the report's app rules judge.
    let registered: [String: ScenarioAppModel]

    public init(apps: [any BenchAppRegistration]) {
        var registry = ScenarioAppRegistry.standard
        var registered: [String: ScenarioAppModel] = [:]
        for app in apps {
            registry.register(app.model)
            registered[app.name] = app.model
        }
        self.registry = registry
        self.registered = registered
    }

    /// Runs one scenario file. A file that cannot be read or names an app or action nobody
    /// registered throws a `BenchError` located at `file:line:column`, with the registered names.
    /// `invariants`: also checks explore's invariants after every step (what a file explore wrote
    /// was found by), as `soundcheck run --invariants` does.
    public func run(scenario file: URL, seed: UInt64? = nil, platform: String? = nil, invariants: Bool = false) throws -> ScenarioOutcome {
        let path = file.path
        do {
            let scenario = try Scenario.load(file: path, registry: registry)
            let misnamed = ScenarioRequirementNames.problems(in: scenario)
            guard misnamed.isEmpty else { throw BenchError(misnamed.map(\.description).joined(separator: "\n")) }
            let profile = try platform.map(Self.platform)
            var result: ScenarioResult
            var broken: [InvariantFailure] = []
            if invariants {
                (result, broken) = try ScriptRunner(registry: registry).check(scenario, seed: seed, platform: profile)
            } else {
                result = try ScenarioRunner(registry: registry).run(scenario, seed: seed, platform: profile)
            }
            let judged = Dictionary(scenario.apps.compactMap { app in registered[app.model].map { (app.name, $0) } },
                                    uniquingKeysWith: { first, _ in first })
            return ScenarioOutcome(file: path, result: result, error: nil,
                                   appFindings: ScenarioOutcome.findings(in: result, file: path, judged: judged),
                                   invariantFailures: broken,
                                   reproduce: reproduce(path, result: result, usesYourApps: !judged.isEmpty, invariants: invariants),
                                   warnings: ScenarioRequirementNames.warnings(in: scenario).map(\.description))
        } catch let error as SourceError {
            throw BenchError(error.description)
        }
    }

    /// Runs every scenario file under `folder` (sorted by path). A file that cannot run is an
    /// outcome with its `error`, so one bad file does not hide the others.
    public func run(folder: URL, seed: UInt64? = nil, platform: String? = nil) throws -> [ScenarioOutcome] {
        let collection: ScenarioFiles.Collection
        do { collection = try ScenarioFiles.find([folder.path]) } catch { throw BenchError(error.description) }
        return collection.files.map { found in
            do { return try run(scenario: URL(fileURLWithPath: found.path), seed: seed, platform: platform) } catch {
                return ScenarioOutcome(file: found.path, result: nil, error: "\(error)", appFindings: [], invariantFailures: [],
                                       reproduce: Self.runCall(found.path))
            }
        }
    }

    static func platform(_ name: String) throws -> PlatformProfile {
        guard let profile = PlatformProfile(name: name) else { throw BenchError("unknown platform '\(name)' (e.g. ios17, ios26)") }
        return profile
    }

    /// A scenario of reference apps only reproduces with the command line; yours need the bench.
    private func reproduce(_ path: String, result: ScenarioResult, usesYourApps: Bool, invariants: Bool) -> String {
        guard usesYourApps else { return result.reproduceCommand + (invariants ? " --invariants" : "") }
        return Self.runCall(path, arguments: ["seed: \(result.seed)", "platform: \"\(result.platform)\""] + (invariants ? ["invariants: true"] : []))
    }

    /// `bench.run(scenario: URL(fileURLWithPath: "…"), …)`, the call a report tells the user to make.
    static func runCall(_ path: String, arguments: [String] = []) -> String {
        "bench.run(" + (["scenario: URL(fileURLWithPath: \"\(path)\")"] + arguments).joined(separator: ", ") + ")"
    }
}

extension [ScenarioOutcome] {
    /// Whether every scenario passed.
    public var passed: Bool { allSatisfy(\.passed) }

    /// Every outcome's report, then a one-line count.
    public var report: String {
        map(\.description).joined() + "\(count) scenarios: \(filter(\.passed).count) passed, \(filter { !$0.passed }.count) failed\n"
    }
}

/// Why the bench could not run what it was given, in one located sentence.
public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
