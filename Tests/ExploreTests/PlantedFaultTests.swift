import Explore
@_spi(Testing) import MediaServer
import Scenario
import Testing
import VirtualDevices

/// A copy of the policy with one rule swapped (deactivating without notifyOthersOnDeactivation
/// still sends "ended" with shouldResume) must be caught by explore and shrunk to a short script;
/// the real policy must pass the same runs.
@Suite struct PlantedFaultTests {
    static let faulty: @Sendable (inout Scenario) -> Void = { $0.activationSettings.plantedFault = .shouldResumeAlways }

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

    @Test func scenarioExplorationFindsThePlantedFaultAndShrinksItToFiveSteps() throws {
        var options = Explorer.Options(apps: ["media-player", "game", "navigation"].map { AppUnderTest(model: $0) })
        options.runs = 400
        options.seed = 1
        let faulty = Explorer(options: options, runner: ScriptRunner(prepare: Self.faulty)).explore()
        let finding = try #require(faulty.findings.first { $0.failure.invariant == "should-resume-only-when-released" })
        #expect(finding.minimal.steps.count <= 5)
        // The shrunk script still fails with the fault and passes with the real policy.
        let again = ScriptRunner(prepare: Self.faulty).run(finding.minimal, appsUnderTest: [])
        #expect(again.failures.contains { $0.invariant == "should-resume-only-when-released" })
        #expect(!ScriptRunner().run(finding.minimal, appsUnderTest: []).failures.contains { $0.invariant == "should-resume-only-when-released" })
    }
}
