import Explore
@_spi(Testing) import MediaServer
import Scenario
import Testing
import VirtualDevices

/// A copy of the policy with one rule swapped (deactivating without notifyOthersOnDeactivation
/// still sends "ended" with shouldResume) must be caught by explore within 10,000 runs and shrunk
/// to at most five steps; the real policy must pass the same kind of runs.
@Suite struct PlantedFaultTests {
    @Test func policyOnlyExplorationFindsThePlantedFaultAndNotTheRealPolicy() throws {
        let profile = try DeviceProfile.load("iphone")
        var faulty = ActivationSettings()
        faulty.plantedFault = .shouldResumeAlways
        let broken = PolicyExplorer(profile: profile, settings: faulty)
        let found = (0..<10_000).lazy.compactMap { broken.run(seed: UInt64($0), steps: 20) }.first
        #expect(found?.invariant == "should-resume-only-when-released")
        let real = PolicyExplorer(profile: profile)
        #expect((0..<2_000).compactMap { real.run(seed: UInt64($0), steps: 20) } == [])
    }

    /// The whole stack: generated scenarios with every shipped app, run by the scenario runner on
    /// a policy with the fault planted, judged by the platform invariants (the fault is the
    /// platform's; the apps' rules are the sweep's business). The exploration may use up to
    /// 10,000 runs and stops at its first finding; the run it was found at is in the message.
    @Test func fullStackExplorationFindsThePlantedFaultAndShrinksIt() throws {
        let planted = ScriptRunner(invariants: Invariant.platform,
                                   prepare: { $0.activationSettings.plantedFault = .shouldResumeAlways })
        var options = Explorer.Options(apps: AppUnderTest.shipped(.standard))
        options.runs = 10_000
        options.seed = 2026
        options.shrinkLimit = 1
        options.stopAfterFindings = 1
        let summary = Explorer(options: options, runner: planted).explore()
        let finding = try #require(summary.findings.first, "not found in \(summary.runsCompleted) runs")
        #expect(finding.failure.invariant == "should-resume-only-when-released",
                "found at run \(finding.run): \(finding.failure.invariant): \(finding.failure.message)")
        #expect(finding.minimal.steps.count <= 5, "\(finding.minimal.yaml)")
        // The shrunk scenario passes on the real policy: the fault, not the scenario, breaks it.
        let real = ScriptRunner(invariants: Invariant.platform).run(finding.minimal, appsUnderTest: Set(finding.minimal.apps.map(\.name)))
        #expect(real.failures.isEmpty, "\(real.failures)")
    }
}
