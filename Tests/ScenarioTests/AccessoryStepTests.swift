import Testing
import SimCore
@testable import Scenario

/// Accessory ids in steps follow the device's rule: a detach the device can never accept is
/// refused when the file is read, at its place; one the device refuses at run time fails the
/// scenario at that step, exhaustive or not, unless the scenario expects the refusal.
@Suite("Accessory steps")
struct AccessoryStepTests {
    static let replug = """
        scenario: replug
        exhaustive: false
        apps:
          Movie: { model: media-player }
        steps:
          - { at: 0s, do: launch, app: Movie }
          - { at: 1s, do: attach, accessory: "hdmi:6" }
          - { at: 2s, do: detach, accessory: "hdmi#1" }
          - { at: 3s, do: attach, accessory: "hdmi:6" }
          - { at: 4s, do: detach, accessory: "hdmi#1" }
        """

    @Test("a re-attached accessory takes its old number, as the device names it, and detaching it runs")
    func reattachTakesTheDevicesNumber() throws {
        let result = try ScenarioFixtures.run(Self.replug)
        #expect(result.passed, "\(result.failureReport)")
        let detached = result.trace.events.filter { $0.kind == "device.detach" }
        #expect(detached.map(\.time) == [HostTime(nanoseconds: 2_000_000_000), HostTime(nanoseconds: 4_000_000_000)])
        #expect(!result.trace.events.contains { $0.kind == "device.refused" })
    }

    @Test("detaching a number the device never gives by then is refused at the step's line and column, with the rule")
    func impossibleNumberIsRefusedBeforeTheRun() throws {
        let error = try #require(ScenarioFixtures.parseError(Self.replug.replacingOccurrences(
            of: "{ at: 4s, do: detach, accessory: \"hdmi#1\" }", with: "{ at: 4s, do: detach, accessory: \"hdmi#2\" }")))
        #expect(error.file == "test.yaml" && error.line == 10 && error.column == 38, "\(error)")
        #expect(error.message.contains("no accessory 'hdmi#2' is attached by then; did you mean 'hdmi#1'?"), "\(error)")
        #expect(error.message.contains("one more than the highest instance of that kind attached at the time"), "\(error)")
    }

    static let occupied = """
        scenario: occupied
        exhaustive: false
        accessories: [wired-headset]
        apps:
          Music: { model: media-player }
        steps:
          - { at: 0s, do: launch, app: Music }
          - { at: 1s, do: attach, accessory: wired-headphones }
        """

    @Test("a step the device refuses fails a non-exhaustive scenario at that step")
    func refusedStepFails() throws {
        let result = try ScenarioFixtures.run(Self.occupied)
        #expect(!result.passed)
        let failure = try #require(result.failures.first)
        #expect(result.failures.count == 1 && failure.line == 8, "\(result.failureReport)")
        #expect(failure.message.hasPrefix("step 2 (attach at 1s) was refused: "), "\(failure.message)")
        #expect(failure.details == ["a refused step fails the scenario unless expected: { at: 1s, refused: attach }"])
    }

    @Test("the same refusal, expected, passes")
    func expectedRefusalPasses() throws {
        let result = try ScenarioFixtures.run(Self.occupied + "\nexpect:\n  - { at: 1s, refused: attach }")
        #expect(result.passed, "\(result.failureReport)")
    }
}
