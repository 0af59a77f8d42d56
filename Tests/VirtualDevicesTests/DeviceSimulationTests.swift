import SimCore
import Testing
@testable import VirtualDevices

@Suite("Event scripts")
struct DeviceSimulationTests {
    static let script = """
        script: plug-and-call
        profile: iphone
        seed: 7
        accessories: [wired-headphones]
        duration: 10s
        steps:
          - { at: 1s, do: attach, accessory: "hdmi:6" }
          - { at: 2s, do: incoming-call, caller: Alice }
          - { at: 3s, do: decline-call }
          - { at: 4s, do: media-server-crash, restart-after: 500ms }
          - { at: 5s, do: detach, accessory: "wired-headphones#1" }
        random: { events: 50 }
        """

    private func run(_ text: String, seed: UInt64? = nil) throws -> Trace {
        var script = try EventScript.parse(text, file: "s.yaml")
        if let seed { script.seed = seed }
        var simulation = try DeviceSimulation(script: script, profile: try DeviceProfile.load(script.profile))
        return try simulation.run()
    }

    /// libyaml places an error at the end of a file without a final newline on the line after
    /// the last one; the error names the end of the last line instead (found by Fuzz/, fuzz-event-script).
    @Test("a flow mapping left open at the end of a file without a final newline is located at the end of its last line")
    func unterminatedFlowMappingAtEnd() {
        let text = "script: s\nprofile: iphone\nsteps:\n  - { at: 1s, do: lock-screen"
        do {
            _ = try EventScript.parse(text, file: "s.yaml")
            Issue.record("the open flow mapping was accepted")
        } catch {
            #expect(error.line == 4 && error.column == 30, "\(error)")
            #expect(error.message.hasPrefix("invalid YAML"), "\(error)")
        }
    }

    @Test("a script runs its steps, follow-ups and seeded random events in time order")
    func runs() throws {
        let trace = try run(Self.script)
        let kinds = trace.events.map(\.kind)
        #expect(kinds.first == "device.attach")
        #expect(kinds.last == "run.end")
        #expect(kinds.contains("device.media-server-restart"))
        let restart = try #require(trace.events.first { $0.kind == "device.media-server-restart" })
        #expect(restart.time == .zero + .milliseconds(4_500))
        #expect(trace.events.count >= 50 + 6)
        #expect(zip(trace.events, trace.events.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    @Test("the same seed gives the same bytes; another seed gives another run")
    func deterministic() throws {
        #expect(try run(Self.script).jsonLines == run(Self.script).jsonLines)
        #expect(try run(Self.script).contentHash != run(Self.script, seed: 8).contentHash)
    }

    @Test("script errors name the file, line and rule", arguments: [
        ("script: x\nsteps:\n  - { at: 2s, do: hang-up }\n", "s.yaml:3:5: step at 2s (hang-up): cannot hang-up: no call is in progress"),
        ("script: x\nsteps:\n  - { at: 2 s, do: alarm }\n", "s.yaml:3:11: at '2 s' is not a time"),
        ("script: x\nsteps:\n  - { at: 2s, do: alarmm }\n", "did you mean 'alarm'?"),
        ("script: x\nsteps:\n  - { at: 2s, do: alarm }\n  - { at: 1s, do: siri }\n", "s.yaml:4:5: step at 1s comes before"),
        ("script: x\nsteps:\n  - { at: 2s, do: launch }\n", "s.yaml:3:5: a step needs the key 'app'"),
        ("script: x\nduration: 1s\nsteps:\n  - { at: 2s, do: alarm }\n", "s.yaml:2:11: duration 1s ends before the last step"),
        ("script: x\naccessories: [toaster]\n", "s.yaml:2:15: unknown accessory 'toaster'"),
        ("script: x\nstep: []\n", "unknown key 'step' in an event script; did you mean 'steps'?"),
    ])
    func errors(text: String, message: String) {
        #expect { try run(text) } throws: { "\($0)".contains(message) }
    }
}
