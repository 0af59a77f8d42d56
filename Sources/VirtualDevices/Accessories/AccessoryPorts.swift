/// The ports each kind of accessory contributes, with names, UIDs and channel labels modelled on
/// what devices report (AVAudioSessionPortDescription, AVAudioSession.Port).
enum AccessoryPorts {
    static func make(_ kind: AccessoryKind, instance n: Int) -> [Port] {
        switch kind {
        case .wiredHeadphones:
            [headphones(uid: n == 1 ? "Wired Headphones" : "Wired Headphones \(n)")]
        case .wiredHeadset:
            [headphones(uid: n == 1 ? "Wired Headset" : "Wired Headset \(n)"),
             Port(portType: .headsetMic, direction: .input, portName: "Headset Microphone",
                  uid: n == 1 ? "Wired Microphone" : "Wired Microphone \(n)",
                  channelNames: [("Headset Microphone", .mono)], sampleRates: [48_000, 44_100])]
        case let .usbInterface(inputs, outputs, rates):
            usbInterface(inputs: inputs, outputs: outputs, rates: rates, instance: n)
        case let .hdmi(channels):
            [Port(portType: .HDMI, direction: .output, portName: "HDMI Output",
                  uid: "HDMIOutput-\(n)", channelNames: hdmiChannels(channels), sampleRates: [48_000, 44_100])]
        case .bluetoothA2DP:
            [a2dp(name: "Bluetooth Headphones \(n)", address: bluetoothAddress(0xA2, n))]
        case .bluetoothHFP:
            hfp(name: "Bluetooth Headset \(n)", address: bluetoothAddress(0xF0, n))
        case .bluetoothHeadphones:
            [a2dp(name: "Soundcheck Buds \(n)", address: bluetoothAddress(0xB0, n))]
                + hfp(name: "Soundcheck Buds \(n)", address: bluetoothAddress(0xB0, n))
        case .bluetoothLEMIDI:
            []
        case let .airPlay(version):
            [Port(portType: .airPlay, direction: .output, portName: "Living Room \(n)",
                  uid: "AirPlay\(version)-\(bluetoothAddress(0xAF, n))",
                  channelNames: [("Left", .left), ("Right", .right)], sampleRates: [44_100])]
        case .carAudio:
            [Port(portType: .carAudio, direction: .output, portName: "Car \(n)", uid: "CarAudio-Out-\(n)",
                  channelNames: [("Left", .left), ("Right", .right)], hasHardwareVoiceCallProcessing: true,
                  sampleRates: [48_000, 44_100]),
             Port(portType: .carAudio, direction: .input, portName: "Car \(n)", uid: "CarAudio-In-\(n)",
                  channelNames: [("Microphone", .mono)], hasHardwareVoiceCallProcessing: true,
                  sampleRates: [16_000, 48_000])]
        }
    }

    private static func headphones(uid: String) -> Port {
        Port(portType: .headphones, direction: .output, portName: "Headphones", uid: uid,
             channelNames: [("Headphones Left", .left), ("Headphones Right", .right)], sampleRates: [48_000, 44_100])
    }

    private static func usbInterface(inputs: Int, outputs: Int, rates: [Int], instance n: Int) -> [Port] {
        let name = "USB Audio \(inputs)x\(outputs)"
        var ports: [Port] = []
        if inputs > 0 {
            ports.append(Port(portType: .usbAudio, direction: .input, portName: name,
                              uid: "AppleUSBAudioEngine:Soundcheck:\(name):\(n):1",
                              channelNames: (0..<inputs).map { ("Input \($0 + 1)", .discrete(UInt16($0))) },
                              sampleRates: rates))
        }
        if outputs > 0 {
            ports.append(Port(portType: .usbAudio, direction: .output, portName: name,
                              uid: "AppleUSBAudioEngine:Soundcheck:\(name):\(n):2",
                              channelNames: (0..<outputs).map { ("Output \($0 + 1)", .discrete(UInt16($0))) },
                              sampleRates: rates))
        }
        return ports
    }

    /// HDMI channel order as Core Audio presents it: L R, then C LFE Ls Rs, then Rls Rrs.
    static func hdmiChannels(_ count: Int) -> [(String, ChannelLabel)] {
        let labels: [ChannelLabel] = [.left, .right, .center, .lfeScreen, .leftSurround, .rightSurround,
                                      .rearSurroundLeft, .rearSurroundRight]
        let layout = count == 2 ? [ChannelLabel.left, .right] : Array(labels.prefix(count))
        return layout.enumerated().map { ("HDMI \($0.offset + 1)", $0.element) }
    }

    private static func a2dp(name: String, address: String) -> Port {
        Port(portType: .bluetoothA2DP, direction: .output, portName: name, uid: "\(address)-tacl",
             channelNames: [("Left", .left), ("Right", .right)], sampleRates: [48_000, 44_100])
    }

    /// HFP carries one voice channel each way at wideband (16 kHz) or narrowband (8 kHz) rate.
    private static func hfp(name: String, address: String) -> [Port] {
        PortDirection.allCases.map { direction in
            Port(portType: .bluetoothHFP, direction: direction, portName: name, uid: "\(address)-tsco",
                 channelNames: [(direction == .input ? "Microphone" : "Speaker", .mono)],
                 hasHardwareVoiceCallProcessing: true, sampleRates: [16_000, 8_000])
        }
    }

    /// A stable, locally administered MAC-style address for the `instance`th accessory of a kind.
    private static func bluetoothAddress(_ kindByte: UInt8, _ instance: Int) -> String {
        let bytes: [UInt8] = [0x02, 0x5C, 0x4B, kindByte, UInt8(truncatingIfNeeded: instance >> 8),
                              UInt8(truncatingIfNeeded: instance)]
        return bytes.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + hex : hex
        }.joined(separator: ":")
    }
}
