import BLEMIDI

/// A recorded BLE-MIDI stream to decode, re-encode and copy: a performance's worth of typical
/// traffic (notes with running status, controllers, pitch bend, MIDI clock, now and then a SysEx
/// longer than a packet), encoded into 20-byte packets, kept back to back in one array.
public struct PacketStream: Sendable {
    public let messages: [BLEMIDIMessage]
    /// All packets' bytes, one after the other, and where each packet ends.
    public let bytes: [UInt8]
    public let packetEnds: [Int]
    public var packetCount: Int { packetEnds.count }
    /// The messages a receiver gets out of the stream (the real-time bytes inside SysEx count too).
    public let deliveredMessageCount: Int

    public init(messageCount: Int, mtu: Int = 20, seed: UInt64 = 2026) {
        var generator = SplitMix64(seed: seed)
        messages = Self.performance(messageCount, using: &generator)
        var encoder = BLEMIDIEncoder(mtu: mtu)
        var bytes: [UInt8] = [], ends: [Int] = []
        encoder.encode(messages) { packet in
            bytes.append(contentsOf: packet)
            ends.append(bytes.count)
        }
        self.bytes = bytes
        packetEnds = ends
        deliveredMessageCount = messages.reduce(0) { $0 + 1 + ($1.bytes.first == 0xF0 ? $1.bytes.filter { $0 >= 0xF8 }.count : 0) }
    }

    /// Calls `body` with each packet in order.
    @inline(__always)
    public func forEachPacket(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            for end in packetEnds {
                body(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }

    /// Decodes every packet with one decoder into one reused list; returns the messages decoded.
    public func decodeAll(_ decoder: inout BLEMIDIDecoder, into list: inout BLEMIDIMessageList) -> Int {
        var count = 0
        forEachPacket { packet in
            list.removeAll()
            do { try decoder.decode(packet, into: &list) } catch { fatalError("the recorded stream is valid: \(error)") }
            count += list.count
        }
        return count
    }

    /// The reference: copies every packet's bytes into one reused array, the same kind of storage
    /// the decoder writes its messages to. Returns the bytes copied.
    public func copyAll(into copy: inout [UInt8]) -> Int {
        var count = 0
        forEachPacket { packet in
            copy.removeAll(keepingCapacity: true)
            copy.append(contentsOf: packet)
            count += copy.count
        }
        return count
    }

    /// Encodes all messages again; returns the bytes of the packets made.
    public func encodeAll(_ encoder: inout BLEMIDIEncoder) -> Int {
        var count = 0
        encoder.encode(messages) { count += $0.count }
        return count
    }

    static func performance(_ count: Int, using generator: inout SplitMix64) -> [BLEMIDIMessage] {
        var time = 0
        var result: [BLEMIDIMessage] = []
        result.reserveCapacity(count)
        while result.count < count {
            time += Int(generator.next() % 4)  // a few events per millisecond, often several at once
            let timestamp = UInt16(time % 8192)
            let note = UInt8(36 + generator.next() % 48), value = UInt8(generator.next() % 128)
            let bytes: [UInt8]
            switch generator.next() % 100 {
            case 0..<40: bytes = [0x90, note, value | 1]
            case 40..<70: bytes = [0x80, note, 0]
            case 70..<82: bytes = [0xB0, 0x01, value]
            case 82..<88: bytes = [0xE0, 0x00, value]
            case 88..<98: bytes = [0xF8]
            default: bytes = [0xF0, 0x43, 0x10] + (0..<40).map { UInt8(($0 * 7) & 0x7F) } + [0xF7]
            }
            result.append(BLEMIDIMessage(timestamp: timestamp, bytes: bytes))
        }
        return result
    }
}

/// A seeded generator (splitmix64): the same stream in every run.
struct SplitMix64 {
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
