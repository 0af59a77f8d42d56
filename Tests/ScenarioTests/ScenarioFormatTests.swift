import AudioFiles
import Foundation
import MediaServer
import Testing
@testable import Scenario
import SimCore
import VirtualDevices

/// What the format says beyond the basics: route sharing policies, the hint and channel states,
/// recordings, ports by name or UID, files an app plays, input tones and the permission dialog.
@Suite("Scenario format additions")
struct ScenarioFormatTests {
    static let head = """
        scenario: format
        accessories: ["usb-interface:2x4"]
        apps:
          Pod: { model: podcast }
          Rec: { model: recorder }
        steps:
          - { at: 0s, do: launch, app: Pod }
        """

    func expectError(_ text: String, line: Int, contains fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = ScenarioFixtures.parseError(text) else {
            Issue.record("expected an error containing '\(fragment)'", sourceLocation: sourceLocation)
            return
        }
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    }

    @Test("set-category takes a route sharing policy by Apple's case name")
    func policy() throws {
        let scenario = try ScenarioFixtures.parse(Self.head + """

              - { at: 1s, do: set-category, app: Pod, category: playback, policy: longFormAudio }
              - { at: 2s, do: set-category, app: Pod, category: playback, policy: longForm }
              - { at: 3s, do: set-category, app: Pod, category: playback }
            """)
        let policies = scenario.steps.compactMap { step -> RouteSharingPolicy? in
            if case let .app(_, .setCategory(_, _, policy, _)) = step.action { policy } else { nil }
        }
        #expect(policies == [.longFormAudio, .longFormAudio, .default])
        expectError(Self.head + "\n  - { at: 1s, do: set-category, app: Pod, category: playback, policy: longFromVideo }",
                    line: 8, contains: "did you mean 'longFormVideo'")
    }

    @Test("activation-settings chooses the readings the run's media server follows")
    func activationSettings() throws {
        let settings = "scenario: format\nactivation-settings: { playing-evidence: runningIO, background-start-check: atActivation }"
        let scenario = try ScenarioFixtures.parse(Self.head.replacingOccurrences(of: "scenario: format", with: settings))
        #expect(scenario.activationSettings.playingEvidence == .runningIO)
        #expect(scenario.activationSettings.backgroundStartCheck == .atActivation)
        #expect(!scenario.activationSettings.endsInterruptionWithoutNotifyOthers)
        #expect(try ScenarioFixtures.parse(Self.head).activationSettings == ActivationSettings())
        expectError(Self.head.replacingOccurrences(of: "scenario: format", with: "scenario: format\nactivation-settings: { playing-evidence: running }"),
                    line: 2, contains: "did you mean 'runningIO'")
    }

