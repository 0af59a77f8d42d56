import Foundation
import AudioToolbox
@testable import Scenario
import Testing
import VirtualDevices

/// `audio-components:` in app declarations: Info.plist `AudioComponents` entries, read with the
/// four-char codes and errors at their line and column.
@Suite("Audio components in app declarations")
struct AudioComponentsParsingTests {
    static func scenario(_ components: String) -> String {
        """
        scenario: c
        description: d
        apps:
          Synth:
            model: iaa-instrument
            audio-components:
        \(components)
        steps:
          - { at: 0s, do: launch, app: Synth }
        """
    }

    @Test("IAA-REGISTER-INFO-PLIST: type, subtype, manufacturer, name, version and tags become the app's declared components")
    func parses() throws {
        let scenario = try ScenarioFixtures.parse(Self.scenario("""
              - { type: auri, subtype: sine, manufacturer: Demo, name: "Demo: Sine", version: 65536, tags: [Synthesizer] }
              - { type: aurx, subtype: half, manufacturer: Demo, name: "Demo: Half", version: 1 }
        """))
        let components = try #require(scenario.app(named: "Synth")).configuration.audioComponents
        #expect(components.count == 2)
        #expect(components[0].description.componentType == kAudioUnitType_RemoteInstrument)
        #expect(components[0].description.componentSubType == 0x7369_6E65)
        #expect(components[0].version == 0x1_0000 && components[0].tags == ["Synthesizer"])
        #expect(components[1].description.componentType == kAudioUnitType_RemoteEffect)
    }

    @Test("bad entries fail at their line: a type that is not remote, a code that is not four characters, a duplicate, a missing name")
    func errors() {
        let cases: [(String, String)] = [
            ("      - { type: aufx, subtype: sine, manufacturer: Demo, name: n, version: 1 }", "component type"),
            ("      - { type: auri, subtype: sinewave, manufacturer: Demo, name: n, version: 1 }", "exactly four ASCII characters"),
            ("      - { type: auri, subtype: sine, manufacturer: Demo, version: 1 }", "name"),
            ("      - { type: auri, subtype: sine, manufacturer: Demo, name: n, version: 1 }\n      - { type: auri, subtype: sine, manufacturer: Demo, name: m, version: 1 }",
             "must be unique"),
        ]
        for (entry, fragment) in cases {
            let error = ScenarioFixtures.parseError(Self.scenario(entry))
            #expect(error?.description.contains(fragment) == true, "\(String(describing: error))")
            #expect(error?.description.hasPrefix("test.yaml:7:") == true || error?.description.hasPrefix("test.yaml:8:") == true,
                    "\(String(describing: error))")
        }
    }
}
