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

/// Universal MIDI Packets for MIDI 1.0 messages: channel voice as MIDI 1.0 (type 2) or MIDI 2.0
/// (type 4) words, system messages as type 1, System Exclusive as 7-bit SysEx (type 3), group 0.
enum UniversalMIDIPacket {
    static func words(for message: [UInt8], protocol: MIDIProtocolID) -> [UInt32] {
        guard let status = message.first else { return [] }
        let d1 = UInt32(message.count > 1 ? message[1] : 0), d2 = UInt32(message.count > 2 ? message[2] : 0)
        switch status {
        case 0x80...0xEF:
            if `protocol` == ._2_0 { return midi2ChannelVoice(status: status, d1: d1, d2: d2) }
            return [0x2000_0000 | UInt32(status) << 16 | d1 << 8 | d2]
        case 0xF0: return sysEx(Array(message.dropFirst().prefix { $0 != 0xF7 }))
        default: return [0x1000_0000 | UInt32(status) << 16 | d1 << 8 | d2]
        }
    }

    /// MIDI 2.0 channel voice messages, values scaled as the MIDI 2.0 translation rules say.
    private static func midi2ChannelVoice(status: UInt8, d1: UInt32, d2: UInt32) -> [UInt32] {
        let head = 0x4000_0000 | UInt32(status) << 16
        switch status & 0xF0 {
        case 0x80, 0x90:
            // A Note On with velocity 0 is a Note Off in MIDI 2.0.
            let off = status & 0xF0 == 0x80 || d2 == 0
            let opcode: UInt32 = off ? 0x80 : 0x90
            return [0x4000_0000 | (opcode | UInt32(status & 0x0F)) << 16 | d1 << 8, upscale(d2, bits: 7, to: 16) << 16]
        case 0xA0, 0xB0: return [head | d1 << 8, upscale(d2, bits: 7, to: 32)]
        case 0xC0: return [head, d1 << 24]
        case 0xD0: return [head, upscale(d1, bits: 7, to: 32)]
        default: return [head, upscale(d2 << 7 | d1, bits: 14, to: 32)]
        }
    }

    /// Min-center-max upscaling: 0 stays 0, the centre maps to the centre, the maximum to the maximum.
    static func upscale(_ value: UInt32, bits source: Int, to destination: Int) -> UInt32 {
        let shift = destination - source
        var result = UInt64(value) << UInt64(shift)
        guard value > 1 << (source - 1) else { return UInt32(truncatingIfNeeded: result) }
        let repeatBits = source - 1
        var repeated = UInt64(value) & ((1 << UInt64(repeatBits)) - 1)
        repeated = shift > repeatBits ? repeated << UInt64(shift - repeatBits) : repeated >> UInt64(repeatBits - shift)
        while repeated != 0 {
            result |= repeated
            repeated >>= UInt64(repeatBits)
        }
        return UInt32(truncatingIfNeeded: result)
    }

    private static func sysEx(_ data: [UInt8]) -> [UInt32] {
        var words: [UInt32] = []
        let chunks = stride(from: 0, to: max(data.count, 1), by: 6).map { Array(data[$0..<min($0 + 6, data.count)]) }
        for (index, chunk) in chunks.enumerated() {
            let kind: UInt32 = chunks.count == 1 ? 0 : index == 0 ? 1 : index == chunks.count - 1 ? 3 : 2
            var bytes = chunk + Array(repeating: 0, count: 6 - chunk.count)
            bytes = bytes.map { $0 & 0x7F }
            words.append(0x3000_0000 | kind << 20 | UInt32(chunk.count) << 16 | UInt32(bytes[0]) << 8 | UInt32(bytes[1]))
            words.append(UInt32(bytes[2]) << 24 | UInt32(bytes[3]) << 16 | UInt32(bytes[4]) << 8 | UInt32(bytes[5]))
        }
        return words
    }

    /// MIDI 1.0 messages from a packet's words (type 1, 2, 3 and 4; utility words are skipped).
    static func messages(from words: [UInt32]) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        var sysEx: [UInt8] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            let type = word >> 28
            let size = [1, 1, 1, 2, 2, 4, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4][Int(type)]
            defer { index += size }
            guard index + size <= words.count else { break }
            let status = UInt8(truncatingIfNeeded: word >> 16)
            let d1 = UInt8(truncatingIfNeeded: word >> 8) & 0x7F, d2 = UInt8(truncatingIfNeeded: word) & 0x7F
            switch type {
            case 1: messages.append(Array([status, d1, d2].prefix(MIDIMessageBytes.length(status: status))))
            case 2: messages.append(Array([status, d1, d2].prefix(MIDIMessageBytes.length(status: status))))
            case 3:
                let kind = (word >> 20) & 0xF, count = Int((word >> 16) & 0xF)
                let second = words[index + 1]
                let bytes = [UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
                             UInt8(truncatingIfNeeded: second >> 24), UInt8(truncatingIfNeeded: second >> 16),
                             UInt8(truncatingIfNeeded: second >> 8), UInt8(truncatingIfNeeded: second)]
                if kind == 0 || kind == 1 { sysEx = [0xF0] }
                sysEx += bytes.prefix(min(count, 6))
                if kind == 0 || kind == 3 { messages.append(sysEx + [0xF7]) }
            case 4: messages.append(downscale(status: status, word, words[index + 1]))
            default: break
            }
        }
        return messages
    }

    private static func downscale(status: UInt8, _ word: UInt32, _ data: UInt32) -> [UInt8] {
        let d1 = UInt8(truncatingIfNeeded: word >> 8) & 0x7F
        switch status & 0xF0 {
        case 0x80, 0x90: return [status, d1, UInt8(data >> 25)]
        case 0xA0, 0xB0: return [status, d1, UInt8(data >> 25)]
        case 0xC0: return [status, UInt8(data >> 24) & 0x7F]
        case 0xD0: return [status, UInt8(data >> 25)]
        default:
            let bend = data >> 18
            return [status, UInt8(bend & 0x7F), UInt8(bend >> 7)]
        }
    }
}
