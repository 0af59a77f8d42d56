import Testing
@testable import VirtualDevices

@Suite("Device profiles")
struct ProfileTests {
    @Test("the built-in profiles load: phone, tablet, computer")
    func builtIns() throws {
        #expect(DeviceProfile.builtInIDs == ["ipad", "iphone", "mac"])
        let phone = try DeviceProfile.load("iphone")
        #expect(phone.family == .phone)
        #expect(phone.builtInPorts.map(\.portType) == [.builtInReceiver, .builtInSpeaker, .builtInMic])
        #expect(phone.hardware.sampleRates == [48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 11_025, 8_000])
        let mic = try #require(phone.builtInPorts.first { $0.portType == .builtInMic })
        #expect(mic.dataSources?.map(\.dataSourceName) == ["Bottom", "Front", "Back"])
        #expect(mic.dataSources?[1].supportedPolarPatterns == [.omnidirectional, .cardioid, .subcardioid])
        #expect(mic.selectedDataSource?.dataSourceName == "Bottom")
        let tablet = try DeviceProfile.load("ipad")
        #expect(!tablet.builtInPorts.contains { $0.portType == .builtInReceiver }, "an iPad has no receiver")
        #expect(!tablet.hasRingSilentSwitch)
        #expect(try DeviceProfile.load("mac").family == .computer)
    }

    @Test("IO buffer sizes are the powers of two in the profile's range")
    func ioBuffers() throws {
        let hardware = try DeviceProfile.load("iphone").hardware
        #expect(hardware.supportedIOBufferFrames == [64, 128, 256, 512, 1024, 2048, 4096])
    }

    @Test("an unknown profile name suggests the closest one")
    func unknownName() {
        #expect { try DeviceProfile.load("iphon") } throws: { error in
            "\(error)".contains("did you mean 'iphone'") || "\(error)".contains("Did you mean 'iphone'")
        }
    }

    @Test("malformed profiles fail with file, line, column and the rule", arguments: [
        ("profile: x\nname: y\nfamily: phone\nconnectors: []\nhardware: [unclosed\n", "bad.yaml:", "invalid YAML"),
        (validProfile.replacingOccurrences(of: "sample-rates:", with: "sampel-rates:"), "bad.yaml:7:3",
         "unknown key 'sampel-rates' in hardware; did you mean 'sample-rates'?"),
        (validProfile.replacingOccurrences(of: "label: Left", with: "label: Lefft"), "bad.yaml:13:",
         "unknown channel label 'Lefft'; did you mean 'Left'?"),
        (validProfile.replacingOccurrences(of: "family: phone", with: "family: watch"), "bad.yaml:3:9",
         "unknown family 'watch'"),
        (validProfile.replacingOccurrences(of: "default-sample-rate: 48000", with: "default-sample-rate: 96000"),
         "bad.yaml:8:", "is not one of sample-rates"),
        (validProfile.replacingOccurrences(of: "type: Speaker", with: "type: Speakers"), "bad.yaml:10:",
         "did you mean 'Speaker'?"),
        ("", "bad.yaml", "empty"),
        ("- just\n- a list\n", "bad.yaml:1:1", "must be a mapping"),
    ])
    func malformed(text: String, location: String, message: String) {
        #expect { try DeviceProfile.parse(text, file: "bad.yaml") } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(location) && text.contains(message)
        }
    }

    @Test("a valid profile file from outside the package loads")
    func customProfile() throws {
        let profile = try DeviceProfile.parse(validProfile, file: "mine.yaml")
        #expect(profile.id == "mine")
        #expect(profile.builtInPorts.first?.channels.first?.owningPortUID == "Speaker")
    }
}

let validProfile = """
profile: mine
name: My phone
family: phone
connectors: [headphone-jack]
hardware:
  io-buffer-frames: { min: 64, max: 4096, default: 1024 }
  sample-rates: [48000]
  default-sample-rate: 48000
outputs:
  - type: Speaker
    uid: Speaker
    name: Speaker
    channels: [{ name: Speaker, label: Left }]
"""
