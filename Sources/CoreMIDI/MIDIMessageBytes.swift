/// MIDI 1.0 byte streams cut into whole messages, the unit the server carries.
enum MIDIMessageBytes {
    /// The length of a message starting with `status` (SysEx: up to its F7).
    static func length(status: UInt8) -> Int {
        switch status {
        case 0x80...0xBF, 0xE0...0xEF, 0xF2: 3
        case 0xC0...0xDF, 0xF1, 0xF3: 2
        default: 1
        }
    }

    /// Splits a packet's bytes into messages. Running status is expanded; stray data bytes and
    /// a truncated last message are dropped, as Core MIDI drops them.
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        var index = 0
        var running: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xF0 {
                let end = bytes[index...].firstIndex(of: 0xF7) ?? bytes.count - 1
                messages.append(Array(bytes[index...end]))
                index = end + 1
                running = nil
                continue
            }
            let status: UInt8
            if byte & 0x80 != 0 {
                status = byte
                index += 1
                if byte < 0xF0 { running = byte } else if byte < 0xF8 { running = nil }
            } else if let running {
                status = running
            } else {
                index += 1
                continue
            }
            let dataCount = length(status: status) - 1
            guard index + dataCount <= bytes.count else { break }
            messages.append([status] + bytes[index..<(index + dataCount)])
            index += dataCount
        }
        return messages
    }
}
