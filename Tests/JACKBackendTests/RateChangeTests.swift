import Foundation
import JACKBackend
import Scenario
import SimCore
import Testing

extension JACKServerTests {
    /// The dummy driver cannot change its rate while running (a real card's server can: that is
    /// reported and stops the run, see docs/jack.md). What it can do is come back at another rate:
    /// the same server name restarted at 44.1 kHz between two runs gives the second run a device at
    /// 44.1 kHz, and both play the scenario to the end.
    @Suite("server rate")
    struct RateChangeTests {
        @Test("a server restarted at another rate between runs: each run takes the rate the server has")
        func restartAtAnotherRate() throws {
            let file = DummyJACKServer.repository.appendingPathComponent("Scenarios/audio/tone-follows-headphones.yaml").path
            let scenario = try Scenario.load(file: file)
            let name = "soundcheck-rate-\(getpid())"
            var rates: [Int] = []
            for rate in [48_000, 44_100] {
                let server = try DummyJACKServer(rate: rate, name: name)
                let outcome = try JACKScenarioRunner.run(scenario, options: JACKRunOptions(server: server.name, freewheel: true))
                #expect(outcome.failure == nil, "\(outcome.failure?.description ?? "")")
                #expect(outcome.passed, "\(outcome.result?.failureReport ?? "")")
                #expect(outcome.stats.wrongSizeCycles == 0)
                let started = outcome.result?.trace.events.first { $0.kind == "audio.io.started" }
                #expect(started?.fields["hz"] == .integer(rate))
                rates.append(outcome.sampleRate)
            }
            #expect(rates == [48_000, 44_100])
        }
    }
}
