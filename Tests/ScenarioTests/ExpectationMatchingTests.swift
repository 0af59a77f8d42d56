import Testing
import SimCore
@testable import Scenario

/// Expectations are exhaustive and ordered; failures read like test failures.
@Suite("Scenario expectations")
struct ExpectationMatchingTests {
    static let base = """
        scenario: call
        seed: 9
        apps:
          Music: { model: media-player }
        steps:
          - { at: 0s, do: launch, app: Music }
          - { at: 100ms, do: play, app: Music }
          - { at: 1s, do: incoming-call }
          - { at: 2s, do: decline-call }
        """

    @Test("a complete, ordered expectation list passes")
    func passes() throws {
        let result = try ScenarioFixtures.run(Self.base + """

            expect:
              - { at: 1s, app: Music, notification: interruption, type: began }
              - { at: 2s, app: Music, notification: interruption, type: ended, options: [shouldResume] }
              - { at: 2s, app: Music, state: { active: true, playing: true } }
            """)
        #expect(result.passed, "\(result.failureReport)")
    }

    @Test("an unexpected notification fails as 'unexpected event after step N'")
    func unexpected() throws {
        let result = try ScenarioFixtures.run(Self.base + """

            expect:
              - { at: 1s, app: Music, notification: interruption, type: began }
            """)
        #expect(result.failures.count == 1)
        let report = result.failureReport
        #expect(report.contains("test.yaml:9:5: unexpected event after step 4 (line 9: decline-call at 2s): 2s notify.interruption app=Music"))
        #expect(report.contains("reproduce: soundcheck run test.yaml --seed 9 --platform ios17"))
    }

    @Test("a missing notification fails as 'not observed by', showing what happened instead")
    func missing() throws {
        let result = try ScenarioFixtures.run(Self.base + """

            expect:
              - { at: 1s, app: Music, notification: interruption, type: began }
              - { at: 2s, app: Music, notification: interruption, type: ended, options: [] }
            """)
        let report = result.failureReport
        #expect(report.contains("test.yaml:12:5: expected notify.interruption app=Music type=ended options=[] at 2s not observed by t=2s"))
        #expect(report.contains("after step 4 (line 9: decline-call at 2s)"))
        #expect(report.contains("observed instead: 2s notify.interruption app=Music options=[shouldResume] type=ended"))
    }

    @Test("order matters: the same events expected out of order fail")
    func ordered() throws {
        let result = try ScenarioFixtures.run(Self.base + """

            expect:
              - { app: Music, notification: interruption, type: ended }
              - { app: Music, notification: interruption, type: began }
            """)
        #expect(!result.passed)
        #expect(result.failureReport.contains("it was observed earlier"))
    }

    @Test("exhaustive: false lets unexpected notifications through")
    func optOut() throws {
        let result = try ScenarioFixtures.run(Self.base.replacingOccurrences(of: "seed: 9", with: "seed: 9\nexhaustive: false") + """

            expect:
              - { at: 2s, app: Music, notification: interruption, type: ended }
            """)
        #expect(result.passed, "\(result.failureReport)")
    }

    @Test("a wrong state names the property, the expected and the observed value")
    func state() throws {
        let result = try ScenarioFixtures.run(Self.base.replacingOccurrences(of: "seed: 9", with: "seed: 9\nexhaustive: false") + """

            expect:
              - { at: 1500ms, app: Music, state: { interrupted: false, output: [Headphones] } }
            """)
        #expect(result.failureReport.contains(
            "state of Music at 1s500ms differs: interrupted expected false, observed true; output expected [Headphones], observed [Speaker]"))
    }

    @Test("failed API calls must be expected, with their error")
    func errors() throws {
        let text = """
            scenario: bad-rate
            apps:
              App: { model: media-player }
            steps:
              - { at: 0s, do: launch, app: App }
              - { at: 1s, do: set-preferred-sample-rate, app: App, hz: 0 }
            """
        #expect(try !ScenarioFixtures.run(text).passed)
        #expect(try ScenarioFixtures.run(text + "\nexpect:\n  - { at: 1s, app: App, error: badParam, call: setPreferredSampleRate }").passed)
        #expect(try ScenarioFixtures.run(text + "\nexpect:\n  - { at: 1s, app: App, error: badParam }").passed)
    }

    @Test("the trace header names the scenario by its text's SHA-256 (not its path), the seed and platform; overrides apply")
    func header() throws {
        let scenario = try ScenarioFixtures.parse(Self.base)
        let result = try ScenarioRunner().run(scenario, seed: 42, platform: .ios8)
        let header = result.trace.jsonLines.split(separator: "\n")[0]
        #expect(header.contains("\"source\":\"\(Trace.sha256Hex(Self.base))\""))
        #expect(!header.contains("test.yaml"))
        #expect(header.contains("\"seed\":\"42\""))
        #expect(header.contains("\"platform\":\"ios8\""))
        #expect(result.reproduceCommand == "soundcheck run test.yaml --seed 42 --platform ios8")
    }
}