    @Test("state takes other-audio-playing, secondary-audio-hint and channel counts or names")
    func states() throws {
        let scenario = try ScenarioFixtures.parse(Self.head + """

            expect:
              - { at: 1s, app: Pod, state: { other-audio-playing: true, secondary-audio-hint: false, output-channels: 2, input-channels: [iPhone Microphone] } }
            """)
        guard case let .state(_, checks) = scenario.expectations.first?.kind else {
            Issue.record("not a state expectation")
            return
        }
        #expect(checks == [.otherAudioPlaying(true), .secondaryAudioHint(false), .outputChannels(.count(2)),
                           .inputChannels(.names(["iPhone Microphone"]))])
    }

    @Test("recorded: names an app, takes audio conditions, and covers the whole run without from/to")
    func recorded() throws {
        let scenario = try ScenarioFixtures.parse(Self.head + """

            duration: 5s
            expect:
              - { app: Rec, recorded: { tone: 440 }, channels: [1] }
              - { from: 1s, to: 2s, app: Rec, recorded: silent }
            """)
        let checks = scenario.expectations.compactMap { if case let .audio(check) = $0.kind { check } else { nil } }
        #expect(checks.map(\.target) == [.recording(app: "Rec"), .recording(app: "Rec")])
        #expect(checks.map(\.condition) == [.tone(440, atLeastDBFS: -40), .silent])
        #expect(checks[0].from == .zero && checks[0].to == HostTime(nanoseconds: 5_000_000_000), "the whole run")
        #expect(checks[1].from == HostTime(nanoseconds: 1_000_000_000) && checks[1].to == HostTime(nanoseconds: 2_000_000_000))
        expectError(Self.head + "\nexpect:\n  - { recorded: silent }", line: 9, contains: "needs the key 'app'")
        expectError(Self.head + "\nexpect:\n  - { app: Nobody, recorded: silent }", line: 9, contains: "Nobody")
        expectError(Self.head + "\nexpect:\n  - { app: Rec, recorded: silent, port: Speaker }", line: 9, contains: "not port:")
        expectError(Self.head + "\nexpect:\n  - { from: 2s, to: 1s, app: Rec, recorded: silent }", line: 9, contains: "must come after")
    }

    @Test("audio expectations name an output port by type, name or UID; misspelt ones are refused before the run")
    func portNames() throws {
        let uid = "AppleUSBAudioEngine:Soundcheck:USB Audio 2x4:1:2"
        let scenario = try ScenarioFixtures.parse(Self.head + """

            expect:
              - { from: 1s, to: 2s, port: USBAudio, audio: silent }
              - { from: 1s, to: 2s, port: USB Audio 2x4, audio: silent }
              - { from: 1s, to: 2s, port: "\(uid)", audio: silent }
            """)
        let targets = scenario.expectations.compactMap { if case let .audio(check) = $0.kind { check.target } else { nil } }
        #expect(targets == [.port("USBAudio"), .port("USB Audio 2x4"), .port(uid)])
        expectError(Self.head + "\nexpect:\n  - { from: 1s, to: 2s, port: USB Audio 2x5, audio: silent }",
                    line: 9, contains: "did you mean 'USB Audio 2x4'")
        expectError(Self.head + "\nexpect:\n  - { from: 1s, to: 2s, port: Headphones, audio: silent }",
                    line: 9, contains: "no output port named 'Headphones'")
        // An input port is not an output: the microphone's name does not name a port audio reaches.
        expectError(Self.head + "\nexpect:\n  - { from: 1s, to: 2s, port: iPhone Microphone, audio: silent }",
                    line: 9, contains: "no output port named 'iPhone Microphone'")
        // A port attached by a step can be named too.
        _ = try ScenarioFixtures.parse(Self.head + """

              - { at: 1s, do: attach, accessory: wired-headphones }
            expect:
              - { from: 2s, to: 3s, port: Headphones, audio: silent }
            """)
    }

    @Test("a USB interface's output, named by type, is told from its input of the same type")
    func usbOutputByType() throws {
        let result = try ScenarioFixtures.run("""
            scenario: usb
            accessories: ["usb-interface:2x2"]
            apps:
              Player: { model: media-player }
            steps:
              - { at: 0s, do: launch, app: Player }
              - { at: 100ms, do: play, app: Player }
            expect:
              - { from: 200ms, to: 1s, port: USBAudio, audio: { tone: 1000, above: -15 }, channels: [1] }
              - { from: 200ms, to: 1s, port: Speaker, audio: silent }
            """)
        #expect(result.passed, "\(result.failureReport)")
    }

    @Test("input-tone names an input port; one the device cannot have is refused")
    func inputTone() throws {
        let scenario = try ScenarioFixtures.parse(Self.head + "\n  - { at: 1s, do: input-tone, port: USBAudio, channel: 2, tone: 440 }")
        guard case let .inputTone(port, channel, frequency) = scenario.steps.last?.action else {
            Issue.record("not an input tone")
            return
        }
        #expect(port == "USBAudio" && channel == 2 && frequency == 440)
        expectError(Self.head + "\n  - { at: 1s, do: input-tone, port: Speaker, tone: 440 }", line: 8, contains: "no input port named 'Speaker'")
        expectError(Self.head + "\n  - { at: 1s, do: input-tone, port: MicrophoneBuiltIn }", line: 8, contains: "needs the key 'tone'")
    }

    @Test("answering when no dialog shows is refused, and must be expected; one dialog per prompt")
    func answerWithoutDialog() throws {
        let text = """
            scenario: answer
            apps:
              Rec: { model: recorder }
            steps:
              - { at: 0s, do: launch, app: Rec }
              - { at: 1s, do: answer-permission, app: Rec, granted: true }
              - { at: 2s, do: request-permission, app: Rec }
              - { at: 2s, do: request-permission, app: Rec }
              - { at: 3s, do: answer-permission, app: Rec, granted: true }
            """
        let unexpected = try ScenarioFixtures.run(text)
        #expect(unexpected.failureReport.contains("test.yaml:6:5: step 2 (answer-permission at 1s) was refused: no record permission dialog is showing"),
                "\(unexpected.failureReport)")
        let expected = try ScenarioFixtures.run(text + "\nexpect:\n  - { at: 1s, app: Rec, refused: answer-permission }\n  - { at: 4s, app: Rec, state: { permission: granted } }")
        #expect(expected.passed, "\(expected.failureReport)")
        #expect(expected.trace.events.filter { $0.kind == "permission.dialog" }.count == 1)
        #expect(expected.trace.events.filter { $0.kind == "scenario.permission-response" }.count == 2, "both requests are answered")
    }
}

