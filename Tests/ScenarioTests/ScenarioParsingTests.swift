import Foundation
import Testing
@testable import Scenario
import VirtualDevices

/// Bad input is reported at file:line:column with the rule, never a crash.
@Suite("Scenario parsing and validation")
struct ScenarioParsingTests {
    static let valid = """
        scenario: ok
        requirements: [SESSION-INTERRUPT-BEGIN]
        apps:
          Game: { model: game }
        steps:
          - { at: 0s, do: launch, app: Game }
          - { at: 1s, do: incoming-call }
        expect:
          - { at: 1s, app: Game, notification: interruption, type: began }
        """

    @Test("a valid scenario parses with its defaults")
    func valid() throws {
        let scenario = try ScenarioFixtures.parse(Self.valid)
        #expect(scenario.name == "ok")
        #expect(scenario.device == "iphone")
        #expect(scenario.platform.description == "ios17")
        #expect(scenario.exhaustive)
        #expect(scenario.steps.count == 2)
        #expect(scenario.duration == .seconds(2), "one second after the last step or expectation")
    }

    func expectError(_ text: String, line: Int, contains fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = ScenarioFixtures.parseError(text) else {
            Issue.record("expected an error containing '\(fragment)'", sourceLocation: sourceLocation)
            return
        }
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("test.yaml:\(line):"), sourceLocation: sourceLocation)
    }

    @Test("malformed YAML is located")
    func malformed() {
        expectError("scenario: x\nsteps:\n  - { at: 1s, do: siri\n", line: 4, contains: "invalid YAML")
    }

    @Test("unknown keys get a did-you-mean")
    func unknownKey() {
        expectError(Self.valid.replacingOccurrences(of: "requirements:", with: "requirement:"), line: 2,
                    contains: "did you mean 'requirements'")
        expectError(Self.valid.replacingOccurrences(of: "type: began", with: "typ: began"), line: 9,
                    contains: "did you mean 'type'")
    }

    @Test("unknown apps, models, verbs, ports, accessories and mistakes are named")
    func unknownNames() {
        expectError(Self.valid.replacingOccurrences(of: "app: Game, notification", with: "app: Gme, notification"), line: 9,
                    contains: "did you mean 'Game'")
        expectError(Self.valid.replacingOccurrences(of: "model: game", with: "model: gmae"), line: 4, contains: "did you mean 'game'")
        expectError(Self.valid.replacingOccurrences(of: "do: incoming-call", with: "do: incoming-cal"), line: 7,
                    contains: "did you mean 'incoming-call'")
        expectError(Self.valid + "\n  - { at: 1s, app: Game, state: { output: [Speakr] } }", line: 10, contains: "did you mean 'Speaker'")
        expectError(Self.valid.replacingOccurrences(of: "do: incoming-call", with: "do: attach, accessory: hdmi:5"), line: 7,
                    contains: "hdmi")
        expectError(Self.valid.replacingOccurrences(of: "model: game", with: "model: game, mistakes: [forgets-everything]"), line: 4,
                    contains: "unknown mistake")
        expectError(Self.valid.replacingOccurrences(of: "do: incoming-call", with: "do: record, app: Game"), line: 7,
                    contains: "no 'record' control")
    }

    @Test("detaching an accessory that is not attached by then is refused, with the ids that are")
    func accessoryIDs() {
        expectError(Self.valid.replacingOccurrences(of: "do: incoming-call", with: "do: detach, accessory: wired-headphones#1"),
                    line: 7, contains: "no accessory 'wired-headphones#1' is attached by then")
        let twoHeadsets = Self.valid.replacingOccurrences(of: "scenario: ok", with: "scenario: ok\naccessories: [wired-headset]")
            .replacingOccurrences(of: "do: incoming-call", with: "do: detach, accessory: wired-headset#2")
        expectError(twoHeadsets, line: 8, contains: "did you mean 'wired-headset#1'")
    }

    @Test("impossible times are refused")
    func times() {
        expectError(Self.valid.replacingOccurrences(of: "at: 1s, do: incoming-call", with: "at: 1.5s, do: incoming-call"), line: 7,
                    contains: "is not a time")
        expectError(Self.valid.replacingOccurrences(of: "at: 0s, do: launch", with: "at: 5s, do: launch"), line: 7,
                    contains: "steps must be in time order")
        expectError(Self.valid.replacingOccurrences(of: "scenario: ok", with: "scenario: ok\nduration: 500ms"), line: 2,
                    contains: "ends before the last step")
        expectError(Self.valid.replacingOccurrences(of: "scenario: ok", with: "scenario: ok\nduration: 1s")
            + "\n  - { at: 2s, app: Game, state: { active: true } }", line: 11, contains: "after the scenario's end")
    }

    @Test("expectations that can never match are refused")
    func impossibleExpectations() {
        expectError(Self.valid + "\n  - { app: Game, state: { active: true } }", line: 10, contains: "needs at:")
        expectError(Self.valid + "\n  - { at: 1s, app: Game, notification: interruption, previous-outputs: [Speaker] }", line: 10,
                    contains: "not part of a interruption")
        expectError(Self.valid + "\n  - { at: 1s, app: Game, notification: routeChange, error: badParam }", line: 10,
                    contains: "not notification and error")
        expectError(Self.valid + "\n  - { at: 1s }", line: 10, contains: "needs one of")
    }

    @Test("audio expectations parse, and their mistakes are located")
    func audioExpectations() throws {
        let scenario = try Scenario.parse(Self.valid + """

              - { from: 1s, to: 3s, port: Receiver, audio: { tone: 1000, above: -20 }, channels: [1] }
              - { from: 1s, to: 2s, port: Speaker, audio: silent }
            """, file: "s.yaml")
        let checks = scenario.expectations.compactMap { if case let .audio(check) = $0.kind { check } else { nil } }
        #expect(checks.map(\.condition) == [.tone(1000, atLeastDBFS: -20), .silent])
        #expect(checks.first?.channels == [1])
        #expect(scenario.checksAudio)
        #expect(scenario.duration >= .seconds(3), "the run covers the audio interval")
        expectError(Self.valid + "\n  - { from: 3s, to: 1s, port: Speaker, audio: silent }", line: 10, contains: "must come after from:")
        expectError(Self.valid + "\n  - { from: 1s, to: 2s, port: Speakers, audio: silent }", line: 10, contains: "did you mean 'Speaker'")
        expectError(Self.valid + "\n  - { from: 1s, to: 2s, port: Speaker, audio: quiet }", line: 10, contains: "unknown audio condition")
        expectError(Self.valid + "\n  - { from: 1s, to: 2s, port: Speaker, audio: { above: -20 } }", line: 10, contains: "bound a tone")
        expectError(Self.valid + "\n  - { at: 1s, from: 1s, to: 2s, port: Speaker, audio: silent }", line: 10, contains: "not at:")
    }

    @Test("unknown platforms and devices are refused")
    func profiles() {
        expectError(Self.valid.replacingOccurrences(of: "scenario: ok", with: "scenario: ok\nplatform: android"), line: 2,
                    contains: "unknown platform")
        expectError(Self.valid.replacingOccurrences(of: "scenario: ok", with: "scenario: ok\ndevice: toaster"), line: 2,
                    contains: "unknown device")
    }
}

@Suite("Scenario device profiles")
struct ScenarioProfileTests {
    @Test("a device profile file is found next to the scenario")
    func profileBesideScenario() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-profile-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let profiles = URL(fileURLWithPath: ScenarioFixtures.scenariosFolder).deletingLastPathComponent()
            .appendingPathComponent("Sources/VirtualDevices/Profiles/iphone.yaml")
        try Data(contentsOf: profiles).write(to: directory.appendingPathComponent("my-phone.yaml"))
        let file = directory.appendingPathComponent("s.yaml").path
        try Data("scenario: custom-device\ndevice: my-phone.yaml\n".utf8).write(to: URL(fileURLWithPath: file))
        let scenario = try Scenario.load(file: file)
        #expect(scenario.device == directory.appendingPathComponent("my-phone.yaml").path)
        #expect(try ScenarioRunner().run(scenario).passed)
    }
}
