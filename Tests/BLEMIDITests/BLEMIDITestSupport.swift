import BLEMIDI

/// Bytes from hex text with optional spaces: `"A4 B4 90 3C 7F"`.
func bytes(_ hex: String) -> [UInt8] {
    guard let bytes = BLEMIDIHex.bytes(hex.filter { $0 != " " }) else { fatalError("bad hex in a test: \(hex)") }
    return bytes
}

/// A message from its time and hex bytes: `message(4660, "90 3C 7F")`.
func message(_ timestamp: UInt16, _ hex: String) -> BLEMIDIMessage {
    BLEMIDIMessage(timestamp: timestamp, bytes: bytes(hex))
}

/// Decodes packets in order with one decoder; a rejected packet contributes its error instead.
struct StreamResult {
    var messages: [BLEMIDIMessage] = []
    var errors: [BLEMIDIError] = []
}

func decodeStream(_ packets: [String], decoder: inout BLEMIDIDecoder) -> StreamResult {
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

func decodeStream(_ packets: String...) -> StreamResult {
    var decoder = BLEMIDIDecoder()
    return decodeStream(packets, decoder: &decoder)
}

func encode(_ messages: [BLEMIDIMessage], mtu: Int) -> [[UInt8]] {
    var encoder = BLEMIDIEncoder(mtu: mtu)
    return encoder.encode(messages)
}

/// A tiny seeded generator (splitmix64), so the codec's tests need no other target.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
