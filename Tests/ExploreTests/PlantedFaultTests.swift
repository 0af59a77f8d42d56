import Explore
@_spi(Testing) import MediaServer
import Scenario
import Testing
import VirtualDevices

/// A copy of the policy with one rule swapped (deactivating without notifyOthersOnDeactivation
/// still sends "ended" with shouldResume) must be caught by explore within 10,000 runs; the real
/// policy must pass the same kind of runs.
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
}