/// `file:` is found next to the scenario; a bad file is refused at its line. (That the working
/// directory does not matter is checked from the command line, in ScenarioCLITests.)
@Suite("Scenario app files")
struct ScenarioAppFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-files-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sounds"), withIntermediateDirectories: true)
        try TestToneFile.wav(frequency: 700).write(to: directory.appendingPathComponent("sounds/tone.wav"))
        try Data((0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: directory.appendingPathComponent("sounds/noise.wav"))
    }

    /// Writes a scenario whose app declaration ends with `app` into the temporary folder, and loads it.
    func load(_ app: String, expect: String = "") throws -> Scenario {
        let text = """
            scenario: file
            apps:
              Player: { model: media-player, \(app) }
            steps:
              - { at: 0s, do: launch, app: Player }
              - { at: 100ms, do: play, app: Player }
            expect:
            \(expect)
            """
        let file = directory.appendingPathComponent("s.yaml")
        try Data(text.utf8).write(to: file)
        return try Scenario.load(file: file.path)
    }

    func loadError(_ app: String) -> SourceError? {
        do { _ = try load(app); return nil } catch let error as SourceError { return error } catch { return nil }
    }

    @Test("a relative file is resolved next to the scenario, and played")
    func playsFile() throws {
        let scenario = try load("file: sounds/tone.wav",
                                expect: "  - { from: 200ms, to: 1s, port: Speaker, audio: { tone: 700, above: -15 } }")
        #expect(scenario.apps.first?.configuration.file?.path == directory.appendingPathComponent("sounds/tone.wav").standardizedFileURL.path)
        let result = try ScenarioRunner().run(scenario)
        #expect(result.passed, "\(result.failureReport)")
    }

    @Test("a missing or corrupt file is an error at its line and column")
    func badFiles() {
        let missing = loadError("file: sounds/none.wav")
        #expect(missing?.line == 3 && missing?.column == 40, "\(String(describing: missing))")
        #expect(missing?.message.contains("file 'sounds/none.wav' does not exist") == true, "\(String(describing: missing))")
        let corrupt = loadError("file: sounds/noise.wav")
        #expect(corrupt?.line == 3, "\(String(describing: corrupt))")
        #expect(corrupt?.message.contains("is not an audio file that can be played") == true, "\(String(describing: corrupt))")
        let both = loadError("file: sounds/tone.wav, tone: 300")
        #expect(both?.message.contains("either tone: or file:") == true, "\(String(describing: both))")
    }

    @Test("channel-assignments needs one port channel per channel played")
    func channelAssignments() throws {
        let scenario = try load("channel-assignments: [{ port: Speaker, channel: 2 }]",
                                expect: "  - { from: 200ms, to: 1s, port: Speaker, audio: { tone: 1000 }, channels: [2] }\n"
                                    + "  - { from: 200ms, to: 1s, port: Speaker, audio: silent, channels: [1] }")
        #expect(scenario.apps.first?.configuration.channelAssignments == [PortChannelReference(port: "Speaker", channel: 2)])
        let result = try ScenarioRunner().run(scenario)
        #expect(result.passed, "\(result.failureReport)")
        let tooMany = loadError("channel-assignments: [{ port: Speaker, channel: 1 }, { port: Speaker, channel: 2 }]")
        #expect(tooMany?.message.contains("lists 2 channel(s), but the app plays 1") == true, "\(String(describing: tooMany))")
        let noPort = loadError("channel-assignments: [{ port: HDMIOutput, channel: 1 }]")
        #expect(noPort?.message.contains("no output port named 'HDMIOutput'") == true, "\(String(describing: noPort))")
    }
}
