import CJACK
import Foundation
@testable import JACKBackend
import Scenario
import SimCore
import Testing

extension JACKServerTests {
    /// What goes wrong with a real audio server is reported in words, and nothing hangs.
    @Suite("robustness")
    struct RobustnessTests {
        static let scenarioFile = DummyJACKServer.repository.appendingPathComponent("Scenarios/audio/call-silences-music-audio.yaml").path

        @Test("no server: a clear error, at once")
        func noServer() {
            let started = ContinuousClock.now
            #expect {
                _ = try JACKClient(name: "soundcheck", server: "soundcheck-absent-\(getpid())")
            } throws: { error in
                "\(error)".contains("is not running") && "\(error)".contains("soundcheck-absent-")
            }
            #expect(ContinuousClock.now - started < .seconds(5))
        }

        @Test("a client name already taken says so and suggests --client-name")
        func nameClash() throws {
            let server = try DummyJACKServer()
            let first = try JACKClient(name: "soundcheck", server: server.name)
            #expect {
                _ = try JACKClient(name: "soundcheck", server: server.name)
            } throws: { error in
                "\(error)".contains("already connected") && "\(error)".contains("--client-name")
            }
            first.close()
        }

        @Test("the server going away mid-run ends the run with a message, without hanging")
        func serverGoesAway() throws {
            var server: DummyJACKServer? = try DummyJACKServer()
            let name = server!.name
            let scenario = try Scenario.load(file: Self.scenarioFile)
            let box = ServerBox(server)
            server = nil
            Thread.detachNewThread {
                usleep(1_000_000)
                box.server = nil   // Tools/jack stop: jackd ends
            }
            let started = ContinuousClock.now
            let outcome = try JACKScenarioRunner.run(scenario, options: JACKRunOptions(server: name))
            #expect(outcome.failure?.description.contains("went away") == true, "\(String(describing: outcome.failure))")
            #expect(ContinuousClock.now - started < .seconds(20))
        }

        @Test("a period change by the server stops the run with a message naming both sizes")
        func periodChange() throws {
            let server = try DummyJACKServer()
            let scenario = try Scenario.load(file: Self.scenarioFile)
            let changer = try JACKClient(name: "bufsize", server: server.name)
            Thread.detachNewThread {
                usleep(1_000_000)
                _ = jack_set_buffer_size(changer.handle, 128)
            }
            let outcome = try JACKScenarioRunner.run(scenario, options: JACKRunOptions(server: server.name))
            #expect(outcome.failure?.description.contains("from 64 to 128 frames") == true, "\(String(describing: outcome.failure))")
            changer.close()
        }

        @Test("xruns are counted in the result and in the trace")
        func xrunsCounted() throws {
            let server = try DummyJACKServer()
            let outcome = try JACKScenarioRunner.run(try Scenario.load(file: Self.scenarioFile), options: JACKRunOptions(server: server.name))
            let trace = try #require(outcome.result?.trace)
            let summary = try #require(trace.events.last { $0.kind == "jack.summary" })
            #expect(summary.fields["xruns"] == .integer(Int(outcome.stats.xruns)))
            let noted = trace.events.filter { $0.kind == "jack.xrun" }
            var sum = 0
            for event in noted {
                if case let .int(count)? = event.fields["count"] { sum += Int(count) }
            }
            #expect(Int64(sum) <= outcome.stats.xruns)
            #expect(outcome.stats.xruns == 0 || !noted.isEmpty)
            #expect(outcome.stats.callbacks > 1_000)
        }
    }
}

/// Holds the server so another thread can stop it by letting go.
final class ServerBox: @unchecked Sendable {
    var server: DummyJACKServer?
    init(_ server: DummyJACKServer?) { self.server = server }
}
