/// Packs timestamped MIDI messages into BLE-MIDI packets of at most `mtu` bytes (the ATT MTU
/// minus 3: 20 with the default MTU of 23).
///
/// Each packet starts with a header carrying the high 6 bits of its first timestamp; every
/// message gets a timestamp byte, except that a channel message with the same status and the
/// same time as the channel message just before it in the packet goes out as running status
/// with neither status nor timestamp byte (Apple's and PipeWire's style). A message whose time
/// the packet cannot express (an earlier time, or more than one low-byte wrap ahead) starts a
/// new packet, so the decoder gets every timestamp back exactly. Only a System Exclusive is
/// split across packets: its continuation packets carry a header and data, and the real-time
/// bytes inside it go out as timestamped real-time messages. All timestamps of a SysEx are its
/// own (the time of its F7).
public struct BLEMIDIEncoder: Sendable {
    /// The largest packet, in bytes: at least 5, a header and the longest message with its timestamp.
    public let mtu: Int

    private var packet: PacketBuffer
    /// The latest timestamp byte's parts in the open packet (`low` is nil before the first one).
    private var high: UInt8 = 0
    private var low: UInt8?
    /// The status and time of the open packet's latest message, when it may be continued with
    /// running status.
    private var runningStatus: (status: UInt8, time: UInt16)?

    public init(mtu payload: Int = 20) {
        precondition(payload >= 5, "a BLE-MIDI packet needs room for a header, a timestamp and a 3-byte message")
        mtu = payload
        packet = PacketBuffer(capacity: payload)
    }

    /// The packets for `messages`, in order; the last packet is flushed. Every message must be
    /// well formed (`malformation == nil`).
    public mutating func encode(_ messages: [BLEMIDIMessage]) -> [[UInt8]] {
        var packets: [[UInt8]] = []
        encode(messages) { packets.append(Array($0)) }
        return packets
    }

    /// Encodes `messages`, handing each finished packet to `emit`: the allocation-free path.
    /// The buffer is valid only during the call.
    public mutating func encode(_ messages: [BLEMIDIMessage], emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if !isKnownUniquelyReferenced(&packet) { packet = PacketBuffer(capacity: mtu) }
        for index in messages.indices {
            messages[index].bytes.withUnsafeBufferPointer { bytes in
                let time = messages[index].timestamp
                precondition(BLEMIDIMessage.isWellFormed(bytes, timestamp: time), "BLEMIDIEncoder: \(messages[index].malformation ?? "")")
                if bytes[0] == 0xF0 {
                    encodeSysEx(bytes, at: time, emit: emit)
                } else {
                    encodeShort(bytes, at: time, emit: emit)
                }
            }
        }
        flush(emit)
    }

    private mutating func encodeShort(_ bytes: UnsafeBufferPointer<UInt8>, at time: UInt16, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let status = bytes[0]
        if let running = runningStatus, running.status == status, running.time == time, packet.count + bytes.count - 1 <= mtu {
            packet.append(UnsafeBufferPointer(rebasing: bytes[1...]))
            return
        }
        reserve(1 + bytes.count, at: time, emit: emit)
        appendTimestamp(time)
        packet.append(bytes)
        runningStatus = MIDIStatus.isChannelVoice(status) ? (status, time) : nil
    }

    private mutating func encodeSysEx(_ bytes: UnsafeBufferPointer<UInt8>, at time: UInt16, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        reserve(2, at: time, emit: emit)
        appendTimestamp(time)
        packet.append(0xF0)
        runningStatus = nil
        for byte in bytes[1..<(bytes.count - 1)] {
            if MIDIStatus.isRealTime(byte) {
                continueSysEx(needing: 2, at: time, emit: emit)
                appendTimestamp(time)
            } else {
                continueSysEx(needing: 1, at: time, emit: emit)
            }
            packet.append(byte)
        }
        continueSysEx(needing: 2, at: time, emit: emit)
        appendTimestamp(time)
        packet.append(0xF7)
    }

    /// Makes room for `count` bytes stamped `time`, in the open packet if it has the room and can
    /// express the time, else in a new packet.
    private mutating func reserve(_ count: Int, at time: UInt16, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if packet.count > 0, packet.count + count <= mtu, canExpress(time) { return }
        flush(emit)
        open(at: time)
    }

    /// Inside a SysEx: a full packet is followed by a continuation packet, a header whose data
    /// follows without a timestamp.
    @inline(__always)
    private mutating func continueSysEx(needing count: Int, at time: UInt16, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard packet.count + count > mtu else { return }
        flush(emit)
        open(at: time)
    }

    /// Whether a timestamp byte for `time` decodes to `time` after the open packet's latest one:
    /// the same high bits and no smaller low bits, or the next high bits with smaller low bits
    /// (the receiver counts one wrap).
    private func canExpress(_ time: UInt16) -> Bool {
        let nextHigh = BLEMIDITime.high(time), nextLow = BLEMIDITime.low(time)
        guard let low else { return nextHigh == high }
        return (nextHigh == high && nextLow >= low) || (nextHigh == (high &+ 1) & 0x3F && nextLow < low)
    }

    private mutating func open(at time: UInt16) {
        high = BLEMIDITime.high(time)
        low = nil
        runningStatus = nil
        packet.append(0x80 | high)
    }

    private mutating func appendTimestamp(_ time: UInt16) {
        high = BLEMIDITime.high(time)
        low = BLEMIDITime.low(time)
        packet.append(0x80 | BLEMIDITime.low(time))
    }

    private mutating func flush(_ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard packet.count > 0 else { return }
        emit(UnsafeBufferPointer(start: packet.bytes, count: packet.count))
        packet.count = 0
        runningStatus = nil
    }
}

/// The packet being filled: fixed storage of one MTU, written without checks (the encoder makes
/// room before it writes).
private final class PacketBuffer: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    var count = 0

    init(capacity: Int) { bytes = .allocate(capacity: capacity) }
    deinit { bytes.deallocate() }

    @inline(__always)
    func append(_ byte: UInt8) {
        bytes[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ data: UnsafeBufferPointer<UInt8>) {
        for byte in data { append(byte) }
    }
}
