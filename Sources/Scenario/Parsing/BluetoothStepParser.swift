import SimCore
import VirtualDevices

/// Reads the Bluetooth and MIDI steps: `ble-advertise`, `ble-scan`, `ble-connect`, `ble-pair`,
/// `ble-link-loss`, `ble-power-off`, `ble-power-on`, `midi-send`.
enum BluetoothStepParser {
    static let verbs = ["ble-advertise", "ble-scan", "ble-connect", "ble-pair", "ble-link-loss", "ble-power-off",
                        "ble-power-on", "midi-send"]
    static let keys = ["peer", "central", "name", "accept", "bytes", "note-on", "note-off", "velocity", "interval", "mtu"]

    static func step(_ verb: String, _ map: YAMLMapping) throws(SourceError) -> BluetoothStep {
        switch verb {
        case "ble-advertise":
            if map["peer"] == nil, let extra = map["interval"] ?? map["mtu"] {
                throw extra.error("interval: and mtu: describe a peer; the device's own advertising takes only name:")
            }
            if map["peer"] != nil, let name = map["name"] { throw name.error("name: is for the device's own advertising; a peer is named by peer:") }
            return .advertise(peer: try map["peer"]?.string("peer"), name: try map["name"]?.string("name"),
                              interval: try interval(map), mtu: try mtu(map))
        case "ble-scan": return .scan
        case "ble-connect":
            if let central = map["central"] {
                if let peer = map["peer"] { throw peer.error("ble-connect takes peer: (the device connects to it) or central: (it connects to the device), not both") }
                return .acceptCentral(try central.string("central"), interval: try interval(map), mtu: try mtu(map))
            }
            return .connect(peer: try peer(map))
        case "ble-pair": return .pair(peer: try peer(map), accept: try map.required("accept").bool("accept"))
        case "ble-link-loss": return .linkLoss(peer: try peer(map))
        case "ble-power-off": return .powerOff(peer: try peer(map))
        case "ble-power-on": return .powerOn(peer: try peer(map))
        default: return .midiSend(peer: try peer(map), messages: try messages(map))
        }
    }

    private static func peer(_ map: YAMLMapping) throws(SourceError) -> String {
        try map.required("peer").string("peer (the Bluetooth peer's name)")
    }

    private static func interval(_ map: YAMLMapping) throws(SourceError) -> HostDuration? {
        guard let value = map["interval"] else { return nil }
        let interval = try value.duration("interval")
        guard interval >= .microseconds(7_500), interval <= .seconds(4) else {
            throw value.error("interval \(interval) is outside Bluetooth LE's 7500us…4s")
        }
        return interval
    }

    private static func mtu(_ map: YAMLMapping) throws(SourceError) -> Int? {
        try map["mtu"]?.int("mtu (ATT MTU in bytes)", in: 23...517)
    }

    /// `bytes: "90 45 64"` (hex, one or more whole messages), or `note-on: A4` / `note-off: A4`
    /// with `velocity` (default 100 on, 0 off) and `channel` (1…16, default 1).
    private static func messages(_ map: YAMLMapping) throws(SourceError) -> [[UInt8]] {
        let forms = ["bytes", "note-on", "note-off"].filter { map[$0] != nil }
        guard forms.count == 1, let value = map[forms[0]] else {
            throw try map.required("do").error("midi-send needs exactly one of bytes:, note-on: or note-off:")
        }
        if forms[0] == "bytes" { return try bytes(value) }
        let note = try noteNumber(value)
        let channel = UInt8(try map["channel"]?.int("channel", in: 1...16) ?? 1) - 1
        let on = forms[0] == "note-on"
        let velocity = UInt8(try map["velocity"]?.int("velocity", in: 0...127) ?? (on ? 100 : 0))
        return [[(on ? 0x90 : 0x80) | channel, note, velocity]]
    }

    private static func bytes(_ value: YAMLValue) throws(SourceError) -> [[UInt8]] {
        let text = try value.string("bytes")
        var bytes: [UInt8] = []
        for word in text.split(separator: " ") {
            guard word.count == 2, let byte = UInt8(word, radix: 16) else {
                throw value.error("bytes '\(text)' must be hex bytes separated by spaces, like \"90 45 64\"")
            }
            bytes.append(byte)
        }
        guard let first = bytes.first, first & 0x80 != 0 else { throw value.error("bytes must start with a status byte (80…FF)") }
        return try MIDIByteMessages.split(bytes, at: value)
    }

    /// A note name: letter, optional `#` or `b`, octave −1…9 (C4 = 60, A4 = 69).
    static func noteNumber(_ value: YAMLValue) throws(SourceError) -> UInt8 {
        let text = try value.string("note")
        let letters: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]
        var rest = Substring(text)
        guard let letter = rest.first.flatMap({ letters[$0] }) else {
            throw value.error("note '\(text)' is not a note name like C4, F#3 or Bb2")
        }
        rest = rest.dropFirst()
        var accidental = 0
        if rest.first == "#" { accidental = 1; rest = rest.dropFirst() } else if rest.first == "b" { accidental = -1; rest = rest.dropFirst() }
        guard let octave = Int(rest), (-1...9).contains(octave) else {
            throw value.error("note '\(text)' needs an octave from -1 to 9, like C4")
        }
        let number = (octave + 1) * 12 + letter + accidental
        guard (0...127).contains(number) else { throw value.error("note '\(text)' is outside MIDI's 0…127") }
        return UInt8(number)
    }
}

/// Whole MIDI 1.0 messages in a scenario's bytes.
enum MIDIByteMessages {
    static func split(_ bytes: [UInt8], at value: YAMLValue) throws(SourceError) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            let status = bytes[index]
            guard status & 0x80 != 0 else { throw value.error("byte \(index + 1) is a data byte where a status byte belongs") }
            var length: Int
            switch status {
            case 0x80...0xBF, 0xE0...0xEF, 0xF2: length = 3
            case 0xC0...0xDF, 0xF1, 0xF3: length = 2
            case 0xF0: length = (bytes[index...].firstIndex(of: 0xF7).map { $0 - index + 1 }) ?? 0
            default: length = 1
            }
            guard length > 0, index + length <= bytes.count,
                  bytes[(index + 1)..<(index + length)].allSatisfy({ $0 & 0x80 == 0 || ($0 == 0xF7 && status == 0xF0) }) else {
                throw value.error("the message starting at byte \(index + 1) is incomplete")
            }
            messages.append(Array(bytes[index..<(index + length)]))
            index += length
        }
        return messages
    }
}
