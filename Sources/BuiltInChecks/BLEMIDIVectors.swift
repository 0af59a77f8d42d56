import BLEMIDI
import Conformance
import SimCore

/// What the BLE-MIDI codec checks (and the codec's own tests) are written in: packets and
/// messages from hex text, a stream decoded packet by packet, seeded random message streams.
enum BLEMIDIVectors {
    /// Bytes from hex text with optional spaces: `"A4 B4 90 3C 7F"`.
    static func bytes(_ hex: String) -> [UInt8] {
        guard let bytes = BLEMIDIHex.bytes(hex.filter { $0 != " " }) else { preconditionFailure("bad hex in a vector: \(hex)") }
        return bytes
    }

    /// A message from its time and hex bytes: `message(4660, "90 3C 7F")`.
    static func message(_ timestamp: UInt16, _ hex: String) -> BLEMIDIMessage {
        BLEMIDIMessage(timestamp: timestamp, bytes: bytes(hex))
    }

    /// `F0 01 02 … last F7`: a SysEx of counting data bytes, as several peers' vectors write them.
    static func countingSysEx(to last: UInt8) -> String {
        "F0 " + (1...last).map { BLEMIDIHex.byte($0) }.joined(separator: " ") + " F7"
    }

    /// Decodes packets in order with one decoder; a rejected packet contributes its error instead.
    struct StreamResult {
        var messages: [BLEMIDIMessage] = []
        var errors: [BLEMIDIError] = []
    }

    static func decodeStream(_ packets: [String], decoder: inout BLEMIDIDecoder) -> StreamResult {
        var result = StreamResult()
        for packet in packets {
            do {
                result.messages += try decoder.decode(bytes(packet))
            } catch {
                result.errors.append(error)
            }
        }
        return result
    }

    static func decodeStream(_ packets: String...) -> StreamResult {
        var decoder = BLEMIDIDecoder()
        return decodeStream(packets, decoder: &decoder)
    }

    static func encode(_ messages: [BLEMIDIMessage], mtu: Int) -> [[UInt8]] {
        var encoder = BLEMIDIEncoder(mtu: mtu)
        return encoder.encode(messages)
    }

    /// What a receiver delivers for `messages`: the real-time bytes inside a SysEx come out first,
    /// as messages of their own at the SysEx's time.
    static func deliveryOrder(_ messages: [BLEMIDIMessage]) -> [BLEMIDIMessage] {
        messages.flatMap { message -> [BLEMIDIMessage] in
            guard message.bytes.first == 0xF0 else { return [message] }
            let realTime = message.bytes.filter { $0 >= 0xF8 }.map { BLEMIDIMessage(timestamp: message.timestamp, bytes: [$0]) }
            return realTime + [BLEMIDIMessage(timestamp: message.timestamp, bytes: message.bytes.filter { $0 < 0xF8 })]
        }
    }

    /// A seeded random stream that mixes channel messages (with repeated statuses and times, so
    /// running status is used), System Common, real-time, SysEx of every size (with real-time
    /// bytes inside), and times that cross the 13-bit wrap.
    static func randomStream(using random: inout SplitMix64) -> [BLEMIDIMessage] {
        var time = UInt16.random(in: 0...8191, using: &random)
        return (0..<Int.random(in: 1...60, using: &random)).map { _ in
            // Mostly small steps (running status needs equal times), sometimes beyond a low-byte wrap.
            let step = [0, 0, 1, 5, 127, 128, 300, 4000].randomElement(using: &random)!
            time = UInt16((Int(time) + step) % 8192)
            return BLEMIDIMessage(timestamp: time, bytes: randomMessage(using: &random))
        }
    }

    static func randomMessage(using random: inout SplitMix64) -> [UInt8] {
        func data() -> UInt8 { UInt8.random(in: 0...0x7F, using: &random) }
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            let status = [0x90, 0x91, 0x80, 0xB0, 0xC3, 0xD0, 0xE8, 0xA2].randomElement(using: &random)!
            return status >= 0xC0 && status < 0xE0 ? [UInt8(status), data()] : [UInt8(status), data(), data()]
        case 5:
            return [[0xF1, data()], [0xF2, data(), data()], [0xF3, data()], [0xF6]].randomElement(using: &random)!
        case 6, 7:
            return [UInt8.random(in: 0xF8...0xFF, using: &random)]
        default:
            let length = [0, 1, 17, 18, 19, 200].randomElement(using: &random)!
            let body = (0..<length).map { _ in
                Int.random(in: 0..<20, using: &random) == 0 ? UInt8.random(in: 0xF8...0xFF, using: &random) : data()
            }
            return [0xF0] + body + [0xF7]
        }
    }
}
