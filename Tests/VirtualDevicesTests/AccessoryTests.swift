import Testing
@testable import VirtualDevices

@Suite("Accessories")
struct AccessoryTests {
    private func ports(_ spec: String) throws -> [Port] {
        Accessory(kind: try AccessoryKind(spec: spec)).ports
    }

    @Test("wired headphones and headset use Apple's port types and raw strings")
    func wired() throws {
        let headphones = try ports("wired-headphones")
        #expect(headphones.map(\.portType.rawValue) == ["Headphones"])
        #expect(headphones[0].uid == "Wired Headphones")
        #expect(headphones[0].channels.map(\.channelNumber) == [1, 2])
        let headset = try ports("wired-headset")
        #expect(headset.map(\.portType) == [.headphones, .headsetMic])
        #expect(headset[1].portType.rawValue == "MicrophoneWired")
    }

    @Test("USB interfaces have the requested channels, discrete labels and rates")
    func usb() throws {
        let big = try ports("usb-interface:18x20")
        #expect(big.map(\.direction) == [.input, .output])
        #expect(big[0].channels.count == 18 && big[1].channels.count == 20)
        #expect(big[1].channels.last?.channelLabel == .discrete(19))
        #expect(big[1].channels.last?.channelLabel.rawValue == UInt32(65_555))
        #expect(try ports("usb-interface:2x2@96000").first?.sampleRates == [96_000])
        #expect(try ports("usb-interface:0x2").map(\.direction) == [.output])
    }

    @Test("HDMI carries 2, 6 (5.1) or 8 (7.1) labelled channels", arguments: [
        (2, [ChannelLabel.left, .right]),
        (6, [.left, .right, .center, .lfeScreen, .leftSurround, .rightSurround]),
        (8, [.left, .right, .center, .lfeScreen, .leftSurround, .rightSurround, .rearSurroundLeft, .rearSurroundRight]),
    ])
    func hdmi(channels: Int, labels: [ChannelLabel]) throws {
        let port = try #require(try ports("hdmi:\(channels)").first)
        #expect(port.portType.rawValue == "HDMIOutput")
        #expect(port.channels.map(\.channelLabel) == labels)
        #expect(port.channels.map(\.channelName).last == "HDMI \(channels)")
    }

    @Test("Bluetooth: A2DP output, HFP both ways with voice processing, LE MIDI has no audio ports")
    func bluetooth() throws {
        #expect(try ports("bluetooth-a2dp").map(\.portType.rawValue) == ["BluetoothA2DPOutput"])
        let hfp = try ports("bluetooth-hfp")
        #expect(hfp.map(\.direction) == [.input, .output])
        #expect(hfp.allSatisfy { $0.portType == .bluetoothHFP && $0.hasHardwareVoiceCallProcessing })
        #expect(try ports("bluetooth-headphones").map(\.portType) == [.bluetoothA2DP, .bluetoothHFP, .bluetoothHFP])
        #expect(try ports("bluetooth-le-midi").isEmpty)
        #expect(Accessory(kind: .bluetoothLEMIDI).midiEndpointNames.count == 1)
    }

    @Test("AirPlay 1 and 2 receivers and car audio")
    func networkAndCar() throws {
        #expect(try ports("airplay:1").first?.uid.hasPrefix("AirPlay1-") == true)
        #expect(try ports("airplay").first?.portType == .airPlay)
        #expect(try ports("car-audio").map(\.portType) == [.carAudio, .carAudio])
    }

    @Test("UIDs are stable across runs and distinct per instance")
    func uids() throws {
        let first = Accessory(kind: .bluetoothA2DP, instance: 1).ports[0].uid
        #expect(first == Accessory(kind: .bluetoothA2DP, instance: 1).ports[0].uid)
        #expect(first != Accessory(kind: .bluetoothA2DP, instance: 2).ports[0].uid)
        #expect(first == "02:5C:4B:A2:00:01-tacl")
    }

    @Test("bad specs list what is valid", arguments: [
        ("usb", "Did you mean 'usb-interface'?"), ("hdmi:5", "hdmi:2, hdmi:6 (5.1) or hdmi:8 (7.1)"),
        ("usb-interface:4", "INxOUT"), ("usb-interface:2x2@12", "INxOUT"), ("airplay:3", "airplay:1 or airplay:2"),
        ("wired-headphones:2", "takes no parameter"), ("toaster", "Known accessories: wired-headphones"),
    ])
    func badSpecs(spec: String, message: String) {
        #expect { try AccessoryKind(spec: spec) } throws: { "\($0)".contains(message) }
    }
}
