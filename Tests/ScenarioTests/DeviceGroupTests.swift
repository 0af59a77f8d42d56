@testable import Scenario
import SimCore
import Testing
import VirtualDevices

/// Scenarios that name several devices (`devices:`): how they are read, the located errors for
/// what cannot be read, and two devices talking over one Bluetooth LE link on one clock.
@Suite struct DeviceGroupTests {
    static func scenario(apps: String = "Keys: { model: midi-keys, device: Phone }\n  Synth: { model: synth, device: Tablet }",
                         steps: String, expect: String = "") -> String {
        """
        scenario: two
        duration: 3s
        devices:
          Phone: { device: iphone }
          Tablet: { device: ipad, platform: ios14 }
        apps:
          \(apps)
        steps:
          \(steps)
        expect:
          \(expect)
        """
    }

    /// Pairing both ways, then A4 from the phone's keyboard app at 2 s.
    static let pairedSteps = """
    - { at: 0s, do: launch, app: Keys }
      - { at: 0s, do: launch, app: Synth }
      - { at: 200ms, device: Phone, do: ble-advertise, name: Phone MIDI }
      - { at: 400ms, device: Tablet, do: ble-connect, peer: Phone MIDI }
      - { at: 800ms, device: Phone, do: ble-pair, peer: Tablet, accept: true }
    """

    @Test("each device's share holds its own apps, steps and expectations; the first share is the scenario")
    func sharesSplitByDevice() throws {
        let scenario = try ScenarioFixtures.parse(Self.scenario(steps: Self.pairedSteps))
        #expect(scenario.devices.map(\.name) == ["Phone", "Tablet"])
        let phone = scenario.devices[0].scenario, tablet = scenario.devices[1].scenario
        #expect(phone.apps.map(\.name) == ["Keys"])
        #expect(tablet.apps.map(\.name) == ["Synth"])
        #expect(phone.steps.map(\.verb) == ["launch", "ble-advertise", "ble-pair"])
        #expect(tablet.steps.map(\.verb) == ["launch", "ble-connect"])
        #expect(tablet.platform.description == "ios14")
        #expect(tablet.deviceProfile?.id == "ipad")
        #expect(scenario.apps.map(\.name) == ["Keys"])
    }

    @Test("an app, step or expectation without a device, or naming an unknown one, is an error at its line")
    func badDevicesAreLocated() {
        let cases: [(String, String)] = [
            (Self.scenario(apps: "Keys: { model: midi-keys }", steps: "- { at: 0s, do: launch, app: Keys }"), "needs the key 'device'"),
            (Self.scenario(steps: "- { at: 1s, do: ble-scan }"), "names its device:"),
            (Self.scenario(steps: "- { at: 1s, device: Watch, do: ble-scan }"), "unknown device (declare it under devices:) 'Watch'"),
            (Self.scenario(steps: "- { at: 1s, device: Tablet, do: launch, app: Keys }"), "app 'Keys' is on device 'Phone', not 'Tablet'"),
            (Self.scenario(steps: "- { at: 1s, device: Phone, do: ble-scan }", expect: "- { at: 1s, ble: scan }"), "names its device:"),
        ]
        for (text, message) in cases {
            let error = ScenarioFixtures.parseError(text)
            #expect(error?.message.contains(message) == true, "\(message): got \(String(describing: error))")
            #expect((error?.line ?? 0) > 0)
        }
        let oneDevice = ScenarioFixtures.parseError("""
        scenario: one
        devices:
          Phone: { device: iphone }
        """)
        #expect(oneDevice?.message.contains("two or more devices") == true)
        let topDevice = ScenarioFixtures.parseError("scenario: two\ndevice: ipad\ndevices:\n  A: { device: iphone }\n  B: { device: ipad }")
        #expect(topDevice?.message.contains("goes under each device") == true)
        let stepDeviceAlone = ScenarioFixtures.parseError("scenario: one\nsteps:\n  - { at: 1s, device: Phone, do: ble-scan }")
        #expect(stepDeviceAlone?.message.contains("unknown key 'device'") == true)
    }

    @Test("MIDI-BLE-PAIRING-ENFORCED: refused on one device, the link closes on both and neither sees a MIDI device or hears a note")
    func refusalOnEitherSideClosesBoth() throws {
        let result = try ScenarioFixtures.run(Self.scenario(steps: Self.pairedSteps + """

          - { at: 900ms, device: Tablet, do: ble-pair, peer: Phone MIDI, accept: false }
          - { at: 2s, do: note-on, app: Keys }
        """, expect: "- { from: 2s, to: 3s, device: Tablet, port: Speaker, audio: silent }"))
        let lines = result.trace.events
        #expect(lines.contains { $0.kind == "ble.disconnected" && $0.fields["reason"] == "pairing-refused" && $0.fields["simulated-device"] == "Phone" })
        #expect(lines.contains { $0.kind == "ble.disconnected" && $0.fields["reason"] == "pairing-refused" && $0.fields["simulated-device"] == "Tablet" })
        #expect(!lines.contains { $0.kind == "midi.device.added" })
        #expect(!lines.contains { $0.kind == "app.midi-keys.sent" })
        #expect(!lines.contains { $0.kind == "app.synth.midi-received" })
        #expect(result.failures.isEmpty, "\(result.failureReport)")
    }

    @Test("MIDI-BLE-EITHER-ROLE: the phone's note plays at the tablet's speaker; a link loss on one side drops both; the run is byte-identical again")
    func noteCrossesTheLinkDeterministically() throws {
        let text = Self.scenario(steps: Self.pairedSteps + """

          - { at: 900ms, device: Tablet, do: ble-pair, peer: Phone MIDI, accept: true }
          - { at: 2s, do: note-on, app: Keys }
          - { at: 2500ms, device: Tablet, do: ble-link-loss, peer: Phone MIDI }
        """, expect: """
        - { from: 2010ms, to: 2500ms, device: Tablet, port: Speaker, audio: { tone: 440, above: -10 } }
          - { at: 900ms, app: Keys, notification: msgObjectAdded }
          - { at: 900ms, app: Keys, notification: msgSetupChanged }
          - { at: 900ms, app: Synth, notification: msgObjectAdded }
          - { at: 900ms, app: Synth, notification: msgSetupChanged }
          - { at: 2500ms, app: Keys, notification: msgPropertyChanged }
          - { at: 2500ms, app: Synth, notification: msgPropertyChanged }
          - { at: 2500ms, app: Keys, notification: msgSetupChanged }
          - { at: 2500ms, app: Synth, notification: msgSetupChanged }
        """)
        let first = try ScenarioFixtures.run(text)
        #expect(first.failures.isEmpty, "\(first.failureReport)")
        let received = first.trace.events.first { $0.kind == "app.synth.midi-received" }
        #expect(received?.fields["bytes"] == "90 45 7F")
        // Sent at 2 s; the next 7.5 ms connection event, 1 ms processing, under 0.5 ms jitter.
        #expect(received.map { $0.time.nanoseconds > 2_000_000_000 && $0.time.nanoseconds <= 2_009_000_000 } == true)
        let drops = first.trace.events.filter { $0.kind == "ble.disconnected" }
        #expect(drops.map { $0.fields["simulated-device"] } == ["Tablet", "Phone"])
        #expect(drops.allSatisfy { $0.fields["reason"] == "link-loss" && $0.time == HostTime(nanoseconds: 2_500_000_000) })
        let again = try ScenarioFixtures.run(text)
        #expect(again.trace.jsonLines == first.trace.jsonLines)
    }
}
