@testable import Scenario
import SimCore
import Testing
import VirtualDevices

/// The Bluetooth and MIDI steps and expectations: what they read, and the located errors for
/// what they cannot.
@Suite struct BluetoothStepParsingTests {
    static func scenario(_ step: String, expect: String = "") -> String {
        """
        scenario: ble
        duration: 3s
        steps:
          \(step)
        expect:
        \(expect)
        """
    }

    func error(_ text: String) -> SourceError? { ScenarioFixtures.parseError(text) }

    func sent(_ scenario: Scenario) -> [[UInt8]]? {
        guard case let .bluetooth(.midiSend("Keys", messages))? = scenario.steps.first?.action else { return nil }
        return messages
    }

    @Test("note names, velocities and channels become MIDI bytes; hex bytes split into whole messages")
    func midiSendReadsNotesAndBytes() throws {
        let note = try ScenarioFixtures.parse(Self.scenario("- { at: 1s, do: midi-send, peer: Keys, note-on: F#3, velocity: 90, channel: 10 }"))
        #expect(sent(note) == [[0x99, 54, 90]])
        let off = try ScenarioFixtures.parse(Self.scenario("- { at: 1s, do: midi-send, peer: Keys, note-off: C-1 }"))
        #expect(sent(off) == [[0x80, 0, 0]])
        let bytes = try ScenarioFixtures.parse(Self.scenario(#"- { at: 1s, do: midi-send, peer: Keys, bytes: "C0 05 F0 01 02 F7 F8" }"#))
        #expect(sent(bytes) == [[0xC0, 5], [0xF0, 1, 2, 0xF7], [0xF8]])
    }

    @Test("bad notes, bytes, missing answers and unknown radio events are errors at their line")
    func badInputIsLocated() {
        let cases: [(String, String)] = [
            ("- { at: 1s, do: midi-send, peer: Keys, note-on: H4 }", "is not a note name"),
            ("- { at: 1s, do: midi-send, peer: Keys, note-on: C10 }", "octave from -1 to 9"),
            ("- { at: 1s, do: midi-send, peer: Keys, note-on: G#9 }", "outside MIDI's 0…127"),
            (#"- { at: 1s, do: midi-send, peer: Keys, bytes: "90 3C" }"#, "incomplete"),
            (#"- { at: 1s, do: midi-send, peer: Keys, bytes: "3C 40" }"#, "status byte"),
            (#"- { at: 1s, do: midi-send, peer: Keys, bytes: "9G" }"#, "hex bytes"),
            ("- { at: 1s, do: midi-send, peer: Keys }", "exactly one of bytes:, note-on: or note-off:"),
            ("- { at: 1s, do: ble-pair, peer: Keys }", "accept"),
            ("- { at: 1s, do: ble-advertise, peer: Keys, interval: 2ms }", "7500us"),
            ("- { at: 1s, do: ble-advertise, peer: Keys, mtu: 10 }", "mtu"),
            ("- { at: 1s, do: ble-advertise, interval: 10ms }", "describe a peer"),
            ("- { at: 1s, do: ble-connect, peer: Keys, central: Mac }", "not both"),
        ]
        for (step, fragment) in cases {
            let found = error(Self.scenario(step))
            #expect(found?.line == 4, "\(step): \(String(describing: found))")
            #expect(found?.message.contains(fragment) == true, "\(step): \(String(describing: found))")
        }
        let expectation = error(Self.scenario("- { at: 1s, do: ble-scan }", expect: "  - { ble: pairing-maybe, peer: Keys }"))
        #expect(expectation?.line == 6)
        #expect(expectation?.message.contains("pairing-refused") == true, "the choices are listed: \(String(describing: expectation))")
    }

    @Test("ble: expectations match the radio's trace lines with peer and reason")
    func bluetoothExpectations() throws {
        let scenario = try ScenarioFixtures.parse(Self.scenario("- { at: 1s, do: ble-scan }",
                                                                expect: "  - { at: 2s, ble: disconnected, peer: Keys, reason: idle }"))
        guard case let .event(pattern) = scenario.expectations.first?.kind else { Issue.record("not an event expectation"); return }
        #expect(pattern.kind == "ble.disconnected")
        #expect(pattern.summary == "ble.disconnected peer=Keys reason=idle")
    }
}
