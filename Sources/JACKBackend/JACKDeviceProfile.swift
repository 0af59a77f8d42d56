import VirtualDevices

/// A JACK server's physical ports as a device profile: each client that owns physical ports
/// (`system` for an ALSA card) becomes one output port and one input port, with a channel per
/// JACK port, at the server's rate and period. A USB audio interface (its ports' ALSA aliases
/// name USB) is a `USBAudio` port, so a real 18-in, 20-out interface shows as USBAudio with 20
/// output and 18 input channels; anything else is `LineOut` / `LineIn`.
///
/// `yaml` writes it in the profile-file format (`Sources/VirtualDevices/Profiles/*.yaml`), so a
/// scenario can name the file as its `device:`.
public struct JACKDeviceProfile: Sendable {
    public struct Group: Sendable {
        public var client: String
        public var ports: [String]
        public var isUSB: Bool
    }

    public var server: String
    public var sampleRate: Int
    public var periodFrames: Int
    /// Playback ports (the device's outputs) and capture ports (its inputs), by client.
    public var outputs: [Group]
    public var inputs: [Group]

    public init(client: JACKClient) {
        server = client.serverDisplayName
        sampleRate = client.sampleRate
        periodFrames = client.periodFrames
        outputs = Self.groups(client.physicalPlaybackPorts, client: client)
        inputs = Self.groups(client.physicalCapturePorts, client: client)
    }

    private static func groups(_ ports: [String], client: JACKClient) -> [Group] {
        var groups: [Group] = []
        for port in ports {
            let owner = String(port.prefix { $0 != ":" })
            let usb = client.alias(of: port)?.localizedCaseInsensitiveContains("usb") ?? false
            if let index = groups.firstIndex(where: { $0.client == owner }) {
                groups[index].ports.append(port)
                groups[index].isUSB = groups[index].isUSB || usb
            } else {
                groups.append(Group(client: owner, ports: [port], isUSB: usb))
            }
        }
        return groups
    }

    /// The profile's short name: `jack-` and the server name, in letters, digits and dashes.
    public var id: String {
        "jack-" + String(server.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    /// The profile file's text.
    public var yaml: String {
        let frames = 1 << (Int.bitWidth - 1 - max(1, periodFrames).leadingZeroBitCount)   // a power of two, ≤ the period
        var lines = [
            "# The physical ports of the JACK server '\(server)' at \(sampleRate) Hz and \(periodFrames) frames per period,",
            "# written by `soundcheck devices --from-jack`. Runs through JACK use the server's rate and period.",
            "profile: \(id)",
            "name: \(quoted("JACK server \(server)"))",
            "family: computer",
            "connectors: [dock, bluetooth, network]",
            "hardware:",
            "  sample-rates: [\(sampleRate)]",
            "  default-sample-rate: \(sampleRate)",
            "  io-buffer-frames: { min: \(frames), max: \(frames), default: \(frames) }",
        ]
        for (key, groups, isOutput) in [("outputs", outputs, true), ("inputs", inputs, false)] where !groups.isEmpty {
            lines.append("\(key):")
            for group in groups {
                let type = group.isUSB ? (isOutput ? PortType.usbAudio : .usbAudio) : (isOutput ? .lineOut : .lineIn)
                lines.append("  - type: \(type.rawValue)")
                lines.append("    name: \(quoted(group.client))")
                lines.append("    uid: \(quoted("jack:\(group.client):\(isOutput ? "playback" : "capture")"))")
                lines.append("    channels:")
                for (index, port) in group.ports.enumerated() {
                    let short = String(port.drop { $0 != ":" }.dropFirst())
                    lines.append("      - { name: \(quoted(short)), label: \(label(index, of: group.ports.count)) }")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func label(_ index: Int, of count: Int) -> String {
        switch (count, index) {
        case (1, _): "Mono"
        case (2, 0): "Left"
        case (2, 1): "Right"
        default: "Discrete_\(index)"
        }
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
