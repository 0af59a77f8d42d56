import Testing
import VirtualDevices

/// The profile's `acoustic-path` on an output port: what it plays reaches the built-in microphone.
@Suite("Device profiles: acoustic path")
struct AcousticPathProfileTests {
    static func profile(_ line: String) -> String { validProfile + "\n    acoustic-path: \(line)\n" }

    @Test("a speaker without a setting gets the default; a setting overrides either field; none removes it")
    func settings() throws {
        #expect(try DeviceProfile.parse(validProfile, file: "p.yaml").acousticPaths
            == [AcousticPath(outputUID: "Speaker", delayMilliseconds: 2, attenuationDecibels: 25)])
        #expect(try DeviceProfile.parse(Self.profile("{ attenuation-db: 30 }"), file: "p.yaml").acousticPaths
            == [AcousticPath(outputUID: "Speaker", delayMilliseconds: 2, attenuationDecibels: 30)])
        #expect(try DeviceProfile.parse(Self.profile("none"), file: "p.yaml").acousticPaths.isEmpty)
        let path = AcousticPath(outputUID: "Speaker", delayMilliseconds: 2, attenuationDecibels: 20)
        #expect(abs(path.gain - 0.1) < 1e-6)
        #expect(path.delayFrames(sampleRate: 16_000) == 32)
    }

    @Test("bad settings fail at their line and column with the rule", arguments: [
        ("{ delay-ms: -1 }", "p.yaml:14:", "delay-ms"),
        ("{ delay: 2 }", "p.yaml:14:", "unknown key 'delay'"),
        ("off", "p.yaml:14:", "acoustic-path"),
    ])
    func malformed(line: String, location: String, message: String) {
        #expect { try DeviceProfile.parse(Self.profile(line), file: "p.yaml") } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(location) && text.contains(message)
        }
    }
}
