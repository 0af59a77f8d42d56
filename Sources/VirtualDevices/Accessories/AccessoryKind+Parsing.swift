import SimCore

extension AccessoryKind {
    /// Parses a spec such as `usb-interface:4x4` or `hdmi:8`.
    public init(spec: String) throws(AccessorySpecError) {
        let parts = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let parameter = parts.count > 1 ? String(parts[1]) : nil
        switch name {
        case "wired-headphones": self = .wiredHeadphones
        case "wired-headset": self = .wiredHeadset
        case "usb-interface": self = try Self.usbInterface(parameter ?? "2x2", spec: spec)
        case "hdmi":
            guard let channels = Int(parameter ?? "2"), [2, 6, 8].contains(channels) else {
                throw .badParameter(spec: spec, expected: "hdmi:2, hdmi:6 (5.1) or hdmi:8 (7.1)")
            }
            self = .hdmi(channels: channels)
        case "bluetooth-a2dp": self = .bluetoothA2DP
        case "bluetooth-hfp": self = .bluetoothHFP
        case "bluetooth-headphones": self = .bluetoothHeadphones
        case "bluetooth-le-midi": self = .bluetoothLEMIDI
        case "airplay":
            guard let version = Int(parameter ?? "2"), [1, 2].contains(version) else {
                throw .badParameter(spec: spec, expected: "airplay:1 or airplay:2")
            }
            self = .airPlay(version: version)
        case "car-audio": self = .carAudio
        default: throw .unknownAccessory(spec: spec, known: Self.names.map(\.name))
        }
        if parameter != nil, !Self.takesParameter(name) {
            throw .badParameter(spec: spec, expected: "\(name) (it takes no parameter)")
        }
    }

    private static func takesParameter(_ name: String) -> Bool {
        ["usb-interface", "hdmi", "airplay"].contains(name)
    }

    private static func usbInterface(_ parameter: String, spec: String) throws(AccessorySpecError) -> AccessoryKind {
        let expected = "usb-interface:INxOUT[@RATE,…], 1…64 channels each way, e.g. usb-interface:18x20@44100,48000"
        let sides = parameter.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let counts = sides[0].split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard counts.count == 2, let inputs = counts[0], let outputs = counts[1],
              (0...64).contains(inputs), (0...64).contains(outputs), inputs + outputs > 0
        else { throw .badParameter(spec: spec, expected: expected) }
        var rates = [44_100, 48_000]
        if sides.count == 2 {
            let parsed = sides[1].split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard !parsed.isEmpty, parsed.allSatisfy({ ($0 ?? 0) >= 8_000 && ($0 ?? 0) <= 384_000 })
            else { throw .badParameter(spec: spec, expected: expected) }
            rates = parsed.compactMap { $0 }
        }
        return .usbInterface(inputs: inputs, outputs: outputs, sampleRates: rates)
    }
}

/// Why an accessory spec could not be understood; the message lists what would have been.
public enum AccessorySpecError: Error, Equatable, CustomStringConvertible {
    case unknownAccessory(spec: String, known: [String])
    case badParameter(spec: String, expected: String)

    public var description: String {
        switch self {
        case let .unknownAccessory(spec, known):
            let name = spec.split(separator: ":").first.map(String.init) ?? spec
            let hint = closestName(to: name, among: known).map { " Did you mean '\($0)'?" } ?? ""
            return "unknown accessory '\(spec)'.\(hint) Known accessories: \(known.joined(separator: ", "))"
        case let .badParameter(spec, expected):
            return "bad accessory '\(spec)': expected \(expected)"
        }
    }
}
