import BLEMIDI
import Testing

/// decode(encode(messages)) gives the messages back, for seeded random streams that mix channel
/// messages (with repeated statuses and times, so running status is used), System Common,
/// real-time, SysEx of every size (with real-time bytes inside), times that cross the 13-bit wrap,
/// and packet sizes from the minimum up.
@Suite("BLE-MIDI round trip")
struct BLEMIDIPropertyTests {
    @Test("MIDI-BLE-ALL-MIDI-TYPES: 2,000 random streams at random MTUs decode to the same messages at the same 13-bit times", arguments: 0..<4)
    func roundTrip(batch: UInt64) throws {
        var random = SplitMix64(seed: 20_261_122 &+ batch)
        for stream in 0..<500 {
            let messages = Self.randomStream(using: &random)
            let mtu = Int.random(in: 5...128, using: &random)
            let packets = encode(messages, mtu: mtu)
            #expect(packets.allSatisfy { $0.count <= mtu })
            var decoder = BLEMIDIDecoder()
            let decoded = try packets.flatMap { try decoder.decode($0) }
            let expected = Self.deliveryOrder(messages)
            #expect(decoded.count == expected.count, "stream \(stream) of batch \(batch), MTU \(mtu)")
            for (got, want) in zip(decoded, expected) {
                #expect(got.bytes == want.bytes)
                // Exact: the encoder only writes times the receiver reconstructs exactly (well inside 1 ms).
                #expect(got.timestamp == want.timestamp)
            }
            #expect(!decoder.isInsideSysEx)
        }
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
